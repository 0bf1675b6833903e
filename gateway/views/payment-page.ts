import type { MessageKey, Messages } from '#gateway/i18n/index.ts'
import { format } from '#gateway/i18n/index.ts'
import {
  banks,
  disputeCardOf,
  type DisputeReasonCode,
  groupCardNumber,
  type TestCard,
  testCards,
  testUpiIds,
  wallets,
} from '#gateway/methods.ts'
import type { CardErrorKey, CardField, CardInput, UpiErrorKey } from '#gateway/payment-forms.ts'
import type { SandboxTransaction } from '#gateway/store.ts'
import { currencyOf, isForeign, paymentAmount } from '#core/currency/currencies.ts'
import { formatHtml } from './format.ts'
import { classes, html, type SafeHtml } from './html.ts'
import { icons } from './icons.ts'
import { layout, type PageContext } from './layout.ts'
import { cancelForm, paymentSummary } from './parts.ts'

export const methods = ['card', 'netbanking', 'upi', 'wallet'] as const
export type Method = (typeof methods)[number]

export function isMethod(value: unknown): value is Method {
  return methods.includes(value as Method)
}

/**
 * The methods a payment's page offers: all four for rupees; cards alone for a foreign currency,
 * since net banking, UPI and wallets move rupees only (code 345 refuses the others).
 */
export function offeredMethods(payment: { currencyCode: string }): readonly Method[] {
  return isForeign(currencyOf(payment)) ? ['card'] : methods
}

export interface PaymentPageState {
  method: Method
  errors?: {
    card?: Partial<Record<CardField, CardErrorKey>>
    upi?: UpiErrorKey
    bank?: boolean
    wallet?: boolean
  }
  values?: { card?: Partial<CardInput>; upi?: string; bank?: string; wallet?: string }
}

/**
 * The hosted payment page: summary, the methods as tabs (the card form alone for a foreign
 * currency), the sandbox's test data.
 */
export function paymentPage(
  context: PageContext,
  transaction: SandboxTransaction,
  merchantName: string,
  state: PaymentPageState,
  parentOrigin?: string,
): string {
  const t = context.language.messages
  const payPath = `${context.base}/pay/${transaction.id}`
  const offered = offeredMethods(transaction)
  const method = offered.includes(state.method) ? state.method : 'card'
  const tabs: Array<{ method: Method; label: string; icon: SafeHtml }> = [
    { method: 'card', label: t.methodCards, icon: icons.card() },
    { method: 'netbanking', label: t.methodNetBanking, icon: icons.bank() },
    { method: 'upi', label: t.methodUpi, icon: icons.upi() },
    { method: 'wallet', label: t.methodWallets, icon: icons.wallet() },
  ]
  const panels: Record<Method, SafeHtml> = {
    card: cardPanel(t, payPath, paymentAmount(transaction, context.language.code), state),
    netbanking: choicePanel(t, payPath, 'netbanking', state),
    upi: upiPanel(t, payPath, state),
    wallet: choicePanel(t, payPath, 'wallet', state),
  }
  const main = html`<h1 class="gw-title">${t.payTitle}</h1>
    <div class="gw-layout">
      ${paymentSummary(context.language, transaction, merchantName, { heading: true })}
      ${
        offered.length === 1
          ? cardOnly(t, panels.card, payPath)
          : html`<section class="gw-card gw-methods" aria-labelledby="gw-methods-heading">
              <h2 id="gw-methods-heading" class="gw-card__title">${t.methodsHeading}</h2>
              <div class="gw-tabs" role="tablist" aria-labelledby="gw-methods-heading" data-tabs>
                ${tabs.map(
                  (tab) =>
                    html`<a
                      class="gw-tab"
                      role="tab"
                      id="gw-tab-${tab.method}"
                      href="${payPath}?method=${tab.method}"
                      aria-controls="gw-panel-${tab.method}"
                      aria-selected="${tab.method === method ? 'true' : 'false'}"
                      data-method="${tab.method}"
                      >${tab.icon}<span>${tab.label}</span></a
                    >`,
                )}
              </div>
              ${methods.map(
                (panel) =>
                  html`<div
                    class="gw-panel"
                    role="tabpanel"
                    id="gw-panel-${panel}"
                    aria-labelledby="gw-tab-${panel}"
                    ${panel === method ? '' : html` hidden`}
                  >
                    ${panels[panel]}
                  </div>`,
              )}
              ${cancelForm(t, `${payPath}/cancel`)}
            </section>`
      }
      ${testData(t, offered)}
    </div>`
  return layout(context, {
    title: t.payTitle,
    main,
    languageForm: {
      method: 'post',
      action: `${payPath}/language`,
      hidden: { method },
    },
    data: { 'parent-origin': parentOrigin },
  })
}

