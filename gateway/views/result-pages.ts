import { format } from '#gateway/i18n/index.ts'
import { formBodyOf, type HashLesson, SALT_PLACEHOLDER } from '#gateway/hash-lesson.ts'
import type { ResponseCode, TransactionStatus } from '#core/protocol/codes.ts'
import type { SandboxTransaction } from '#gateway/store.ts'
import { paymentAmount } from '#core/currency/currencies.ts'
import { html, type SafeHtml } from './html.ts'
import { icons } from './icons.ts'
import { layout, type PageContext } from './layout.ts'

export interface ResponsePageOptions {
  merchantName: string
  code: ResponseCode
  status: TransactionStatus
  /** The encrypted response handed back to the merchant. */
  response: { PAY_ID: string; ENCDATA: string }
  /** Post the response at once (the payment just ended) or wait for Continue. */
  autoSubmit: boolean
  /** Checkout frame: the response goes to the parent window, to this origin, not to RETURN_URL. */
  checkoutOrigin?: string
}

/**
 * The end of a payment: the outcome, then the response posted to RETURN_URL by an
 * auto-submitting form (Continue when scripts are off), or handed to the checkout's parent.
 */
export function responsePage(
  context: PageContext,
  transaction: SandboxTransaction,
  options: ResponsePageOptions,
): string {
  const t = context.language.messages
  const outcome = {
    Captured: { heading: t.outcomeCaptured, icon: icons.success(), tone: 'captured' },
    Failed: { heading: t.outcomeFailed, icon: icons.failure(), tone: 'failed' },
    Pending: { heading: t.outcomePending, icon: icons.pending(), tone: 'pending' },
  }[options.status]
  const checkout = options.checkoutOrigin !== undefined
  // A QR payment may have no RETURN_URL: its end is this page, and the merchant asks the status.
  const returnsToMerchant = !checkout && transaction.returnUrl !== ''
  const returning = format(t.returningHeading, { merchant: options.merchantName })
  const main = html`<section
    class="gw-card gw-result gw-result--${outcome.tone}"
    aria-labelledby="gw-result-heading"
  >
    ${outcome.icon}
    <h1 id="gw-result-heading" class="gw-title gw-result__title">${outcome.heading}</h1>
    <p class="gw-result__message">${t.codes[options.code]}</p>
    <dl class="gw-result__details">
      <div>
        <dt>${t.resultAmountLabel}</dt>
        <dd>${paymentAmount(transaction, context.language.code)}</dd>
      </div>
      <div>
        <dt>${t.orderIdLabel}</dt>
        <dd class="gw-mono">${transaction.orderId}</dd>
      </div>
      <div>
        <dt>${t.transactionIdLabel}</dt>
        <dd class="gw-mono">${transaction.txnId}</dd>
      </div>
      <div>
        <dt>${t.responseCodeLabel}</dt>
        <dd class="gw-mono">${options.code}</dd>
      </div>
    </dl>
    <div class="gw-result__return">
      <h2 class="gw-result__subtitle">
        ${returnsToMerchant && options.autoSubmit ? returning : t.finishedText}
      </h2>
      ${
        checkout
          ? html`<p>${t.checkoutDoneText}</p>`
          : returnsToMerchant
            ? returnForm(t, transaction, options)
            : html`<p>${t.ownOutcomeText}</p>`
      }
      ${
        transaction.mode === 'paylink'
          ? html`<p><a href="${context.base}/pay/${transaction.id}/link">${t.paylinkBack}</a></p>`
          : ''
      }
    </div>
  </section>`
  return layout(context, {
    title: outcome.heading,
    main,
    data: {
      'parent-origin': options.checkoutOrigin,
      'checkout-response': checkout ? JSON.stringify(options.response) : undefined,
      autosubmit: returnsToMerchant && options.autoSubmit ? 'true' : undefined,
    },
  })
}

function returnForm(
  t: PageContext['language']['messages'],
  transaction: SandboxTransaction,
  options: ResponsePageOptions,
): SafeHtml {
  // "Please wait" only where a script will go on by itself (gateway.js shows it); without
  // scripts the visitor presses Continue.
  return html`${options.autoSubmit ? html`<p class="gw-result__wait" hidden><span class="gw-spinner" aria-hidden="true"></span>${t.returningText}</p>` : ''}
    <form id="gw-return" method="post" action="${transaction.returnUrl}">
      <input type="hidden" name="PAY_ID" value="${options.response.PAY_ID}" />
      <input type="hidden" name="ENCDATA" value="${options.response.ENCDATA}" />
      <button type="submit" class="gw-button gw-button--primary gw-button--block">
        ${t.continueButton}
      </button>
    </form>
    ${
      options.autoSubmit
        ? html`<p class="gw-result__hint">
            ${format(t.continueHint, { continue: t.continueButton, merchant: options.merchantName })}
          </p>`
        : ''
    }`
}

