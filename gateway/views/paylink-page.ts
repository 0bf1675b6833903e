import { paymentAmount } from '#core/currency/currencies.ts'
import { format } from '#gateway/i18n/index.ts'
import type { SandboxPaylink } from '#gateway/paylinks/table.ts'
import { html, type SafeHtml } from './html.ts'
import { icons } from './icons.ts'
import { layout, type PageContext } from './layout.ts'
import { field } from './payment-page.ts'
import { validationTestAccounts } from '#gateway/paylinks/beneficiary.ts'

/** A validated link's payer account the bank refused: what was typed, and why. */
export interface RefusedPayer {
  account: string
  ifsc: string
  reason: 'malformed' | 'not-found' | 'name-mismatch'
}

/** Why a link cannot be paid now, when it cannot. */
export type PaylinkState = 'open' | 'paid' | 'expired' | 'cancelled' | 'held' | 'tried'

/** A date and time on the page in its language, India's time (the merchant's). */
export function dateTimeIn(language: string, instant: Date): string {
  return new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  }).format(instant)
}

/**
 * A payment link's page (`/l/<code>`): who asks for how much and what for, then a Pay button (a
 * plain form that opens the hosted payment page), or why the link can no longer be paid.
 */
export function paylinkPage(
  context: PageContext,
  link: SandboxPaylink,
  merchantName: string,
  state: PaylinkState,
  refused?: RefusedPayer,
): string {
  const { language } = context
  const t = language.messages
  const path = `${context.base}/l/${link.code}`
  const amount = paymentAmount(link, language.code)
  const main = html`<div class="gw-bank gw-scan">
    <div class="gw-bank__head">
      <span class="gw-scan__mark" aria-hidden="true">${icons.lock()}</span>
      <h1 class="gw-title gw-bank__title">${t.paylinkTitle}</h1>
    </div>
    <p class="gw-bank__intro">${format(t.paylinkIntro, { merchant: merchantName })}</p>
    <section class="gw-card gw-summary" aria-labelledby="gw-summary-heading">
      <h2 id="gw-summary-heading" class="gw-visually-hidden">${t.summaryHeading}</h2>
      <dl class="gw-summary__list">
        <div class="gw-summary__row">
          <dt>${t.merchantLabel}</dt>
          <dd class="gw-summary__merchant">${merchantName}</dd>
        </div>
        <div class="gw-summary__row">
          <dt>${t.paylinkDescriptionLabel}</dt>
          <dd>${link.description}</dd>
        </div>
        ${
          link.expireAt && state === 'open'
            ? html`<div class="gw-summary__row">
                <dt>${t.paylinkPayByLabel}</dt>
                <dd>${dateTimeIn(language.code, link.expireAt)}</dd>
              </div>`
            : ''
        }
        <div class="gw-summary__row gw-summary__row--amount">
          <dt>${t.amountLabel}</dt>
          <dd class="gw-summary__amount">${amount}</dd>
        </div>
      </dl>
    </section>
    ${
      state === 'open'
        ? html`<form method="post" action="${path}/pay" data-guard>
            <input type="hidden" name="lang" value="${language.code}" />
            ${link.validateBeneficiary ? payerAccount(context, refused) : ''}
            <button
              type="submit"
              class="gw-button gw-button--primary gw-button--block"
              data-processing="${t.processing}"
            >
              ${format(t.payButton, { amount })}
            </button>
          </form>`
        : closedNotice(context, link, merchantName, state)
    }
  </div>`
  return layout(context, {
    title: t.paylinkTitle,
    main,
    languageForm: { method: 'get', action: path, hidden: {} },
  })
}

function closedNotice(
  context: PageContext,
  link: SandboxPaylink,
  merchant: string,
  state: Exclude<PaylinkState, 'open'>,
): SafeHtml {
  const t = context.language.messages
  const when = link.endedAt ? dateTimeIn(context.language.code, link.endedAt) : ''
  const notice = {
    paid: { heading: t.paylinkPaidHeading, text: format(t.paylinkPaidText, { date: when }) },
    expired: {
      heading: t.paylinkExpiredHeading,
      text: format(t.paylinkExpiredText, { date: when, merchant }),
    },
    cancelled: {
      heading: t.paylinkCancelledHeading,
      text: format(t.paylinkCancelledText, { merchant }),
    },
    held: { heading: t.paylinkHeldHeading, text: t.paylinkHeldText },
    tried: { heading: t.paylinkTitle, text: format(t.paylinkTriedText, { merchant }) },
  }[state]
  return html`<section class="gw-card gw-result" role="status" aria-labelledby="gw-link-state">
    <h2 id="gw-link-state" class="gw-card__title">${notice.heading}</h2>
    <p>${notice.text}</p>
  </section>`
}

/** A validated link's fields: the account the payer pays from, which their bank confirms first. */
function payerAccount(context: PageContext, refused: RefusedPayer | undefined): SafeHtml {
  const t = context.language.messages
  const error = refused
    ? {
        malformed: t.paylinkAccountMalformed,
        'not-found': t.paylinkAccountNotFound,
        'name-mismatch': t.paylinkNameMismatch,
      }[refused.reason]
    : undefined
  const [notFound, otherHolder] = validationTestAccounts.map((test) => test.account)
  return html`<fieldset class="gw-card gw-payer">
    <legend class="gw-card__title">${t.paylinkAccountLegend}</legend>
    <p class="gw-field__hint">${t.paylinkAccountHint}</p>
    ${field({
      id: 'gw-payer-account',
      name: 'account',
      label: t.paylinkAccountLabel,
      value: refused?.account,
      error,
      attributes: html`inputmode="numeric" autocomplete="off" required maxlength="18"`,
    })}
    ${field({
      id: 'gw-payer-ifsc',
      name: 'ifsc',
      label: t.paylinkIfscLabel,
      value: refused?.ifsc,
      hint: format(t.paylinkTestAccounts, { notFound: notFound!, otherHolder: otherHolder! }),
      attributes: html`autocomplete="off" autocapitalize="characters" required maxlength="11"`,
    })}
  </fieldset>`
}