/** A foreign currency's one method: the card form under its own heading, no tabs. */
function cardOnly(t: Messages, panel: SafeHtml, payPath: string): SafeHtml {
  return html`<section class="gw-card gw-methods" aria-labelledby="gw-methods-heading">
    <h2 id="gw-methods-heading" class="gw-card__title">${t.cardOnlyHeading}</h2>
    <div class="gw-panel" id="gw-panel-card">${panel}</div>
    ${cancelForm(t, `${payPath}/cancel`)}
  </section>`
}

function errorAlert(t: Messages, show: boolean): SafeHtml | '' {
  return show ? html`<p class="gw-alert" role="alert">${t.formHasErrors}</p>` : ''
}

export interface FieldOptions {
  id: string
  name: string
  label: string
  value?: string
  error?: string
  hint?: string
  attributes: SafeHtml
}

/** A labelled text input with its hint and error, described by both. */
export function field(options: FieldOptions): SafeHtml {
  const describedBy = [
    options.hint ? `${options.id}-hint` : '',
    options.error ? `${options.id}-error` : '',
  ]
    .filter(Boolean)
    .join(' ')
  return html`<div class="${classes('gw-field', options.error && 'gw-field--invalid')}">
    <label class="gw-field__label" for="${options.id}">${options.label}</label>
    <input
      class="gw-input"
      id="${options.id}"
      name="${options.name}"
      value="${options.value ?? ''}"
      ${options.attributes}${describedBy ? html` aria-describedby="${describedBy}"` : ''}${options.error ? html` aria-invalid="true"` : ''}
    />
    ${options.hint ? html`<p class="gw-field__hint" id="${options.id}-hint">${options.hint}</p>` : ''}
    ${options.error ? html`<p class="gw-field__error" id="${options.id}-error">${options.error}</p>` : ''}
  </div>`
}

function cardPanel(
  t: Messages,
  payPath: string,
  amount: string,
  state: PaymentPageState,
): SafeHtml {
  const errors = state.errors?.card ?? {}
  const values = state.values?.card ?? {}
  const message = (key: CardErrorKey | undefined) => (key ? t[key] : undefined)
  return html`<form class="gw-form" method="post" action="${payPath}/card" novalidate data-guard>
    <p class="gw-panel__intro">${t.cardIntro}</p>
    ${errorAlert(t, Object.keys(errors).length > 0)}
    ${field({
      id: 'gw-card-number',
      name: 'number',
      label: t.cardNumberLabel,
      value: values.number,
      error: message(errors.number),
      attributes: html` inputmode="numeric" autocomplete="cc-number" maxlength="23"
      spellcheck="false" data-format="card"`,
    })}
    <div class="gw-field-row">
      ${field({
        id: 'gw-card-expiry',
        name: 'expiry',
        label: t.expiryLabel,
        value: values.expiry,
        error: message(errors.expiry),
        attributes: html` inputmode="numeric" autocomplete="cc-exp" maxlength="5"
        placeholder="MM/YY" data-format="expiry"`,
      })}
      ${field({
        id: 'gw-card-cvv',
        name: 'cvv',
        label: t.cvvLabel,
        error: message(errors.cvv),
        hint: t.cvvHint,
        attributes: html` type="password" inputmode="numeric" autocomplete="cc-csc" maxlength="3"
        data-format="digits"`,
      })}
    </div>
    ${field({
      id: 'gw-card-name',
      name: 'name',
      label: t.cardNameLabel,
      value: values.name,
      error: message(errors.name),
      attributes: html` autocomplete="cc-name" maxlength="50" spellcheck="false"`,
    })}
    <button
      type="submit"
      class="gw-button gw-button--primary gw-button--block"
      data-processing="${t.processing}"
    >
      ${icons.lock()}<span>${format(t.payButton, { amount })}</span>
    </button>
  </form>`
}

