import { format } from '#gateway/i18n/index.ts'
import type { SandboxTransaction } from '#gateway/store.ts'
import { html } from './html.ts'
import { layout, type PageContext } from './layout.ts'
import { cancelForm, paymentSummary } from './parts.ts'
import { monogram } from './payment-page.ts'

/**
 * The sandbox bank (or wallet) page: where a real bank would ask for a login or an approval,
 * the customer chooses how the payment ends.
 */
export function bankPage(
  context: PageContext,
  transaction: SandboxTransaction,
  merchantName: string,
  institution: string,
  parentOrigin?: string,
): string {
  const t = context.language.messages
  const payPath = `${context.base}/pay/${transaction.id}`
  const outcome = (value: 'success' | 'failure', label: string) =>
    html`<form method="post" action="${payPath}/bank" data-guard>
      <input type="hidden" name="outcome" value="${value}" />
      <button
        type="submit"
        class="gw-button gw-button--block gw-button--${value}"
        data-processing="${t.processing}"
      >
        ${label}
      </button>
    </form>`
  const heading = format(t.bankPageHeading, { bank: institution })
  const main = html`<div class="gw-bank">
    <div class="gw-bank__head">
      <span class="gw-tile__mark gw-bank__mark" data-tone="0" aria-hidden="true"
        >${monogram(institution)}</span
      >
      <h1 class="gw-title gw-bank__title">${heading}</h1>
    </div>
    <p class="gw-bank__intro">${t.bankPageIntro}</p>
    ${paymentSummary(context.language, transaction, merchantName, { heading: false })}
    <div class="gw-bank__actions">
      ${outcome('success', t.bankSuccess)} ${outcome('failure', t.bankFailure)}
    </div>
    ${cancelForm(t, `${payPath}/cancel`)}
  </div>`
  return layout(context, {
    title: heading,
    main,
    languageForm: { method: 'post', action: `${payPath}/language`, hidden: { return: 'bank' } },
    data: { 'parent-origin': parentOrigin },
  })
}
