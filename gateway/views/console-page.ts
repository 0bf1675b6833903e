import { paymentAmount } from '#core/currency/currencies.ts'
import { formatIstDateTime } from '#core/calendar/business-calendar.ts'
import type { SettlementFields } from '#core/settlement/fields.ts'
import type { ConsoleEvent, ConsolePayment } from '#gateway/accounts/console-data.ts'
import { type AccountKeys, type AccountLinks, type AccountRules, keyList } from './account-pages.ts'
import {
  type ConsoleDispute,
  disputesList,
  type RefusedContest,
  settlementsTable,
} from './console-money.ts'
import type { SandboxPaylink } from '#gateway/paylinks/table.ts'
import {
  type ConsoleVirtualAccount,
  paylinksTable,
  type RefusedCredit,
  virtualAccountsList,
} from './console-collections.ts'
import {
  type ConsoleSubscription,
  type RefusedAction,
  subscriptionsList,
} from './console-subscriptions.ts'
import { html, type SafeHtml } from './html.ts'
import { scrollingTable } from './parts.ts'
import { layout, type PageContext } from './layout.ts'

const methodNames: Record<string, string> = {
  CC: 'Credit card',
  DC: 'Debit card',
  NB: 'Net banking',
  UP: 'UPI',
  WL: 'Wallet',
}

/** "Net banking SBIN", "UPI": the method by name, and the bank, card network or wallet. */
function methodOf(payment: ConsolePayment): string {
  if (!payment.paymentType) return '—'
  const name = methodNames[payment.paymentType] ?? payment.paymentType
  return payment.mopType && payment.mopType !== payment.paymentType
    ? `${name} ${payment.mopType}`
    : name
}

function amountOf(payment: { amount: bigint; currencyCode: string }): string {
  return paymentAmount(payment, 'en')
}

function when(date: Date | undefined): string {
  return date ? formatIstDateTime(date) : '—'
}

function paymentsTable(payments: readonly ConsolePayment[]): SafeHtml {
  if (payments.length === 0) {
    return html`<p>No payments yet. Run a kit with this account's paystra.env to make one.</p>`
  }
  return scrollingTable(
    'gw-payments-caption',
    'Payments, newest first, with their timeline',
    [
      { label: 'Order' },
      { label: 'Amount' },
      { label: 'Method' },
      { label: 'Status' },
      { label: 'Timeline (IST)' },
    ],
    payments.map(
      (payment) =>
        html`<tr>
          <th scope="row">
            <code class="gw-mono">${payment.orderId}</code><br /><span class="gw-table__note"
              >TXN_ID ${payment.txnId}</span
            >
          </th>
          <td>${amountOf(payment)}</td>
          <td>${methodOf(payment)}</td>
          <td>${payment.status}${payment.responseCode ? ` (${payment.responseCode})` : ''}</td>
          <td>
            <ul class="gw-timeline gw-timeline--payment">
              <li>${when(payment.createdAt)} created</li>
              ${
                payment.completedAt
                  ? html`<li>${when(payment.completedAt)} ${payment.status.toLowerCase()}</li>`
                  : ''
              }
              ${payment.refunds.map(
                (refund) =>
                  html`<li>
                    ${when(refund.createdAt)} refunded
                    ${amountOf({ amount: refund.amount, currencyCode: payment.currencyCode })}
                  </li>`,
              )}
              ${
                payment.settlementId
                  ? html`<li>settled in <code class="gw-mono">${payment.settlementId}</code></li>`
                  : ''
              }
            </ul>
          </td>
        </tr>`,
    ),
  )
}

function attemptText(attempt: ConsoleEvent['attempts'][number]): string {
  const answer = attempt.httpStatus ? `HTTP ${attempt.httpStatus}` : attempt.error || 'no answer'
  return `${when(attempt.attemptedAt)}: ${answer}, ${attempt.durationMs} ms`
}

/** Where an event goes: its URL, or the account's `paystra listen` stream. */
function targetOf(event: ConsoleEvent): SafeHtml {
  return event.channel === 'stream'
    ? html`<code class="gw-mono">paystra listen</code>`
    : html`${event.notifyUrl}`
}

function eventsTable(events: readonly ConsoleEvent[], consoleUrl: string): SafeHtml {
  if (events.length === 0) {
    return html`<p>
      No webhook events yet. A payment, refund, payout or settlement with a NOTIFY_URL, or with the
      default one above, makes one.
    </p>`
  }
  return scrollingTable(
    'gw-events-caption',
    'Webhook events, newest first, with each delivery',
    [{ label: 'Event' }, { label: 'Target' }, { label: 'State' }, { label: 'Deliveries (IST)' }],
    events.map(
      (event) =>
        html`<tr id="${event.id}">
          <th scope="row">
            ${event.type}<br /><span class="gw-table__note"
              >${event.id} ·
              ${event.reference}${event.copyOf ? ` · copy of ${event.copyOf}` : ''}</span
            >
          </th>
          <td class="gw-table__url">${targetOf(event)}</td>
          <td>
            ${event.state}
            <form
              class="gw-table__action"
              method="post"
              action="${consoleUrl}/events/${event.id}/resend"
            >
              <button type="submit" class="gw-button gw-button--quiet">
                Resend<span class="gw-visually-hidden"> ${event.id}</span>
              </button>
            </form>
          </td>
          <td>
            ${
              event.attempts.length === 0
                ? 'not tried yet'
                : html`<ul class="gw-timeline">
                    ${event.attempts.map((attempt) => html`<li>${attemptText(attempt)}</li>`)}
                  </ul>`
            }
          </td>
        </tr>`,
    ),
  )
}