function upiPanel(t: Messages, payPath: string, state: PaymentPageState): SafeHtml {
  const error = state.errors?.upi
  return html`<form class="gw-form" method="post" action="${payPath}/upi" novalidate data-guard>
    <p class="gw-panel__intro">${t.upiIntro}</p>
    ${field({
      id: 'gw-upi-id',
      name: 'vpa',
      label: t.upiLabel,
      value: state.values?.upi,
      error: error ? t[error] : undefined,
      hint: t.upiHint,
      attributes: html` type="text" inputmode="email" autocomplete="off" autocapitalize="none"
      maxlength="60" spellcheck="false" data-format="upi"`,
    })}
    <button
      type="submit"
      class="gw-button gw-button--primary gw-button--block"
      data-processing="${t.processing}"
    >
      ${t.upiSubmit}
    </button>
  </form>`
}

/** Net banking and wallets: a grid of radio tiles, then the sandbox bank page. */
function choicePanel(
  t: Messages,
  payPath: string,
  kind: 'netbanking' | 'wallet',
  state: PaymentPageState,
): SafeHtml {
  const isBank = kind === 'netbanking'
  const options = isBank ? banks : wallets
  const chosen = isBank ? state.values?.bank : state.values?.wallet
  const invalid = isBank ? state.errors?.bank : state.errors?.wallet
  const name = isBank ? 'bank' : 'wallet'
  const errorId = `gw-${name}-error`
  return html`<form class="gw-form" method="post" action="${payPath}/${kind}" novalidate data-guard>
    <p class="gw-panel__intro">${isBank ? t.bankIntro : t.walletIntro}</p>
    <fieldset class="gw-tiles" ${invalid ? html` aria-describedby="${errorId}"` : ''}>
      <legend class="gw-tiles__legend">${isBank ? t.bankLegend : t.walletLegend}</legend>
      <div class="${classes('gw-tiles__grid', !isBank && 'gw-tiles__grid--three')}">
        ${options.map(
          (option, index) =>
            html`<label class="gw-tile">
              <input
                class="gw-tile__input"
                type="radio"
                name="${name}"
                value="${option.code}"
                ${option.code === chosen ? html` checked` : ''}
              />
              <span class="gw-tile__body">
                <span class="gw-tile__mark" data-tone="${String(index % 8)}" aria-hidden="true"
                  >${monogram(option.name)}</span
                >
                <span class="gw-tile__name">${option.name}</span>
                <span class="gw-tile__code">${option.code}</span>
              </span>
            </label>`,
        )}
      </div>
    </fieldset>
    ${invalid ? html`<p class="gw-field__error" id="${errorId}" role="alert">${isBank ? t.bankRequired : t.walletRequired}</p>` : ''}
    <button
      type="submit"
      class="gw-button gw-button--primary gw-button--block"
      data-processing="${t.processing}"
    >
      ${isBank ? t.bankSubmit : t.walletSubmit}
    </button>
  </form>`
}

/** `AXIS Bank` → `AB`, `PhonePay` → `PP`, `SBI` → `SB`: a tile's mark, not a logo. */
export function monogram(name: string): string {
  const words = name.split(/\s+/).filter(Boolean)
  if (words.length > 1) return (words[0]![0]! + words[1]![0]!).toUpperCase()
  const capitals = name.match(/[A-Z]/g) ?? []
  if (capitals.length >= 2 && capitals.length < name.length) return capitals.slice(0, 2).join('')
  return name.slice(0, 2).toUpperCase()
}

