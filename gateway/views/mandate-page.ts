import { formatRupees } from '#core/currency/paise.ts'
import type { CustomerAction, Frequency } from '#core/recurring/rules.ts'
import { format, type Messages } from '#gateway/i18n/index.ts'
import { banks } from '#gateway/methods.ts'
import type { Fields } from '#core/protocol/fields.ts'
import type { SandboxSubscription, SandboxSubscriptionDebit } from '#gateway/subscriptions/table.ts'
import { html, type SafeHtml } from './html.ts'
import { icons } from './icons.ts'
import { layout, type PageContext } from './layout.ts'
import { dateTimeIn } from './paylink-page.ts'
import { field } from './payment-page.ts'

/** Which step of the mandate page to show. */
export type MandateStep =
  /** Registration: the UPI app, the card form or the bank's form, with what was typed and why it was refused. */
  | { step: 'register'; values?: Record<string, string>; errors?: Record<string, string> }
  /** UPI: the PIN, for the UPI ID typed. */
  | { step: 'pin'; vpa: string; error?: string }
  /** Card: the issuer's OTP, for the card (its last four digits) typed. */
  | { step: 'otp'; last4: string; error?: string }
  /** e-NACH: the bank's own page. */
  | { step: 'bank'; bank: string; account: string; ifsc: string }
  /** After registration: the mandate, its notice, its debits and the customer's actions. */
  | {
      step: 'manage'
      open?: SandboxSubscriptionDebit
      debits: SandboxSubscriptionDebit[]
      actions: CustomerAction[]
      /** The signed answer a registered customer takes back to the merchant. */
      returnFields?: Fields
      refused?: string
    }

function dateIn(language: string, isoDate: string): string {
  if (!isoDate) return ''
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  )
}

function frequencyText(t: Messages, frequency: Frequency): string {
  return {
    WEEKLY: t.mandateWeekly,
    MONTHLY: t.mandateMonthly,
    QUARTERLY: t.mandateQuarterly,
    YEARLY: t.mandateYearly,
    AS_PRESENTED: t.mandateAsPresented,
  }[frequency]
}

/**
 * The mandate page (`/m/<code>`), one page the customer keeps: while the subscription waits, the
 * registration (a virtual UPI app, a card's standing instruction, or the bank's e-mandate page);
 * afterwards the mandate with its next payment, its payments and the customer's actions. Every
 * step is a plain form: no script is needed.
 */
export function mandatePage(
  context: PageContext,
  subscription: SandboxSubscription,
  merchantName: string,
  step: MandateStep,
): string {
  const t = context.language.messages
  const path = `${context.base}/m/${subscription.code}`
  const heading =
    step.step === 'manage'
      ? t.mandateTitle
      : subscription.method === 'UPI'
        ? t.mandateUpiAppName
        : subscription.method === 'CARD'
          ? t.mandateCardHeading
          : t.mandateBankHeading
  const main = html`<div class="gw-bank gw-scan gw-mandate">
    <div class="gw-bank__head">
      <span class="gw-scan__mark" aria-hidden="true">${icons.lock()}</span>
      <h1 class="gw-title gw-bank__title">${heading}</h1>
    </div>
    <p class="gw-bank__intro">${format(t.mandateIntro, { merchant: merchantName })}</p>
    ${summary(context, subscription, merchantName)}
    ${body(context, subscription, merchantName, step, path)}
  </div>`
  return layout(context, {
    title: heading,
    main,
    languageForm: { method: 'get', action: path, hidden: {} },
  })
}

function summary(
  context: PageContext,
  subscription: SandboxSubscription,
  merchantName: string,
): SafeHtml {
  const { language } = context
  const t = language.messages
  const row = (label: string, value: string) =>
    value
      ? html`<div class="gw-summary__row">
          <dt>${label}</dt>
          <dd>${value}</dd>
        </div>`
      : ''
  return html`<section class="gw-card gw-summary" aria-labelledby="gw-summary-heading">
    <h2 id="gw-summary-heading" class="gw-visually-hidden">${t.summaryHeading}</h2>
    <dl class="gw-summary__list">
      <div class="gw-summary__row">
        <dt>${t.merchantLabel}</dt>
        <dd class="gw-summary__merchant">${merchantName}</dd>
      </div>
      ${row(t.mandateDescriptionLabel, subscription.description)}
      ${row(t.mandateFrequencyLabel, frequencyText(t, subscription.frequency))}
      ${row(t.mandateMaxAmountLabel, formatRupees(subscription.maxAmount))}
      ${row(
        t.mandateStartLabel,
        dateIn(language.code, subscription.anchorDate || subscription.startDate),
      )}
      ${row(t.mandateValidUntilLabel, dateIn(language.code, subscription.endDate))}
      ${row(t.mandateInstrumentLabel, subscription.instrument)}
      ${row(t.mandateStateLabel, t[`mandateState${subscription.status}`])}
      ${
        subscription.amount !== null
          ? html`<div class="gw-summary__row gw-summary__row--amount">
              <dt>${t.mandateAmountLabel}</dt>
              <dd class="gw-summary__amount">${formatRupees(subscription.amount)}</dd>
            </div>`
          : ''
      }
    </dl>
  </section>`
}

