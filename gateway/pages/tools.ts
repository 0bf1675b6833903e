import type { Request, RequestHandler, Response } from 'express'
import type { Asset } from '#gateway/assets.ts'
import {
  type FindMerchant,
  type NotifyPolicyFor,
  protocolFields,
  type Refusal,
} from '#gateway/checks.ts'
import {
  fieldsLesson,
  type HashLesson,
  type HashRefusalLessons,
  merchantHostedLesson,
} from '#gateway/hash-lesson.ts'
import { type Language, language as languageOf, negotiateLanguage } from '#gateway/i18n/index.ts'
import { merchantNow, type SandboxMerchant } from '#gateway/merchants.ts'
import { encryptFields } from '#core/protocol/cipher.ts'
import { type ResponseCode, responseCodes } from '#core/protocol/codes.ts'
import {
  completeTransaction,
  findTransaction,
  type GatewayDatabase,
  type PaymentOutcome,
  returnResponseFields,
  type SandboxTransaction,
  transactionCode,
  type TransactionMode,
} from '#gateway/store.ts'
import type { PageContext } from '#gateway/views/layout.ts'
import { paymentPage, type PaymentPageState } from '#gateway/views/payment-page.ts'
import {
  notFoundPage,
  refusalPage,
  responsePage,
  tooManyPage,
} from '#gateway/views/result-pages.ts'
import { queuePaymentEvent } from '#gateway/webhooks/events.ts'
import { linkOutcome, markLinkPaid, releaseLink } from '#gateway/paylinks/store.ts'
import { type FramePolicy, sendPage } from './policy.ts'

/** What the gateway's pages work with: the store, the merchants, the assets and the settings. */
export interface PageSetup {
  db: GatewayDatabase
  findMerchant: FindMerchant
  /** A payment request of an account keeps it alive (gateway/accounts/directory.ts). */
  markActive: (payId: string) => Promise<void>
  /** Every merchant's return origins: who may frame a page that belongs to no one payment. */
  allOrigins: string[]
  assets: Record<'css' | 'js' | 'icon', Asset>
  now: () => Date
  log?: (line: string) => void
  /** Which NOTIFY_URLs a request is allowed, by where it came from. */
  notifyPolicy: NotifyPolicyFor
  /** How long late@upi stays Pending before the bank confirms it. */
  settleDelayMs: number
  /** Called after an event was committed, so it goes out at once. */
  onEventQueued: () => void
  /** The parser of every form the pages post. */
  form: RequestHandler
  /**
   * The address's limit on the payment pages, their posts and the QR images (api/limits.ts),
   * in front of each of them, before the body is read.
   */
  pageLimit: RequestHandler[]
  /** The gateway's public absolute URL, when it differs from what requests reach it at. */
  publicUrl?: string
  /** A sandbox that teaches: 323 pages show the text hashed (gateway/hash-lesson.ts). */
  hashRefusalLessons?: HashRefusalLessons
}

/** How a payment ends: the code, the method, and what the acquirer needs to fill its fields. */
export interface FinishOutcome {
  code: ResponseCode
  paymentType: string
  mopType: string
  cardNumber?: string
  /** The card was issued outside India. */
  issuedAbroad?: boolean
  /** Pending now, confirmed by the bank after the sandbox's settle delay (late@upi). */
  late?: boolean
}

