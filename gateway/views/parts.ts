import type { Messages } from '#gateway/i18n/index.ts'
import type { SandboxTransaction } from '#gateway/store.ts'
import { formatAmount } from './format.ts'
import { html, type SafeHtml } from './html.ts'

/** Merchant, order id and amount: shown on every page of a payment. */
export function paymentSummary(
  t: Messages,
  transaction: SandboxTransaction,
  merchantName: string,
  options: { heading: boolean },
): SafeHtml {
  return html`<section class="gw-card gw-summary" aria-labelledby="gw-summary-heading">
    <h2
      id="gw-summary-heading"
      class="${options.heading ? 'gw-card__title' : 'gw-visually-hidden'}"
    >
      ${t.summaryHeading}
    </h2>
    <dl class="gw-summary__list">
      <div class="gw-summary__row">
        <dt>${t.merchantLabel}</dt>
        <dd class="gw-summary__merchant">${merchantName}</dd>
      </div>
      <div class="gw-summary__row">
        <dt>${t.orderIdLabel}</dt>
        <dd class="gw-mono">${transaction.orderId}</dd>
      </div>
      <div class="gw-summary__row gw-summary__row--amount">
        <dt>${t.amountLabel}</dt>
        <dd class="gw-summary__amount">${formatAmount(transaction.amount)}</dd>
      </div>
    </dl>
  </section>`
}

/** A cancel button: its own form, so it works with any tab open and without JavaScript. */
export function cancelForm(t: Messages, action: string): SafeHtml {
  return html`<form class="gw-cancel" method="post" action="${action}" data-guard>
    <button type="submit" class="gw-link-button" data-processing="${t.processing}">
      ${t.cancelButton}
    </button>
  </form>`
}