function body(
  context: PageContext,
  subscription: SandboxSubscription,
  merchantName: string,
  step: MandateStep,
  path: string,
): SafeHtml {
  const t = context.language.messages
  const lang = html`<input type="hidden" name="lang" value="${context.language.code}" />`
  const submit = (label: string, tone = 'primary', name = '', value = '') =>
    html`<button
      type="submit"
      class="gw-button gw-button--${tone} gw-button--block"
      ${name ? html`name="${name}" value="${value}"` : ''}
      data-processing="${t.processing}"
    >
      ${label}
    </button>`
  switch (step.step) {
    case 'register':
      return registration(context, subscription, step, path, lang, submit)
    case 'pin':
      return html`<form
        class="gw-card gw-form"
        method="post"
        action="${path}/upi/pin"
        novalidate
        data-guard
      >
        <h2 class="gw-card__title">
          ${format(t.mandatePinHeading, {
            merchant: merchantName,
            amount: formatRupees(subscription.maxAmount),
          })}
        </h2>
        ${lang}<input type="hidden" name="vpa" value="${step.vpa}" />
        ${field({
          id: 'gw-mandate-pin',
          name: 'pin',
          label: t.mandatePinLabel,
          hint: t.mandatePinHint,
          error: step.error,
          attributes: html`type="password" inputmode="numeric" autocomplete="off" required
          maxlength="6"`,
        })}
        ${submit(t.mandateApprove)}
      </form>`
    case 'otp':
      return html`<form
        class="gw-card gw-form"
        method="post"
        action="${path}/card/otp"
        novalidate
        data-guard
      >
        <h2 class="gw-card__title">${t.mandateOtpHeading}</h2>
        <p>${format(t.mandateOtpIntro, { last4: step.last4 })}</p>
        ${lang}<input type="hidden" name="card" value="${step.last4}" />
        ${field({
          id: 'gw-mandate-otp',
          name: 'otp',
          label: t.mandateOtpLabel,
          hint: t.mandateOtpHint,
          error: step.error,
          attributes: html`inputmode="numeric" autocomplete="one-time-code" required maxlength="6"`,
        })}
        ${submit(t.mandateContinue)}
      </form>`
    case 'bank':
      return html`<section class="gw-card" aria-labelledby="gw-bank-page">
        <h2 id="gw-bank-page" class="gw-card__title">
          ${format(t.mandateBankPageHeading, { bank: step.bank })}
        </h2>
        <p>${t.mandateBankPageIntro}</p>
        <form method="post" action="${path}/enach/bank" data-guard>
          ${lang}<input type="hidden" name="bank" value="${step.bank}" />
          <input type="hidden" name="account" value="${step.account}" />
          <input type="hidden" name="ifsc" value="${step.ifsc}" />
          <div class="gw-bank__actions">
            ${submit(t.mandateAuthorise, 'success', 'outcome', 'success')}
            ${submit(t.mandateRefuse, 'failure', 'outcome', 'failure')}
          </div>
        </form>
      </section>`
    case 'manage':
      return manage(context, subscription, merchantName, step, path, lang, submit)
  }
}

type Submit = (label: string, tone?: string, name?: string, value?: string) => SafeHtml