export interface RefusalPageOptions {
  code: ResponseCode
  /** Checkout frame: tell the merchant page the frame shows something. */
  parentOrigin?: string
  /** A sandbox that teaches: what a 323 hashed, or the key to check (gateway/hash-lesson.ts). */
  lesson?: HashLesson
}

/** A request refused before any payment was offered: code and meaning, and nothing to pay. */
export function refusalPage(context: PageContext, options: RefusalPageOptions): string {
  const t = context.language.messages
  const main = html`<section
    class="gw-card gw-result gw-result--refused"
    aria-labelledby="gw-result-heading"
  >
    ${icons.refused()}
    <h1 id="gw-result-heading" class="gw-title gw-result__title">${t.refusedTitle}</h1>
    <p class="gw-result__message">${t.refusedIntro}</p>
    <dl class="gw-result__details gw-result__details--error">
      <div>
        <dt>${t.errorCodeLabel}</dt>
        <dd>
          <strong class="gw-mono" data-code>${options.code}</strong>
          <span data-message>${t.codes[options.code]}</span>
        </dd>
      </div>
    </dl>
    ${options.lesson ? lessonSection(t, options.lesson) : html`<p class="gw-result__hint">${t.refusedAdvice}</p>`}
  </section>`
  return layout(context, {
    title: t.refusedTitle,
    main,
    languageForm: {
      method: 'get',
      action: `${context.base}/refused`,
      // The lesson comes along, so the page says the same in the language chosen.
      hidden: { code: options.code, ...lessonQuery(options.lesson) },
    },
    data: { 'parent-origin': options.parentOrigin },
  })
}

type Messages = PageContext['language']['messages']

/** What the developer can act on: the exact text hashed, or the key to check, and the debugger. */
function lessonSection(t: Messages, lesson: HashLesson): SafeHtml {
  const body =
    lesson.kind === 'fields'
      ? html`<h2 id="gw-lesson-heading" class="gw-result__subtitle">${t.hashLessonHeading}</h2>
          <p>${format(t.hashLessonIntro, { salt: SALT_PLACEHOLDER })}</p>
          <pre
            class="gw-lesson__text"
            dir="ltr"
          ><code data-hashed-text>${lesson.hashedText}</code></pre>
          <p>
            <a class="gw-lesson__link" href="${lesson.debuggerUrl}" data-debugger-link
              >${t.hashLessonDebugger}</a
            >
          </p>
          <p class="gw-result__hint">${t.hashLessonDebuggerHint}</p>
          ${
            lesson.otherFields > 0
              ? html`<p class="gw-result__hint" data-other-fields>
                  ${format(t.hashLessonOtherFields, { count: String(lesson.otherFields) })}
                </p>`
              : ''
          }`
      : html`<h2 id="gw-lesson-heading" class="gw-result__subtitle">${t.encdataLessonHeading}</h2>
          <p>${t.encdataLessonText}</p>
          <p>
            <a class="gw-lesson__link" href="${lesson.debuggerUrl}" data-debugger-link
              >${t.encdataLessonDebugger}</a
            >
          </p>`
  return html`<div class="gw-lesson" role="region" aria-labelledby="gw-lesson-heading">
    ${body}
    <p class="gw-lesson__note">${t.hashLessonSandboxOnly}</p>
  </div>`
}

/** The lesson as the /refused page's query reads it back (pages/entries.ts). */
function lessonQuery(lesson: HashLesson | undefined): Record<string, string> {
  if (!lesson) return {}
  return lesson.kind === 'fields'
    ? {
        fields: formBodyOf(lesson.fields),
        ...(lesson.otherFields > 0 && { other: String(lesson.otherFields) }),
      }
    : { encdata: formBodyOf({ PAY_ID: lesson.payId, ENCDATA: lesson.encdata }) }
}

/** The page of an address over the payment pages' limit: when it may pay again. */
export function tooManyPage(context: PageContext, seconds: number): string {
  const t = context.language.messages
  const main = html`<section
    class="gw-card gw-result gw-result--refused"
    aria-labelledby="gw-result-heading"
  >
    ${icons.refused()}
    <h1 id="gw-result-heading" class="gw-title gw-result__title">${t.tooManyTitle}</h1>
    <p class="gw-result__message" data-too-many>
      ${format(t.tooManyText, { seconds: String(seconds) })}
    </p>
  </section>`
  return layout(context, { title: t.tooManyTitle, main })
}

export function notFoundPage(context: PageContext): string {
  const t = context.language.messages
  const main = html`<section
    class="gw-card gw-result gw-result--refused"
    aria-labelledby="gw-result-heading"
  >
    ${icons.refused()}
    <h1 id="gw-result-heading" class="gw-title gw-result__title">${t.notFoundTitle}</h1>
    <p class="gw-result__message">${t.notFoundText}</p>
  </section>`
  return layout(context, { title: t.notFoundTitle, main })
}
