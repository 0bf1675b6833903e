import { formatIstDateTime } from '#core/calendar/business-calendar.ts'
import { formatRupees } from '#core/currency/paise.ts'
import type { CustomerAction } from '#core/recurring/rules.ts'
import { methodSent } from '#gateway/subscriptions/checks.ts'
import type { DebitFields } from '#gateway/subscriptions/store.ts'
import type { SandboxSubscription, SandboxSubscriptionDebit } from '#gateway/subscriptions/table.ts'
import { html, type SafeHtml } from './html.ts'
import { scrollingTable } from './parts.ts'

/** A subscription as the console shows it: its latest attempts, its open notice, its actions. */
export interface ConsoleSubscription {
  subscription: SandboxSubscription
  /** Its latest attempts, newest first, each with the payment it made. */
  debits: readonly DebitFields[]
  /** The attempt whose notice is out, if any. */
  open: SandboxSubscriptionDebit | undefined
  /** What the customer may do now, as the mandate page offers it. */
  actions: readonly CustomerAction[]
}

/** A customer's action the console refused: on which subscription, and why. */
export interface RefusedAction {
  subscriptionId: string
  error: string
}

/** Each action's button, its subscription's id added as visually hidden text. */
const actionLabels: Record<CustomerAction, string> = {
  SKIP: 'Skip the noticed debit',
  APPROVE: 'Approve the noticed debit',
  PAUSE: 'Pause',
  RESUME: 'Resume',
  REVOKE: 'Revoke the mandate',
}

const when = (at: Date | null | undefined) => (at ? `${formatIstDateTime(at)} IST` : '')

function amountOf(subscription: SandboxSubscription): string {
  const most = formatRupees(subscription.maxAmount)
  return subscription.amount === null
    ? `As presented, at most ${most} each`
    : `${formatRupees(subscription.amount)} each (mandate up to ${most})`
}

function stateOf(subscription: SandboxSubscription): string {
  const { status } = subscription
  if (status === 'CANCELLED') {
    const by = subscription.cancelledBy === 'CUSTOMER' ? 'the customer' : 'the merchant'
    return `CANCELLED by ${by} ${when(subscription.endedAt)}`
  }
  if (status === 'COMPLETED' || status === 'FAILED')
    return `${status} ${when(subscription.endedAt)}`
  if (status === 'CREATED') return 'CREATED: waiting for the customer on the mandate page'
  return status
}

/** Why no instrument is shown. */
function instrumentOf(subscription: SandboxSubscription): string {
  if (subscription.status === 'CREATED') return 'Not registered yet'
  return subscription.status === 'CANCELLED' ? 'No longer held: the mandate was withdrawn' : '—'
}

/** The next debit: the noticed one, else when the next notice is due. */
function nextDebitOf({ subscription, open }: ConsoleSubscription): string {
  if (open) {
    const approval = open.approvalRequired
      ? open.approved
        ? ', approved by the customer'
        : ', needs the customer’s approval'
      : ''
    return `${when(open.debitAt)}, ${formatRupees(open.amount)} (noticed ${when(open.notifiedAt)}${approval})`
  }
  if (subscription.status === 'ACTIVE' && subscription.frequency === 'AS_PRESENTED') {
    return 'When you present a charge (POST /pgws/subscription/charge)'
  }
  if (subscription.status === 'ACTIVE' && subscription.nextDueAt) {
    return `Not noticed yet: the notice is due ${when(subscription.nextDueAt)}`
  }
  return '—'
}

function fact(label: string, value: SafeHtml | string): SafeHtml {
  return html`<div>
    <dt>${label}</dt>
    <dd>${value}</dd>
  </div>`
}