function registration(
  context: PageContext,
  subscription: SandboxSubscription,
  step: Extract<MandateStep, { step: 'register' }>,
  path: string,
  lang: SafeHtml,
  submit: Submit,
): SafeHtml {
  const t = context.language.messages
  const values = step.values ?? {}
  const errors = step.errors ?? {}
  if (subscription.method === 'UPI') {
    return html`<form
      class="gw-card gw-form"
      method="post"
      action="${path}/upi"
      novalidate
      data-guard
    >
      ${lang}
      ${field({
        id: 'gw-mandate-vpa',
        name: 'vpa',
        label: t.mandateUpiIdLabel,
        value: values.vpa,
        hint: t.mandateUpiIdHint,
        error: errors.vpa,
        attributes: html`autocomplete="off" autocapitalize="none" spellcheck="false" maxlength="100"`,
      })}
      <div class="gw-bank__actions">
        ${submit(t.mandateApprove, 'success', 'decision', 'approve')}
        ${submit(t.mandateDecline, 'failure', 'decision', 'decline')}
      </div>
    </form>`
  }
  if (subscription.method === 'CARD') {
    return html`<form
      class="gw-card gw-form"
      method="post"
      action="${path}/card"
      novalidate
      data-guard
    >
      ${lang}
      ${field({
        id: 'gw-mandate-card',
        name: 'number',
        label: t.cardNumberLabel,
        value: values.number,
        hint: t.mandateCardHint,
        error: errors.number,
        attributes: html`inputmode="numeric" autocomplete="cc-number" required maxlength="23"`,
      })}
      ${field({
        id: 'gw-mandate-expiry',
        name: 'expiry',
        label: t.expiryLabel,
        value: values.expiry,
        error: errors.expiry,
        attributes: html`inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" required
        maxlength="5"`,
      })}
      ${field({
        id: 'gw-mandate-cvv',
        name: 'cvv',
        label: t.cvvLabel,
        error: errors.cvv,
        attributes: html`type="password" inputmode="numeric" autocomplete="cc-csc" required
        maxlength="3"`,
      })}
      ${submit(t.mandateContinue)}
    </form>`
  }
  return html`<form
    class="gw-card gw-form"
    method="post"
    action="${path}/enach"
    novalidate
    data-guard
  >
    ${lang}
    <div class="gw-field">
      <label class="gw-field__label" for="gw-mandate-bank">${t.mandateBankLabel}</label>
      <select class="gw-input" id="gw-mandate-bank" name="bank">
        ${banks.map(
          (bank) =>
            html`<option value="${bank.code}" ${values.bank === bank.code ? 'selected' : ''}>
              ${bank.name}
            </option>`,
        )}
      </select>
    </div>
    ${field({
      id: 'gw-mandate-account',
      name: 'account',
      label: t.mandateAccountLabel,
      value: values.account,
      hint: t.mandateAccountHint,
      error: errors.account,
      attributes: html`inputmode="numeric" autocomplete="off" required maxlength="18"`,
    })}
    ${field({
      id: 'gw-mandate-ifsc',
      name: 'ifsc',
      label: t.mandateIfscLabel,
      value: values.ifsc,
      error: errors.ifsc,
      attributes: html`autocomplete="off" autocapitalize="characters" required maxlength="11"`,
    })}
    ${submit(t.mandateContinue)}
  </form>`
}

function manage(
  context: PageContext,
  subscription: SandboxSubscription,
  merchantName: string,
  step: Extract<MandateStep, { step: 'manage' }>,
  path: string,
  lang: SafeHtml,
  submit: Submit,
): SafeHtml {
  const { language } = context
  const t = language.messages
  const { open } = step
  const notice = open
    ? html`<section class="gw-card" aria-labelledby="gw-mandate-notice">
        <h2 id="gw-mandate-notice" class="gw-card__title">${t.mandateNoticeHeading}</h2>
        <p>
          ${format(t.mandateNoticeText, {
            amount: formatRupees(open.amount),
            date: dateTimeIn(language.code, open.debitAt),
          })}
        </p>
        ${
          open.approvalRequired
            ? html`<p class="gw-field__hint">
                ${open.approved ? t.mandateApprovedText : t.mandateApprovalNeeded}
              </p>`
            : ''
        }
      </section>`
    : ''
  const actions =
    step.actions.length > 0
      ? html`<section class="gw-card" aria-labelledby="gw-mandate-actions">
          <h2 id="gw-mandate-actions" class="gw-card__title">${t.mandateActionsHeading}</h2>
          ${step.refused ? html`<p class="gw-field__error" role="alert">${step.refused}</p>` : ''}
          <form method="post" action="${path}/action" class="gw-mandate__actions" data-guard>
            ${lang}
            ${step.actions.map((action) =>
              submit(
                t[`mandateAction${action}`],
                action === 'REVOKE' ? 'failure' : action === 'APPROVE' ? 'success' : 'quiet',
                'action',
                action,
              ),
            )}
          </form>
          ${
            step.actions.includes('REVOKE')
              ? html`<p class="gw-field__hint">${t.mandateRevokeWarning}</p>`
              : ''
          }
        </section>`
      : ''
  const debits = html`<section class="gw-card" aria-labelledby="gw-mandate-debits">
    <h2 id="gw-mandate-debits" class="gw-card__title">${t.mandateDebitsHeading}</h2>
    ${
      step.debits.length === 0
        ? html`<p>${t.mandateDebitsEmpty}</p>`
        : html`<ul class="gw-mandate__debits">
            ${step.debits.map(
              (debit) =>
                html`<li>
                  <span>${dateTimeIn(language.code, debit.debitAt)}</span>
                  <span>${formatRupees(debit.amount)}</span>
                  <span class="gw-mandate__outcome" data-status="${debit.status}"
                    >${t[`mandateDebit${debit.status}`]}</span
                  >
                </li>`,
            )}
          </ul>`
    }
  </section>`
  const back = step.returnFields
    ? html`<form method="post" action="${subscription.returnUrl}">
        ${Object.entries(step.returnFields).map(
          ([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`,
        )}
        <button type="submit" class="gw-button gw-button--quiet gw-button--block">
          ${format(t.mandateReturn, { merchant: merchantName })}
        </button>
      </form>`
    : ''
  return html`${notice} ${actions} ${debits} ${back}`
}
