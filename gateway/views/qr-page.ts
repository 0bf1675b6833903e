import { format } from '#gateway/i18n/index.ts'
import { testUpiIds } from '#gateway/methods.ts'
import type { SandboxTransaction } from '#gateway/store.ts'
import { html, type SafeHtml } from './html.ts'
import { icons } from './icons.ts'
import { layout, type PageContext } from './layout.ts'
import { cancelForm, paymentSummary } from './parts.ts'

export type ScanKind = 'UPI' | 'PG'

/**
 * The sandbox scan page: what a phone opens after scanning one of the sandbox's QR codes.
 * For a UPI QR it stands in for the UPI app (the test UPI IDs pay); for a PG QR it leads to
 * the hosted payment page of the same payment. Plain forms and a link: no script needed.
 */
export function qrScanPage(
  context: PageContext,
  transaction: SandboxTransaction,
  merchantName: string,
  kind: ScanKind,
): string {
  const t = context.language.messages
  const qrPath = `${context.base}/qr/${transaction.id}`
  const payPath = `${context.base}/pay/${transaction.id}`
  const title = kind === 'UPI' ? t.qrUpiTitle : t.qrPgTitle
  const main = html`<div class="gw-bank gw-scan">
    <div class="gw-bank__head">
      <span class="gw-scan__mark" aria-hidden="true"
        >${kind === 'UPI' ? icons.upi() : icons.lock()}</span
      >
      <h1 class="gw-title gw-bank__title">${title}</h1>
    </div>
    <p class="gw-bank__intro">${kind === 'UPI' ? t.qrUpiIntro : t.qrPgIntro}</p>
    ${paymentSummary(context.language, transaction, merchantName, { heading: false })}
    ${kind === 'UPI' ? upiChoices(context, qrPath) : html`<a class="gw-button gw-button--primary gw-button--block" href="${payPath}">${t.qrPgButton}</a>`}
    ${cancelForm(t, `${payPath}/cancel`)}
  </div>`
  return layout(context, {
    title,
    main,
    languageForm: { method: 'post', action: `${payPath}/language`, hidden: { return: 'qr' } },
  })
}

function upiChoices(context: PageContext, qrPath: string): SafeHtml {
  const t = context.language.messages
  const outcome = {
    success: t.testUpiSuccess,
    failure: t.testUpiFailure,
    pending: t.testUpiPending,
    late: t.testUpiLate,
  }
  const tone = { success: 'success', failure: 'failure', pending: 'pending', late: 'pending' }
  return html`<section class="gw-card gw-scan__choices" aria-labelledby="gw-scan-heading">
    <h2 id="gw-scan-heading" class="gw-card__title">${t.qrUpiHeading}</h2>
    <ul class="gw-scan__list">
      ${testUpiIds.map(
        (upi) =>
          html`<li>
            <form method="post" action="${qrPath}/upi" data-guard>
              <input type="hidden" name="vpa" value="${upi.vpa}" />
              <button
                type="submit"
                class="gw-button gw-button--block gw-button--${tone[upi.outcome]}"
                aria-describedby="gw-scan-${upi.outcome}"
                data-processing="${t.processing}"
              >
                ${format(t.qrPayAs, { vpa: upi.vpa })}
              </button>
              <p class="gw-scan__outcome" id="gw-scan-${upi.outcome}">${outcome[upi.outcome]}</p>
            </form>
          </li>`,
      )}
    </ul>
  </section>`
}