/** A default NOTIFY_URL the console refused: what was typed, kept, and why. */
export interface RefusedNotifyUrl {
  value: string
  error: string
}

/** The account's webhook settings as the console shows them. */
export interface ConsoleWebhooks {
  /** Real time until which the rotated-out secret still signs beside the new one. */
  previousSecretUntil: Date | undefined
  notifyUrl: string | undefined
  /** Set when the default URL is private and this sandbox sends nothing there. */
  notifyUrlNote?: string
}

function notifyUrlForm(
  webhooks: ConsoleWebhooks,
  consoleUrl: string,
  refused: RefusedNotifyUrl | undefined,
): SafeHtml {
  const describedBy = refused ? 'gw-notify-url-hint gw-notify-url-error' : 'gw-notify-url-hint'
  return html`<form class="gw-form" method="post" action="${consoleUrl}/notify-url">
    <div class="${refused ? 'gw-field gw-field--invalid' : 'gw-field'}">
      <label class="gw-field__label" for="gw-notify-url">Default NOTIFY_URL</label>
      <input
        class="gw-input gw-mono"
        id="gw-notify-url"
        name="notify_url"
        type="url"
        inputmode="url"
        autocomplete="off"
        spellcheck="false"
        value="${refused ? refused.value : (webhooks.notifyUrl ?? '')}"
        aria-describedby="${describedBy}"
        ${refused ? html`aria-invalid="true"` : ''}
      />
      <p class="gw-field__hint" id="gw-notify-url-hint">
        Where this account's webhooks go when a request names no NOTIFY_URL. Leave it empty for
        none.
      </p>
      ${
        refused
          ? html`<p class="gw-field__error" id="gw-notify-url-error">${refused.error}</p>`
          : ''
      }
    </div>
    <p><button type="submit" class="gw-button gw-button--quiet">Save the NOTIFY_URL</button></p>
  </form>`
}

export interface ConsolePageOptions {
  name: string
  keys: AccountKeys
  links: AccountLinks
  payments: readonly ConsolePayment[]
  events: readonly ConsoleEvent[]
  settlements: readonly SettlementFields[]
  disputes: readonly ConsoleDispute[]
  paylinks: readonly SandboxPaylink[]
  virtualAccounts: readonly ConsoleVirtualAccount[]
  subscriptions: readonly ConsoleSubscription[]
  webhooks: ConsoleWebhooks
  rules: AccountRules
  createdAt: Date
  clock: { now: Date; advances: readonly string[] }
  /** A form the console refused, shown again with its error. */
  refused?: {
    notifyUrl?: RefusedNotifyUrl
    contest?: RefusedContest
    credit?: RefusedCredit
    subscription?: RefusedAction
  }
}

const advanceNames: Record<string, string> = {
  '1h': '+1 hour',
  '1d': '+1 day',
  '7d': '+7 days',
  '30d': '+30 days',
}

function rotationCard(webhooks: ConsoleWebhooks, consoleUrl: string): SafeHtml {
  return html`${
      webhooks.previousSecretUntil
        ? html`<p class="gw-notice" role="status">
            Until <strong>${when(webhooks.previousSecretUntil)} IST</strong> (real time: the clock
            below does not move it), every webhook carries two signatures in X-Paystra-Signature,
            one with this secret and one with the previous: a receiver with either accepts it while
            you switch.
          </p>`
        : ''
    }
    <form method="post" action="${consoleUrl}/webhook-secret">
      <button type="submit" class="gw-button gw-button--quiet">Rotate webhook secret</button>
    </form>
    <p class="gw-field__hint">
      A new WEBHOOK_SECRET at once; the current one goes on signing beside it for 24 hours, so your
      server can switch without refusing a webhook.
    </p>`
}

/**
 * The account's console: keys, clock, payments with their timeline, webhooks, settlements,
 * disputes, and the link and removal of the account. Every action is a plain form.
 */
