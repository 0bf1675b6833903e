import { format, type Language, type Messages } from '#gateway/i18n/index.ts'
import type { SandboxTransaction } from '#gateway/store.ts'
import { currencyOf, isForeign, paymentAmount } from '#core/currency/currencies.ts'
import { currencyName } from '#core/currency/format.ts'
import { html, type SafeHtml } from './html.ts'

/**
 * Merchant, order id and amount: shown on every page of a payment. A foreign amount says which
 * currency the card is charged in, by name, since `$` alone names several dollars.
 */
export function paymentSummary(
  language: Language,
  transaction: SandboxTransaction,
  merchantName: string,
  options: { heading: boolean },
): SafeHtml {
  const t = language.messages
  const currency = currencyOf(transaction)
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
        <dd class="gw-summary__amount">${paymentAmount(transaction, language.code)}</dd>
      </div>
    </dl>
    ${
      isForeign(currency)
        ? html`<p class="gw-summary__note">
            ${format(t.foreignChargeNote, {
              currency: `${currencyName(currency, language.code)} (${currency.code})`,
            })}
          </p>`
        : ''
    }
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

/** A column of a console table; a number is aligned right. */
export interface Column {
  label: string
  number?: true
}

/**
 * A wide table that scrolls sideways on its own at 375 px: a region reachable by keyboard and
 * named by the table's caption, which is hidden (the card's heading says it for the eye).
 */
export function scrollingTable(
  id: string,
  caption: string,
  columns: readonly Column[],
  rows: SafeHtml | SafeHtml[],
): SafeHtml {
  return html`<div class="gw-scroll" role="region" aria-labelledby="${id}" tabindex="0">
    <table class="gw-table">
      <caption id="${id}" class="gw-visually-hidden">
        ${caption}
      </caption>
      <thead>
        <tr>
          ${columns.map((column) =>
            column.number
              ? html`<th scope="col" class="gw-table__number">${column.label}</th>`
              : html`<th scope="col">${column.label}</th>`,
          )}
        </tr>
      </thead>
      <tbody>
        ${rows}
      </tbody>
    </table>
  </div>`
}