export interface LoadedPayment {
  transaction: SandboxTransaction
  merchant: SandboxMerchant
  language: Language
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** What every page is drawn with: the mount path, the versioned assets and the language. */
export function context(setup: PageSetup, req: Request, language: Language): PageContext {
  const { assets } = setup
  return {
    base: req.baseUrl,
    assets: {
      css: `${req.baseUrl}/assets/gateway.css?v=${assets.css.version}`,
      js: `${req.baseUrl}/assets/gateway.js?v=${assets.js.version}`,
      icon: `${req.baseUrl}/assets/favicon.svg?v=${assets.icon.version}`,
    },
    language,
  }
}

/** The language the browser asks for, among the page's. */
export function requestLanguage(req: Request): Language {
  return languageOf(negotiateLanguage(req.get('accept-language')))
}

/** The 404 page, in the browser's language, framable by any merchant. */
export function notFound(setup: PageSetup, req: Request, res: Response) {
  sendPage(res, 404, notFoundPage(context(setup, req, requestLanguage(req))), {
    frameAncestors: setup.allOrigins,
  })
}

/**
 * An address over the pages' limit: HTTP 429 and a page saying how long to wait (the limiter
 * has set `Retry-After`), in the browser's language, framable by any merchant.
 */
export function tooMany(setup: PageSetup, req: Request, res: Response) {
  const seconds = Number(res.getHeader('Retry-After')) || 60
  sendPage(res, 429, tooManyPage(context(setup, req, requestLanguage(req)), seconds), {
    frameAncestors: setup.allOrigins,
  })
}

/** The refusal page of a request refused before any payment page. */
export function refuse(
  setup: PageSetup,
  req: Request,
  res: Response,
  refusal: Refusal,
  mode: TransactionMode,
) {
  setup.log?.(`sandbox: refused ${refusal.code} ${responseCodes[refusal.code].message}`)
  const parentOrigin =
    mode === 'checkout' && refusal.returnUrl ? new URL(refusal.returnUrl).origin : undefined
  const lesson = refusal.code === '323' ? hashLesson(setup, req, refusal, mode) : undefined
  sendPage(
    res,
    200,
    refusalPage(context(setup, req, requestLanguage(req)), {
      code: refusal.code,
      parentOrigin,
      lesson,
    }),
    {
      frameAncestors: refusal.merchant?.returnOrigins ?? setup.allOrigins,
    },
  )
}

/**
 * The fields a hosted or checkout payment request takes (the PG Hosted guide's table), HASH
 * included: the ones its 323 lesson shows.
 */
export const paymentRequestFields = [
  'PAY_ID',
  'ORDER_ID',
  'AMOUNT',
  'CURRENCY_CODE',
  'TXNTYPE',
  'RETURN_URL',
  'CUST_NAME',
  'CUST_EMAIL',
  'CUST_PHONE',
  'CUST_MOBILE',
  'PRODUCT_DESC',
  'CUST_ID',
  'NOTIFY_URL',
  'HASH',
] as const

/** The fields inside a merchant-hosted request's ENCDATA (the Seamless guide's table). */
export const merchantHostedRequestFields = [
  ...paymentRequestFields,
  'PAYMENT_TYPE',
  'MOP_TYPE',
  'PAYER_ADDRESS',
] as const

/** What a 323 page teaches, when the sandbox teaches: the fields posted or inside ENCDATA. */
function hashLesson(
  setup: PageSetup,
  req: Request,
  refusal: Refusal,
  mode: TransactionMode,
): HashLesson | undefined {
  const lessons = setup.hashRefusalLessons
  const fields = protocolFields(req.body)
  if (!lessons || !fields || !refusal.merchant) return undefined
  return mode === 'merchant-hosted'
    ? merchantHostedLesson(lessons, fields, refusal.merchant, merchantHostedRequestFields)
    : fieldsLesson(lessons, fields, paymentRequestFields)
}

/** Loads the payment named in the URL, or answers 404. */
export async function load(
  setup: PageSetup,
  req: Request,
  res: Response,
): Promise<LoadedPayment | undefined> {
  const id = String(req.params.id)
  const transaction = UUID.test(id) ? await findTransaction(setup.db, id) : undefined
  const merchant = transaction ? await setup.findMerchant(transaction.payId) : undefined
  if (!transaction || !merchant) {
    notFound(setup, req, res)
    return undefined
  }
  return { transaction, merchant, language: languageOf(transaction.language) }
}

/** A payment's pages are framed by its merchant and post to its RETURN_URL. */
export function policyOf({ transaction, merchant }: LoadedPayment): FramePolicy {
  return {
    frameAncestors: merchant.returnOrigins,
    formAction: transaction.returnUrl ? new URL(transaction.returnUrl).origin : undefined,
  }
}

/** The merchant's page that frames a checkout payment, which its pages talk to. */
export function checkoutOrigin(transaction: SandboxTransaction): string | undefined {
  return transaction.mode === 'checkout' ? new URL(transaction.returnUrl).origin : undefined
}

/** A page of one payment. */
export function showPage(res: Response, loaded: LoadedPayment, body: string) {
  sendPage(res, 200, body, policyOf(loaded))
}

/** The payment page: the methods, one of them open, with what was typed and its errors. */
export function showPayment(
  setup: PageSetup,
  req: Request,
  res: Response,
  loaded: LoadedPayment,
  state: PaymentPageState,
) {
  const body = paymentPage(
    context(setup, req, loaded.language),
    loaded.transaction,
    loaded.merchant.name,
    state,
    checkoutOrigin(loaded.transaction),
  )
  showPage(res, loaded, body)
}

/**
 * A method posted that the payment's page does not offer (net banking, UPI or a wallet for a
 * foreign currency, `offeredMethods`): refused with 345 in the page's language. Nothing is
 * stored, so the payment stays open and the customer can still pay it by card.
 */
export function refuseMethod(setup: PageSetup, req: Request, res: Response, loaded: LoadedPayment) {
  setup.log?.(`sandbox: refused 345 ${responseCodes['345'].message}`)
  const body = refusalPage(context(setup, req, loaded.language), {
    code: '345',
    parentOrigin: checkoutOrigin(loaded.transaction),
  })
  showPage(res, loaded, body)
}

/** The response page of an ended payment; `fresh` posts it to the merchant at once. */
export function showResponse(
  setup: PageSetup,
  req: Request,
  res: Response,
  loaded: LoadedPayment,
  fresh: boolean,
) {
  const { transaction, merchant } = loaded
  const code = transactionCode(transaction)
  const body = responsePage(context(setup, req, loaded.language), transaction, {
    merchantName: merchant.name,
    code,
    status: responseCodes[code].status,
    response: {
      PAY_ID: merchant.payId,
      ENCDATA: encryptFields(
        returnResponseFields(transaction),
        merchant.salt,
        merchant.merchantHostedKey,
      ),
    },
    autoSubmit: fresh,
    checkoutOrigin: checkoutOrigin(transaction),
  })
  showPage(res, loaded, body)
}

/**
 * Ends the payment (once) and hands the response back. The outcome and its webhook event are
 * committed together; the event goes out in the background, never inside this request.
 */
export async function finish(
  setup: PageSetup,
  req: Request,
  res: Response,
  transaction: SandboxTransaction,
  outcome: FinishOutcome,
) {
  const merchant = (await setup.findMerchant(transaction.payId))!
  const { late, ...rest } = outcome
  // Every time of the payment is its merchant's (its clock, gateway/clock/).
  const at = merchantNow(merchant, setup.now())
  const settleAt = late ? new Date(at.getTime() + setup.settleDelayMs) : undefined
  const result = await endPayment(setup.db, merchant, transaction, { ...rest, settleAt, at })
  if (result.queued) setup.onEventQueued()
  const final = result.completion?.transaction ?? transaction
  setup.log?.(`sandbox: ${final.txnId} ended ${final.responseCode}`)
  showResponse(
    setup,
    req,
    res,
    { transaction: final, merchant, language: languageOf(final.language) },
    true,
  )
}

/**
 * Ends an open payment with its outcome, in one transaction with its webhook events: `queued`
 * when one was queued. A payment link's attempt takes money only while its link can still be
 * paid (gateway/paylinks/): the link is claimed, and let go again when another request ended the
 * attempt first (a cancel racing the card's post), so a link is never held by an attempt that
 * took nothing.
 */
export async function endPayment(
  db: GatewayDatabase,
  merchant: SandboxMerchant,
  transaction: SandboxTransaction,
  outcome: PaymentOutcome,
): Promise<{
  completion: { transaction: SandboxTransaction; ended: boolean } | undefined
  queued: boolean
}> {
  return db.transaction(async (tx) => {
    const { code, claimed } =
      transaction.mode === 'paylink'
        ? await linkOutcome(tx, merchant, transaction, outcome.code, outcome.at)
        : { code: outcome.code, claimed: false }
    const completion = await completeTransaction(tx, transaction.id, {
      ...outcome,
      code,
      settleAt: code === '026' ? outcome.settleAt : undefined,
    })
    const ended = completion?.ended === true
    if (claimed && !ended) await releaseLink(tx, transaction)
    const queued = ended && (await queuePaymentEvent(tx, completion.transaction, merchant))
    const linkPaid = ended && (await markLinkPaid(tx, merchant, completion.transaction))
    return { completion, queued: queued || linkPaid }
  })
}

/** Any action on a payment that already ended shows its outcome again (a double click). */
export function whenOpen(
  setup: PageSetup,
  action: (req: Request, res: Response, loaded: LoadedPayment) => Promise<void> | void,
): RequestHandler {
  return async (req, res) => {
    const loaded = await load(setup, req, res)
    if (!loaded) return
    if (loaded.transaction.responseCode) return showResponse(setup, req, res, loaded, true)
    await action(req, res, loaded)
  }
}
