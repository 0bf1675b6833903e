import { paymentAmount } from '#core/currency/currencies.ts'
import { formatIstDateTime } from '#core/calendar/business-calendar.ts'
import { transferModes } from '#gateway/api/payout-checks.ts'
import type { SandboxPaylink } from '#gateway/paylinks/table.ts'
import type { SandboxVaCredit, SandboxVirtualAccount } from '#gateway/virtual-accounts/table.ts'
import { VIRTUAL_ACCOUNT_IFSC } from '#gateway/virtual-accounts/checks.ts'
import { vpaOf } from '#gateway/virtual-accounts/store.ts'
import { keyField } from './account-pages.ts'
import { html, type SafeHtml } from './html.ts'
import { scrollingTable } from './parts.ts'

const rupees = (amount: bigint) => paymentAmount({ amount, currencyCode: '356' }, 'en')

const linkStates: Record<SandboxPaylink['status'], string> = {
  CREATED: 'Open',
  PAID: 'Paid',
  EXPIRED: 'Expired',
  CANCELLED: 'Cancelled',
}

/** The account's latest payment links, each with its short URL and where it stands. */
export function paylinksTable(links: readonly SandboxPaylink[]): SafeHtml {
  if (links.length === 0) {
    return html`<p>
      No payment links yet. <code class="gw-mono">POST /pgws/paylink</code> with this account's keys
      makes one; its SHORT_URL opens the page your customer pays on.
    </p>`
  }
  return scrollingTable(
    'gw-paylinks-caption',
    'Payment links, newest first',
    [
      { label: 'Link' },
      { label: 'Description' },
      { label: 'Amount', number: true },
      { label: 'Status' },
      { label: 'Expires (IST)' },
    ],
    links.map(
      (link) =>
        html`<tr>
          <th scope="row">
            <a class="gw-mono" href="${link.shortUrl}">${link.id}</a>${
              link.referenceId
                ? html`<br /><span class="gw-table__note">${link.referenceId}</span>`
                : ''
            }
          </th>
          <td>${link.description}</td>
          <td class="gw-table__number">${paymentAmount(link, 'en')}</td>
          <td>
            ${linkStates[link.status]}${
              link.endedAt
                ? html`<br /><span class="gw-table__note">${formatIstDateTime(link.endedAt)}</span>`
                : ''
            }
          </td>
          <td class="gw-table__date">${link.expireAt ? formatIstDateTime(link.expireAt) : '—'}</td>
        </tr>`,
    ),
  )
}

/** A virtual account with its latest credits, as the console shows it. */
export interface ConsoleVirtualAccount {
  account: SandboxVirtualAccount
  credits: readonly SandboxVaCredit[]
}

/** A test credit the console refused: what was typed, kept, and why. */
export interface RefusedCredit {
  vaId: string
  amount: string
  mode: string
  payerName: string
  error: string
}

function creditsList(credits: readonly SandboxVaCredit[]): SafeHtml {
  if (credits.length === 0) return html`<p class="gw-field__hint">No credits yet.</p>`
  const outcome = (credit: SandboxVaCredit) =>
    credit.status === 'RETURNED'
      ? 'returned to the payer: the account was closed'
      : credit.settlementId
        ? html`settled in <code class="gw-mono">${credit.settlementId}</code>`
        : 'credited, to be settled'
  const sent = (credit: SandboxVaCredit) =>
    `${formatIstDateTime(credit.createdAt)}: ${rupees(credit.amount)} by ${credit.mode} from ${credit.payerName}`
  return html`<ul class="gw-timeline">
    ${credits.map(
      (credit) =>
        html`<li>
          ${sent(credit)}, UTR <code class="gw-mono">${credit.utr}</code>, ${outcome(credit)}
        </li>`,
    )}
  </ul>`
}

function creditForm(
  account: SandboxVirtualAccount,
  consoleUrl: string,
  refused: RefusedCredit | undefined,
): SafeHtml {
  const id = account.id
  const error = refused?.vaId === id ? refused : undefined
  const errorId = `${id}-credit-error`
  return html`<form
    class="gw-form gw-credit"
    method="post"
    action="${consoleUrl}/virtual-accounts/${id}/credit"
  >
    <fieldset>
      <legend>Make a test credit into ${account.accountNumber}</legend>
      <div class="${error ? 'gw-field gw-field--invalid' : 'gw-field'}">
        <label class="gw-field__label" for="${id}-amount">Amount (₹)</label>
        <input
          class="gw-input"
          id="${id}-amount"
          name="amount"
          inputmode="decimal"
          autocomplete="off"
          required
          value="${error?.amount ?? ''}"
          ${error ? html`aria-invalid="true" aria-describedby="${errorId}"` : ''}
        />
        ${error ? html`<p class="gw-field__error" id="${errorId}">${error.error}</p>` : ''}
      </div>
      <div class="gw-field">
        <label class="gw-field__label" for="${id}-mode">Sent by</label>
        <select class="gw-input" id="${id}-mode" name="mode">
          ${transferModes.map(
            (mode) =>
              html`<option
                value="${mode}"
                ${mode === (error?.mode ?? 'IMPS') ? html`selected` : ''}
              >
                ${mode}
              </option>`,
          )}
        </select>
      </div>
      <div class="gw-field">
        <label class="gw-field__label" for="${id}-payer">Payer's name</label>
        <input
          class="gw-input"
          id="${id}-payer"
          name="payer_name"
          autocomplete="off"
          value="${error?.payerName ?? ''}"
        />
      </div>
      <p>
        <button type="submit" class="gw-button gw-button--quiet">
          Credit<span class="gw-visually-hidden"> ${account.accountNumber}</span>
        </button>
      </p>
    </fieldset>
  </form>`
}

/**
 * The account's virtual accounts: what a payer's bank sends money to, the latest credits, and for
 * an active one a plain form that makes a test credit as the payer's bank would.
 */
export function virtualAccountsList(
  accounts: readonly ConsoleVirtualAccount[],
  consoleUrl: string,
  refused: RefusedCredit | undefined,
): SafeHtml {
  if (accounts.length === 0) {
    return html`<p>
      No virtual accounts yet. <code class="gw-mono">POST /pgws/virtual-account</code> with this
      account's keys opens one; a test credit into it then arrives here and by webhook.
    </p>`
  }
  return html`<ul class="gw-disputes">
    ${accounts.map(
      ({ account, credits }) =>
        html`<li class="gw-dispute" id="${account.id}">
          <h3 class="gw-dispute__title">
            ${account.custName} · <code class="gw-mono">${account.id}</code>
            ${account.referenceId ? html` · ${account.referenceId}` : ''}
          </h3>
          <dl class="gw-keys">
            ${keyField('Account number', account.accountNumber)}
            ${keyField('IFSC', VIRTUAL_ACCOUNT_IFSC)} ${keyField('UPI ID', vpaOf(account))}
            <div class="gw-keys__row">
              <dt>Status</dt>
              <dd>
                ${
                  account.status === 'ACTIVE'
                    ? 'Active'
                    : `Closed ${account.closedAt ? formatIstDateTime(account.closedAt) : ''}: credits are returned`
                }
              </dd>
            </div>
          </dl>
          ${creditsList(credits)} ${creditForm(account, consoleUrl, refused)}
        </li>`,
    )}
  </ul>`
}
