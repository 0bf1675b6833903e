import { paymentAmount } from '#core/currency/currencies.ts'
import { formatIstDateTime } from '#core/calendar/business-calendar.ts'
import type { ConsoleEvent, ConsolePayment } from '#gateway/accounts/console-data.ts'
import { MAX_ACCOUNT_NAME_LENGTH } from '#gateway/accounts/name.ts'
import { html, type SafeHtml } from './html.ts'
import { layout, type PageContext } from './layout.ts'

/** What the account pages say about the sandbox's rules for accounts. */
export interface AccountRules {
  /** Days an account may stay unused before it is removed with its data. */
  idleDays: number
  /** Accounts one address may make in an hour (0: no limit). */
  perHour: number
}

/** The keys of an account, shown once when it is made and in its console. */
export interface AccountKeys {
  payId: string
  salt: string
  keySalt: string
  merchantHostedKey: string
  webhookSecret: string
}

export interface AccountLinks {
  consoleUrl: string
  envUrl: string
  sandboxUrl: string
}

function field(name: string, value: string): SafeHtml {
  return html`<div class="gw-keys__row">
    <dt>${name}</dt>
    <dd><code class="gw-mono gw-keys__value">${value}</code></dd>
  </div>`
}

function keyList(keys: AccountKeys, sandboxUrl: string): SafeHtml {
  return html`<dl class="gw-keys">
    ${field('PAY_ID', keys.payId)} ${field('SALT', keys.salt)} ${field('KEY_SALT', keys.keySalt)}
    ${field('MERCHANT_HOSTED_KEY', keys.merchantHostedKey)}
    ${field('WEBHOOK_SECRET', keys.webhookSecret)} ${field('PAYSTRA_BASE_URL', sandboxUrl)}
  </dl>`
}

/** `/accounts/new`: one button, an optional name, and what the sandbox keeps. */
export function newAccountPage(
  context: PageContext,
  options: { rules: AccountRules; name?: string; error?: string },
): string {
  const { rules } = options
  const describedBy = options.error
    ? 'gw-account-name-hint gw-account-name-error'
    : 'gw-account-name-hint'
  const main = html`<section class="gw-card gw-account" aria-labelledby="gw-account-heading">
    <h1 id="gw-account-heading" class="gw-title">Create a sandbox account</h1>
    <p>
      Your own test merchant: a PAY_ID, salt and keys of your own, payments, refunds, webhooks,
      settlements and disputes that no one else sees, and a console to watch them. No sign-up and no
      personal details.
    </p>
    <ul class="gw-account__facts">
      <li>
        The keys are shown once, on the next page, with a <code>paystra.env</code> every kit reads
        as it is.
      </li>
      <li>The console link on that page is the only way back in: keep it like a password.</li>
      <li>An account unused for ${String(rules.idleDays)} days is deleted with all its data.</li>
      ${
        rules.perHour > 0
          ? html`<li>One address can create ${String(rules.perHour)} accounts an hour.</li>`
          : ''
      }
    </ul>
    <form class="gw-form" method="post" action="${context.base}/accounts">
      <div class="${options.error ? 'gw-field gw-field--invalid' : 'gw-field'}">
        <label class="gw-field__label" for="gw-account-name"
          >Business name on your payment pages</label
        >
        <input
          class="gw-input"
          id="gw-account-name"
          name="name"
          maxlength="${String(MAX_ACCOUNT_NAME_LENGTH)}"
          autocomplete="organization"
          value="${options.name ?? ''}"
          aria-describedby="${describedBy}"
          ${options.error ? html`aria-invalid="true"` : ''}
        />
        <p class="gw-field__hint" id="gw-account-name-hint">
          Optional, up to ${String(MAX_ACCOUNT_NAME_LENGTH)} characters. Empty: "Test store".
        </p>
        ${
          options.error
            ? html`<p class="gw-field__error" id="gw-account-name-error">${options.error}</p>`
            : ''
        }
      </div>
      <button type="submit" class="gw-button gw-button--primary gw-button--block">
        Create a sandbox account
      </button>
    </form>
  </section>`
  return layout(context, { title: 'Create a sandbox account', main })
}