/** The reason texts of the dispute test cards' outcome, by reason code. */
const disputeReasonKeys: Record<DisputeReasonCode, MessageKey> = {
  '13.1': 'disputeReasonNotReceived',
  '10.4': 'disputeReasonFraud',
}

/** What to type to see each outcome: only the methods this payment's page offers. */
function testData(t: Messages, offered: readonly Method[]): SafeHtml {
  const cardOutcome: Record<string, string> = {
    '000': t.testCardSuccess,
    '004': t.testCardDeclined,
    '020': t.testCardNoFunds,
  }
  const outcomeOf = (card: TestCard) => {
    const disputed = disputeCardOf(card.number)
    if (disputed) {
      const reason = t[disputeReasonKeys[disputed.reasonCode]]
      return format(t.testCardDisputed, { reason, code: disputed.reasonCode })
    }
    // A card that settles on another pricing row than a credit card's says which.
    if (card.issuedAbroad) return t.testCardAbroad
    if (card.paymentType === 'DC') {
      return card.mopType === 'RU' ? t.testCardRupayDebit : t.testCardDebit
    }
    return cardOutcome[card.code]
  }
  return html`<section class="gw-card gw-testdata" aria-labelledby="gw-testdata-heading">
    <h2 id="gw-testdata-heading" class="gw-card__title">${t.testDataHeading}</h2>
    <p class="gw-testdata__intro">${t.testDataIntro}</p>
    <h3 class="gw-testdata__heading">${t.testCardsHeading}</h3>
    <ul class="gw-testlist">
      ${testCards.map(
        (card) =>
          html`<li class="gw-testlist__item">
            <code class="gw-testlist__value" dir="ltr">${groupCardNumber(card.number)}</code
            ><span
              class="${classes('gw-testlist__outcome', card.code === '000' ? 'gw-testlist__outcome--ok' : 'gw-testlist__outcome--fail')}"
              >${outcomeOf(card)}</span
            >
          </li>`,
      )}
    </ul>
    <p class="gw-testdata__note">${t.testCardOther}</p>
    <p class="gw-testdata__note">${t.testDisputeNote}</p>
    ${offered.includes('upi') ? upiAndBankTestData(t) : ''}
    <p class="gw-testdata__note">
      ${formatHtml(t.testCancelText, { cancel: strong(t.cancelButton) })}
    </p>
  </section>`
}

const strong = (text: string) => html`<strong>${text}</strong>`

/** The test UPI IDs and the sandbox bank page, for a page that offers those methods. */
function upiAndBankTestData(t: Messages): SafeHtml {
  const upiOutcome: Record<string, string> = {
    success: t.testUpiSuccess,
    failure: t.testUpiFailure,
    pending: t.testUpiPending,
    late: t.testUpiLate,
  }
  return html`<h3 class="gw-testdata__heading">${t.testUpiHeading}</h3>
    <ul class="gw-testlist">
      ${testUpiIds.map(
        (upi) =>
          html`<li class="gw-testlist__item">
            <code class="gw-testlist__value" dir="ltr">${upi.vpa}</code
            ><span
              class="${classes('gw-testlist__outcome', upi.code === '000' ? 'gw-testlist__outcome--ok' : upi.code === '026' ? 'gw-testlist__outcome--wait' : 'gw-testlist__outcome--fail')}"
              >${upiOutcome[upi.outcome]}</span
            >
          </li>`,
      )}
    </ul>
    <h3 class="gw-testdata__heading">${t.testBankHeading}</h3>
    <p class="gw-testdata__note">
      ${formatHtml(t.testBankText, { success: strong(t.bankSuccess), failure: strong(t.bankFailure) })}
    </p>`
}
