import { paymentAmount } from '#core/currency/currencies.ts'
import { formatRupees } from '#core/currency/paise.ts'
import type { SettlementFields } from '#core/settlement/fields.ts'
import type { DisputeFields } from '#gateway/disputes/fields.ts'
import { MAX_EVIDENCE_CHARACTERS } from '#gateway/disputes/evidence.ts'
import { html, type SafeHtml } from './html.ts'
import { scrollingTable } from './parts.ts'

/** A dispute as the console lists it: whether it can still be accepted or contested. */
export interface ConsoleDispute {
  fields: DisputeFields
  answerable: boolean
}

/** A contest the console refused: what was typed, kept, and why. */
export interface RefusedContest {
  disputeId: string
  evidence: string
  error: string
}

const rupees = (paise: string) => formatRupees(BigInt(paise))

export function settlementsTable(
  settlements: readonly SettlementFields[],
  consoleUrl: string,
): SafeHtml {
  if (settlements.length === 0) {
    return html`<p>
      No settlements yet. Captured payments are settled on the next working day at the settlement
      hour: move the clock forward to get there.
    </p>`
  }
  return scrollingTable(
    'gw-settlements-caption',
    'Settlements, newest first, each with its CSV file',
    [
      { label: 'Settlement' },
      { label: 'Date' },
      { label: 'Gross', number: true },
      { label: 'Fees', number: true },
      { label: 'GST', number: true },
      { label: 'Net', number: true },
      { label: 'Status' },
      { label: 'File' },
    ],
    settlements.map(
      (settlement) =>
        html`<tr id="${settlement.SETTLEMENT_ID}">
          <th scope="row">
            <code class="gw-mono">${settlement.SETTLEMENT_ID}</code>${
              settlement.UTR
                ? html`<br /><span class="gw-table__note">UTR ${settlement.UTR}</span>`
                : ''
            }
          </th>
          <td class="gw-table__date">${settlement.SETTLEMENT_DATE}</td>
          <td class="gw-table__number">${rupees(settlement.GROSS_AMOUNT)}</td>
          <td class="gw-table__number">${rupees(settlement.FEES_AMOUNT)}</td>
          <td class="gw-table__number">${rupees(settlement.GST_AMOUNT)}</td>
          <td class="gw-table__number">${rupees(settlement.NET_AMOUNT)}</td>
          <td>${settlement.STATUS === 'CARRIED_FORWARD' ? 'Carried forward' : 'Paid'}</td>
          <td>
            <a
              href="${consoleUrl}/settlements/${settlement.SETTLEMENT_ID}.csv"
              download="${settlement.SETTLEMENT_ID}.csv"
              >CSV<span class="gw-visually-hidden"> of ${settlement.SETTLEMENT_ID}</span></a
            >
          </td>
        </tr>`,
    ),
  )
}

const statusNames: Record<string, string> = {
  OPEN: 'Open',
  UNDER_REVIEW: 'Under review',
  WON: 'Won',
  LOST: 'Lost',
}

function disputeAmount(fields: DisputeFields): string {
  const amount = paymentAmount(
    { amount: BigInt(fields.AMOUNT), currencyCode: fields.CURRENCY_CODE },
    'en',
  )
  return fields.CURRENCY_CODE === '356' ? amount : `${amount} (${rupees(fields.INR_AMOUNT)})`
}

function stateOf(dispute: ConsoleDispute): string {
  const { fields } = dispute
  const name = statusNames[fields.STATUS] ?? fields.STATUS
  if (fields.STATUS === 'OPEN') {
    return dispute.answerable
      ? `${name}: waiting for your answer`
      : `${name}: the deadline has passed, the next settlement run decides it`
  }
  if (fields.STATUS === 'UNDER_REVIEW')
    return `${name}: the issuer decides after ${fields.RESPOND_BY}`
  return `${name}: ${fields.RESOLUTION}`
}

function contestForm(
  dispute: ConsoleDispute,
  consoleUrl: string,
  refused: RefusedContest | undefined,
): SafeHtml {
  const id = dispute.fields.DISPUTE_ID
  const error = refused?.disputeId === id ? refused : undefined
  const errorId = `${id}-error`
  return html`<details class="gw-dispute__contest" ${error ? 'open' : ''}>
    <summary>Contest with evidence</summary>
    <form
      class="gw-form"
      method="post"
      action="${consoleUrl}/disputes/${id}/contest"
      enctype="multipart/form-data"
    >
      ${error ? html`<p class="gw-alert" id="${errorId}" role="alert">${error.error}</p>` : ''}
      <div class="gw-field">
        <label class="gw-field__label" for="${id}-evidence">What happened</label>
        <textarea
          class="gw-input gw-textarea"
          id="${id}-evidence"
          name="evidence"
          rows="3"
          maxlength="${String(MAX_EVIDENCE_CHARACTERS)}"
          required
          ${error ? html`aria-describedby="${errorId}"` : ''}
        >
${error?.evidence ?? ''}</textarea>
      </div>
      <div class="gw-field">
        <label class="gw-field__label" for="${id}-file">Document</label>
        <input
          class="gw-file"
          id="${id}-file"
          name="file"
          type="file"
          accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg"
          aria-describedby="${id}-file-hint"
        />
        <p class="gw-field__hint" id="${id}-file-hint">
          A PDF, PNG or JPEG of at most 2 MB. Without one, a contested dispute is lost.
        </p>
      </div>
      <p>
        <button type="submit" class="gw-button gw-button--primary">
          Contest<span class="gw-visually-hidden"> ${id}</span>
        </button>
      </p>
    </form>
  </details>`
}

export function disputesList(
  disputes: readonly ConsoleDispute[],
  consoleUrl: string,
  refused: RefusedContest | undefined,
): SafeHtml {
  if (disputes.length === 0) {
    return html`<p>
      No disputes. A payment with the card 4000 0000 0000 1976 (goods not received) or 4000 0000
      0000 0259 (fraud) is disputed when the next settlement run passes it.
    </p>`
  }
  return html`<ul class="gw-disputes">
    ${disputes.map((dispute) => {
      const { fields } = dispute
      const id = fields.DISPUTE_ID
      return html`<li class="gw-dispute" id="${id}">
        <h3 class="gw-dispute__title">
          <code class="gw-mono">${id}</code>
          <span class="gw-table__note">order ${fields.ORDER_ID}</span>
        </h3>
        <dl class="gw-dispute__facts">
          <div>
            <dt>Amount</dt>
            <dd>${disputeAmount(fields)}</dd>
          </div>
          <div>
            <dt>Reason</dt>
            <dd>${fields.REASON_CODE} ${fields.REASON}</dd>
          </div>
          <div>
            <dt>Respond by</dt>
            <dd>${fields.RESPOND_BY} (end of day, IST)</dd>
          </div>
          <div>
            <dt>State</dt>
            <dd>${stateOf(dispute)}</dd>
          </div>
        </dl>
        ${
          dispute.answerable
            ? html`<div class="gw-dispute__actions">
                  <form method="post" action="${consoleUrl}/disputes/${id}/accept">
                    <button type="submit" class="gw-button gw-button--quiet">
                      Accept<span class="gw-visually-hidden"> ${id}</span>
                    </button>
                  </form>
                  <p class="gw-field__hint">
                    Accepting loses the dispute at once: the held amount stays with the customer.
                  </p>
                </div>
                ${contestForm(dispute, consoleUrl, refused)}`
            : ''
        }
      </li>`
    })}
  </ul>`
}