function debitsTable(id: string, debits: readonly DebitFields[]): SafeHtml {
  if (debits.length === 0) return html`<p class="gw-field__hint">No notices or debits yet.</p>`
  return scrollingTable(
    `${id}-debits-caption`,
    `Notices and debits of ${id}, newest first`,
    [
      { label: 'Cycle' },
      { label: 'Notified (IST)' },
      { label: 'Debit at (IST)' },
      { label: 'Amount', number: true },
      { label: 'Status' },
      { label: 'ORDER_ID' },
    ],
    debits.map(
      (debit) =>
        html`<tr>
          <th scope="row">
            ${debit.CYCLE}, attempt ${debit.ATTEMPT}<br /><span class="gw-table__note"
              >${debit.DEBIT_ID}</span
            >
          </th>
          <td class="gw-table__date">${debit.NOTIFIED_AT}</td>
          <td class="gw-table__date">${debit.DEBIT_AT}</td>
          <td class="gw-table__number">${formatRupees(BigInt(debit.AMOUNT))}</td>
          <td>
            ${debit.STATUS}${debit.RESPONSE_CODE ? ` (${debit.RESPONSE_CODE})` : ''}${
              debit.APPROVAL_REQUIRED === 'Y'
                ? html`<br /><span class="gw-table__note"
                      >${debit.APPROVED === 'Y' ? 'approved' : 'approval required'}</span
                    >`
                : ''
            }
          </td>
          <td>${debit.ORDER_ID ? html`<code class="gw-mono">${debit.ORDER_ID}</code>` : '—'}</td>
        </tr>`,
    ),
  )
}

function actionsForm(
  shown: ConsoleSubscription,
  consoleUrl: string,
  refused: RefusedAction | undefined,
): SafeHtml {
  const { subscription, actions } = shown
  const id = subscription.id
  const error = refused?.subscriptionId === id ? refused.error : undefined
  const hintId = `${id}-act-hint`
  const none =
    subscription.status === 'CREATED'
      ? 'Nothing yet: the customer first registers the mandate on its page.'
      : 'Nothing now: the subscription has ended.'
  return html`<form class="gw-form" method="post" action="${consoleUrl}/subscriptions/${id}/act">
    <fieldset aria-describedby="${hintId}">
      <legend>Act as the customer</legend>
      ${error ? html`<p class="gw-alert" id="${id}-act-error" role="alert">${error}</p>` : ''}
      <p class="gw-field__hint" id="${hintId}">
        ${
          actions.length > 0
            ? 'What the customer may do now in their UPI app or at their bank.'
            : none
        }
      </p>
      ${
        actions.length > 0
          ? html`<div class="gw-dispute__actions">
              ${actions.map(
                (action) =>
                  html`<button
                    type="submit"
                    name="action"
                    value="${action}"
                    class="gw-button ${action === 'REVOKE' ? 'gw-button--failure' : 'gw-button--quiet'}"
                  >
                    ${actionLabels[action]}<span class="gw-visually-hidden"> ${id}</span>
                  </button>`,
              )}
            </div>`
          : ''
      }
    </fieldset>
  </form>`
}

/**
 * The account's subscriptions: each mandate as registered, its latest notices and debits, a link
 * to the customer's mandate page, and plain forms that act as the customer would.
 */
export function subscriptionsList(
  subscriptions: readonly ConsoleSubscription[],
  consoleUrl: string,
  refused: RefusedAction | undefined,
): SafeHtml {
  if (subscriptions.length === 0) {
    return html`<p>
      No subscriptions yet. <code class="gw-mono">POST /pgws/subscription</code> with this account's
      keys makes one; its AUTH_URL opens the page where your customer registers the mandate.
    </p>`
  }
  return html`<ul class="gw-disputes">
    ${subscriptions.map((shown) => {
      const { subscription } = shown
      const id = subscription.id
      return html`<li class="gw-dispute" id="${id}">
        <h3 class="gw-dispute__title">
          ${subscription.description} · <code class="gw-mono">${id}</code>
          <span class="gw-table__note">${subscription.reference}</span>
        </h3>
        <dl class="gw-dispute__facts">
          ${fact('Method', methodSent(subscription.method))}
          ${fact('Amount', amountOf(subscription))} ${fact('Frequency', subscription.frequency)}
          ${fact('State', stateOf(subscription))}
          ${fact(
            'Instrument',
            subscription.instrument
              ? html`<code class="gw-mono gw-keys__value">${subscription.instrument}</code>`
              : instrumentOf(subscription),
          )}
          ${fact('Anchor date', subscription.anchorDate || 'Set at registration')}
          ${fact('Next debit', nextDebitOf(shown))}
          ${fact(
            'Customer',
            html`<span class="gw-keys__value"
              >${subscription.custName}, ${subscription.custEmail}</span
            >`,
          )}
        </dl>
        <p>
          <a href="${subscription.authUrl}"
            >Open the customer's mandate page<span class="gw-visually-hidden"> of ${id}</span></a
          >
        </p>
        ${debitsTable(id, shown.debits)} ${actionsForm(shown, consoleUrl, refused)}
      </li>`
    })}
  </ul>`
}