export function consolePage(context: PageContext, options: ConsolePageOptions): string {
  const { keys, links } = options
  const consoleUrl = links.consoleUrl
  const main = html`<div class="gw-console">
    <h1 class="gw-title">${options.name}: sandbox console</h1>
    <section class="gw-card" id="keys" aria-labelledby="gw-keys-heading">
      <h2 id="gw-keys-heading" class="gw-card__title">Keys</h2>
      ${keyList(keys, links.sandboxUrl)}
      <p>
        <a class="gw-button gw-button--primary" href="${links.envUrl}" download="paystra.env"
          >Download paystra.env</a
        >
      </p>
      <p class="gw-field__hint">
        Created ${when(options.createdAt)} IST. Unused for ${String(options.rules.idleDays)} days,
        the account is deleted with its data.
      </p>
      ${rotationCard(options.webhooks, consoleUrl)}
    </section>
    <section class="gw-card" id="webhooks" aria-labelledby="gw-webhooks-heading">
      <h2 id="gw-webhooks-heading" class="gw-card__title">Webhooks</h2>
      ${notifyUrlForm(options.webhooks, consoleUrl, options.refused?.notifyUrl)}
      ${
        options.webhooks.notifyUrlNote
          ? html`<p class="gw-field__hint">${options.webhooks.notifyUrlNote}</p>`
          : ''
      }
    </section>
    <section class="gw-card" id="clock" aria-labelledby="gw-clock-heading">
      <h2 id="gw-clock-heading" class="gw-card__title">Clock</h2>
      <p>
        This account's time: <strong>${when(options.clock.now)} IST</strong>. Every payment, refund,
        webhook, settlement and dispute of the account takes its time from it. Moving it forward
        runs, in order, what falls due on the way: subscriptions' notices and debits, late payments,
        payment links' expiry, each working day's settlement at the settlement hour, and dispute
        deadlines.
      </p>
      <div class="gw-clock__actions">
        ${options.clock.advances.map(
          (by) =>
            html`<form method="post" action="${consoleUrl}/clock">
              <input type="hidden" name="by" value="${by}" />
              <button type="submit" class="gw-button gw-button--quiet">
                ${advanceNames[by] ?? by}
              </button>
            </form>`,
        )}
      </div>
    </section>
    <section class="gw-card" id="payments" aria-labelledby="gw-payments-heading">
      <h2 id="gw-payments-heading" class="gw-card__title">Payments</h2>
      ${paymentsTable(options.payments)}
    </section>
    <section class="gw-card" id="events" aria-labelledby="gw-events-heading">
      <h2 id="gw-events-heading" class="gw-card__title">Webhook events</h2>
      ${eventsTable(options.events, consoleUrl)}
    </section>
    <section class="gw-card" id="settlements" aria-labelledby="gw-settlements-heading">
      <h2 id="gw-settlements-heading" class="gw-card__title">Settlements</h2>
      ${settlementsTable(options.settlements, consoleUrl)}
    </section>
    <section class="gw-card" id="disputes" aria-labelledby="gw-disputes-heading">
      <h2 id="gw-disputes-heading" class="gw-card__title">Disputes</h2>
      ${disputesList(options.disputes, consoleUrl, options.refused?.contest)}
    </section>
    <section class="gw-card" id="paylinks" aria-labelledby="gw-paylinks-heading">
      <h2 id="gw-paylinks-heading" class="gw-card__title">Payment links</h2>
      ${paylinksTable(options.paylinks)}
    </section>
    <section class="gw-card" id="virtual-accounts" aria-labelledby="gw-virtual-accounts-heading">
      <h2 id="gw-virtual-accounts-heading" class="gw-card__title">Virtual accounts</h2>
      ${virtualAccountsList(options.virtualAccounts, consoleUrl, options.refused?.credit)}
    </section>
    <section class="gw-card" id="subscriptions" aria-labelledby="gw-subscriptions-heading">
      <h2 id="gw-subscriptions-heading" class="gw-card__title">Subscriptions</h2>
      ${subscriptionsList(options.subscriptions, consoleUrl, options.refused?.subscription)}
    </section>
    <section class="gw-card" aria-labelledby="gw-link-heading">
      <h2 id="gw-link-heading" class="gw-card__title">Console link</h2>
      <p>Shared this link by mistake? Make a new one: this one stops working at once.</p>
      <form method="post" action="${consoleUrl}/link">
        <button type="submit" class="gw-button gw-button--quiet">Make a new console link</button>
      </form>
    </section>
    <section class="gw-card" aria-labelledby="gw-delete-heading">
      <h2 id="gw-delete-heading" class="gw-card__title">Delete this account</h2>
      <form class="gw-form" method="post" action="${consoleUrl}/delete">
        <div class="gw-field">
          <label class="gw-field__label" for="gw-delete-confirm">Type the PAY_ID to confirm</label>
          <input
            class="gw-input gw-mono"
            id="gw-delete-confirm"
            name="confirm"
            inputmode="numeric"
            autocomplete="off"
            required
          />
        </div>
        <button type="submit" class="gw-button gw-button--failure">
          Delete the account and all its data
        </button>
      </form>
    </section>
  </div>`
  return layout(context, { title: `${options.name}: console`, main, secretAddress: true })
}