/** The answer to a new account: its keys, once, its paystra.env and its console link. */
export function accountCreatedPage(
  context: PageContext,
  options: { keys: AccountKeys; links: AccountLinks; name: string; rules: AccountRules },
): string {
  const { keys, links } = options
  const main = html`<section class="gw-card gw-account" aria-labelledby="gw-account-heading">
    <h1 id="gw-account-heading" class="gw-title">Your sandbox account is ready</h1>
    <p>
      ${options.name} (PAY_ID <code class="gw-mono">${keys.payId}</code>). Save these now: the salt
      and secrets are not shown on this page again, and the console link is the only way back to
      them.
    </p>
    <h2 class="gw-card__title">Console</h2>
    <p>
      <a class="gw-account__link" href="${links.consoleUrl}">${links.consoleUrl}</a>
    </p>
    <p class="gw-field__hint">
      Anyone with this link can see and delete the account. It is never sent anywhere else.
    </p>
    <h2 class="gw-card__title">Keys</h2>
    ${keyList(keys, links.sandboxUrl)}
    <p>
      <a class="gw-button gw-button--primary" href="${links.envUrl}" download="paystra.env"
        >Download paystra.env</a
      >
    </p>
    <h2 class="gw-card__title">Next</h2>
    <ol class="gw-account__steps">
      <li>Put <code>paystra.env</code> in the root of a kit from the Downloads page.</li>
      <li>Run the kit and pay with the card 4111 1111 1111 1111: the response says 000.</li>
      <li>Open the console to see the payment, its webhooks and its settlement.</li>
    </ol>
    <p class="gw-field__hint">
      Unused for ${String(options.rules.idleDays)} days, the account is deleted with its data.
    </p>
  </section>`
  return layout(context, { title: 'Your sandbox account', main })
}

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
  return html`<div
    class="gw-scroll"
    role="region"
    aria-labelledby="gw-payments-heading"
    tabindex="0"
  >
    <table class="gw-table">
      <caption class="gw-visually-hidden">
        Payments, newest first, with their timeline
      </caption>
      <thead>
        <tr>
          <th scope="col">Order</th>
          <th scope="col">Amount</th>
          <th scope="col">Method</th>
          <th scope="col">Status</th>
          <th scope="col">Timeline (IST)</th>
        </tr>
      </thead>
      <tbody>
        ${payments.map(
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
                <ul class="gw-timeline">
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
                      ? html`<li>
                          settled in <code class="gw-mono">${payment.settlementId}</code>
                        </li>`
                      : ''
                  }
                </ul>
              </td>
            </tr>`,
        )}
      </tbody>
    </table>
  </div>`
}

function attemptText(attempt: ConsoleEvent['attempts'][number]): string {
  const answer = attempt.httpStatus ? `HTTP ${attempt.httpStatus}` : attempt.error || 'no answer'
  return `${when(attempt.attemptedAt)}: ${answer}, ${attempt.durationMs} ms`
}

function eventsTable(events: readonly ConsoleEvent[]): SafeHtml {
  if (events.length === 0) {
    return html`<p>
      No webhook events yet. A payment, refund, payout or settlement with a NOTIFY_URL makes one.
    </p>`
  }
  return html`<div class="gw-scroll" role="region" aria-labelledby="gw-events-heading" tabindex="0">
    <table class="gw-table">
      <caption class="gw-visually-hidden">
        Webhook events, newest first, with each delivery
      </caption>
      <thead>
        <tr>
          <th scope="col">Event</th>
          <th scope="col">Target</th>
          <th scope="col">State</th>
          <th scope="col">Deliveries (IST)</th>
        </tr>
      </thead>
      <tbody>
        ${events.map(
          (event) =>
            html`<tr>
              <th scope="row">
                ${event.type}<br /><span class="gw-table__note"
                  >${event.id} · ${event.reference}</span
                >
              </th>
              <td class="gw-table__url">${event.notifyUrl}</td>
              <td>${event.state}</td>
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
        )}
      </tbody>
    </table>
  </div>`
}

export interface ConsolePageOptions {
  name: string
  keys: AccountKeys
  links: AccountLinks
  payments: readonly ConsolePayment[]
  events: readonly ConsoleEvent[]
  rules: AccountRules
  createdAt: Date
  clock: { now: Date; advances: readonly string[] }
}

const advanceNames: Record<string, string> = {
  '1h': '+1 hour',
  '1d': '+1 day',
  '7d': '+7 days',
  '30d': '+30 days',
}

/** The account's console: keys, payments with their timeline, webhook events, and its removal. */
export function consolePage(context: PageContext, options: ConsolePageOptions): string {
  const { keys, links } = options
  const main = html`<div class="gw-console">
    <h1 class="gw-title">${options.name}: sandbox console</h1>
    <section class="gw-card" aria-labelledby="gw-keys-heading">
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
    </section>
    <section class="gw-card" id="clock" aria-labelledby="gw-clock-heading">
      <h2 id="gw-clock-heading" class="gw-card__title">Clock</h2>
      <p>
        This account's time: <strong>${when(options.clock.now)} IST</strong>. Every payment, refund,
        webhook, settlement and dispute of the account takes its time from it. Moving it forward
        runs, in order, what falls due on the way: late payments, each working day's settlement at
        the settlement hour, and dispute deadlines.
      </p>
      <div class="gw-clock__actions">
        ${options.clock.advances.map(
          (by) =>
            html`<form method="post" action="${links.consoleUrl}/clock">
              <input type="hidden" name="by" value="${by}" />
              <button type="submit" class="gw-button gw-button--quiet">
                ${advanceNames[by] ?? by}
              </button>
            </form>`,
        )}
      </div>
    </section>
    <section class="gw-card" aria-labelledby="gw-payments-heading">
      <h2 id="gw-payments-heading" class="gw-card__title">Payments</h2>
      ${paymentsTable(options.payments)}
    </section>
    <section class="gw-card" aria-labelledby="gw-events-heading">
      <h2 id="gw-events-heading" class="gw-card__title">Webhook events</h2>
      ${eventsTable(options.events)}
    </section>
    <section class="gw-card" aria-labelledby="gw-link-heading">
      <h2 id="gw-link-heading" class="gw-card__title">Console link</h2>
      <p>Shared this link by mistake? Make a new one: this one stops working at once.</p>
      <form method="post" action="${links.consoleUrl}/link">
        <button type="submit" class="gw-button gw-button--quiet">Make a new console link</button>
      </form>
    </section>
    <section class="gw-card" aria-labelledby="gw-delete-heading">
      <h2 id="gw-delete-heading" class="gw-card__title">Delete this account</h2>
      <form class="gw-form" method="post" action="${links.consoleUrl}/delete">
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
  return layout(context, { title: `${options.name}: console`, main })
}

/** After the account and its data are gone. */
export function accountDeletedPage(context: PageContext, payId: string): string {
  const main = html`<section class="gw-card gw-account" aria-labelledby="gw-account-heading">
    <h1 id="gw-account-heading" class="gw-title">Account deleted</h1>
    <p>
      Sandbox account <code class="gw-mono">${payId}</code> and all its payments, refunds, webhooks,
      settlements and disputes are deleted. Its keys no longer work.
    </p>
    <p><a href="${context.base}/accounts/new">Create another account</a></p>
  </section>`
  return layout(context, { title: 'Account deleted', main })
}

/** A refusal on the account pages: what went wrong and what to do. */
export function accountRefusalPage(
  context: PageContext,
  options: { title: string; message: string },
): string {
  const main = html`<section class="gw-card gw-account" aria-labelledby="gw-account-heading">
    <h1 id="gw-account-heading" class="gw-title">${options.title}</h1>
    <p>${options.message}</p>
    <p><a href="${context.base}/accounts/new">Back to the account page</a></p>
  </section>`
  return layout(context, { title: options.title, main })
}
