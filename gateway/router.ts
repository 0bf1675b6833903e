import express, {
  type ErrorRequestHandler,
  type Request,
  type RequestHandler,
  type Response,
  Router,
} from 'express'
import { payoutApi } from './api/payout.ts'
import { qrApi } from './api/qr.ts'
import { transactApi } from './api/transact.ts'
import { checkoutScript, loadAssets } from './assets.ts'
import {
  type CheckResult,
  checkMerchantHostedInit,
  checkPaymentRequest,
  checkReturnUrl,
  merchantHostedRefusalCode,
  paymentRefusalCodes,
  type ChosenMethod,
  type MerchantHostedResult,
  formFields,
  protocolFields,
  type Refusal,
} from './checks.ts'
import {
  isLanguageCode,
  type Language,
  language as languageOf,
  negotiateLanguage,
} from './i18n/index.ts'
import type { SandboxMerchant } from './merchants.ts'
import { bankOutcomes, banks, institutionName, wallets } from './methods.ts'
import { validateCardForm, validateUpiForm } from './payment-forms.ts'
import { encryptFields } from './protocol/cipher.ts'
import { responseCodes } from './protocol/codes.ts'
import type { Fields } from './protocol/fields.ts'
import {
  chooseMethod,
  completeTransaction,
  createTransaction,
  findTransaction,
  type GatewayDatabase,
  responseFields,
  type SandboxTransaction,
  setLanguage,
  transactionCode,
  type TransactionMode,
} from './store.ts'
import { bankPage } from './views/bank-page.ts'
import type { PageContext } from './views/layout.ts'
import { isMethod, type Method, paymentPage, type PaymentPageState } from './views/payment-page.ts'
import { notFoundPage, refusalPage, responsePage } from './views/result-pages.ts'
import { type FinishOutcome, qrPages } from './qr-pages.ts'
import { deliveriesApi } from './webhooks/api.ts'
import { queuePaymentEvent } from './webhooks/events.ts'
import type { NotifyUrlPolicy } from './webhooks/addresses.ts'

export interface GatewayRouterOptions {
  db: GatewayDatabase
  merchants: SandboxMerchant[]
  /**
   * Public absolute URL of the gateway (e.g. `https://pay.example/sandbox`), written into
   * checkout.js. Unset: taken from each request (scheme, host and mount path).
   */
  publicUrl?: string
  now?: () => Date
  log?: (line: string) => void
  /** Which NOTIFY_URLs are accepted. */
  notifyPolicy: NotifyUrlPolicy
  /** How long late@upi stays Pending before the bank confirms it. */
  settleDelayMs: number
  /** Called after an event was committed, so it goes out at once. */
  onEventQueued: () => void
}

const FORM_LIMIT = '32kb'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** The sandbox's endpoints and pages (DESIGN.md "Gateway sandbox protocol"). */
export function gatewayRouter(options: GatewayRouterOptions): Router {
  const { db } = options
  const now = options.now ?? (() => new Date())
  const merchantsById = new Map(options.merchants.map((merchant) => [merchant.payId, merchant]))
  const findMerchant = (payId: string) => merchantsById.get(payId)
  const allOrigins = [...new Set(options.merchants.flatMap((merchant) => merchant.returnOrigins))]
  const assets = loadAssets()
  const router = Router()
  const form = express.urlencoded({ extended: false, limit: FORM_LIMIT, parameterLimit: 200 })

  router.use((_req, res, next) => {
    // The site forbids framing everywhere; the checkout frame must be framable by merchants.
    res.removeHeader('X-Frame-Options')
    setPolicy(res, allOrigins)
    res.setHeader('X-Robots-Tag', 'noindex, nofollow')
    next()
  })

  const context = (req: Request, language: Language): PageContext => ({
    base: req.baseUrl,
    assets: {
      css: `${req.baseUrl}/assets/gateway.css?v=${assets.css.version}`,
      js: `${req.baseUrl}/assets/gateway.js?v=${assets.js.version}`,
      icon: `${req.baseUrl}/assets/favicon.svg?v=${assets.icon.version}`,
    },
    language,
  })
  const requestLanguage = (req: Request) =>
    languageOf(negotiateLanguage(req.get('accept-language')))

  /**
   * A page of one payment, framable by its merchant's origins only. Refusals and forms with
   * errors answer 200 like the provider's pages: the code is on the page, and browsers log
   * every 4xx document as an error.
   */
  const sendPage = (
    res: Response,
    status: number,
    body: string,
    policy: { frameAncestors: string[]; formAction?: string },
  ) => {
    setPolicy(res, policy.frameAncestors, policy.formAction)
    res.status(status).type('html').setHeader('Cache-Control', 'no-store').send(body)
  }

  const refuse = (req: Request, res: Response, refusal: Refusal, mode: TransactionMode) => {
    options.log?.(`sandbox: refused ${refusal.code} ${responseCodes[refusal.code].message}`)
    const parentOrigin =
      mode === 'checkout' && refusal.returnUrl ? new URL(refusal.returnUrl).origin : undefined
    sendPage(
      res,
      200,
      refusalPage(context(req, requestLanguage(req)), { code: refusal.code, parentOrigin }),
      {
        frameAncestors: refusal.merchant?.returnOrigins ?? allOrigins,
      },
    )
  }

  // ---- assets and checkout.js ----

  const assetPaths = { css: 'gateway.css', js: 'gateway.js', icon: 'favicon.svg' } as const
  for (const [name, asset] of Object.entries(assets)) {
    router.get(`/assets/${assetPaths[name as keyof typeof assetPaths]}`, (req, res) => {
      res.type(asset.type)
      res.setHeader(
        'Cache-Control',
        req.query.v === asset.version ? 'public, max-age=31536000, immutable' : 'no-cache',
      )
      res.send(asset.body)
    })
  }

  router.get('/checkout.js', (req, res) => {
    const gatewayUrl = options.publicUrl ?? `${req.protocol}://${req.get('host')}${req.baseUrl}`
    res.type('text/javascript; charset=utf-8')
    res.setHeader('Cache-Control', 'public, max-age=300')
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin')
    res.setHeader('Access-Control-Allow-Origin', '*')
    res.send(checkoutScript(gatewayUrl.replace(/\/+$/, '')))
  })

  // ---- entries ----

  router.post('/paymentrequest', form, async (req, res) => {
    const mode: TransactionMode = req.query.mode === 'checkout' ? 'checkout' : 'hosted'
    const fields = protocolFields(req.body)
    if (!fields) return refuse(req, res, { ok: false, code: '326' }, mode)
    const result = withCheckedReturnUrl(
      checkPaymentRequest(fields, findMerchant, options.notifyPolicy),
      fields,
    )
    if (!result.ok) return refuse(req, res, result, mode)
    const transaction = await createTransaction(db, {
      request: result.request,
      mode,
      language: negotiateLanguage(req.get('accept-language')),
    })
    if (transaction === 'duplicate') {
      return refuse(
        req,
        res,
        { ok: false, code: '018', merchant: result.merchant, returnUrl: result.request.returnUrl },
        mode,
      )
    }
    options.log?.(`sandbox: ${mode} payment ${transaction.txnId} for order ${transaction.orderId}`)
    res.redirect(303, `${req.baseUrl}/pay/${transaction.id}`)
  })

  router.post('/merchantPaymentInit', form, async (req, res) => {
    const fields = protocolFields(req.body)
    if (!fields) return refuse(req, res, { ok: false, code: '326' }, 'merchant-hosted')
    const result: MerchantHostedResult = checkMerchantHostedInit(
      fields,
      findMerchant,
      options.notifyPolicy,
    )
    if (!result.ok) return refuse(req, res, result, 'merchant-hosted')
    const method: ChosenMethod = result.method
    const transaction = await createTransaction(db, {
      request: result.request,
      mode: 'merchant-hosted',
      language: negotiateLanguage(req.get('accept-language')),
      paymentType: method.paymentType,
      mopType: method.mopType,
    })
    if (transaction === 'duplicate') {
      return refuse(
        req,
        res,
        { ok: false, code: '018', merchant: result.merchant },
        'merchant-hosted',
      )
    }
    options.log?.(`sandbox: merchant-hosted ${method.paymentType} ${transaction.txnId}`)
    if (method.paymentType === 'UP') {
      return finish(req, res, transaction, {
        code: method.code,
        paymentType: 'UP',
        mopType: 'UP',
        late: method.late,
      })
    }
    res.redirect(303, `${req.baseUrl}/pay/${transaction.id}/bank`)
  })

  // ---- the server-to-server JSON APIs ----

  const api = {
    db,
    findMerchant,
    now,
    log: options.log,
    notifyPolicy: options.notifyPolicy,
    onEventQueued: options.onEventQueued,
  }
  router.use(transactApi(api))
  router.use(payoutApi(api))
  router.use(qrApi({ ...api, publicUrl: options.publicUrl }))
  router.use(deliveriesApi(api))

  router.get('/refused', (req, res) => {
    const code = String(req.query.code ?? '')
    const language = languageOf(isLanguageCode(req.query.lang) ? req.query.lang : undefined)
    if (!isRefusalCode(code)) {
      return sendPage(res, 404, notFoundPage(context(req, language)), {
        frameAncestors: allOrigins,
      })
    }
    sendPage(res, 200, refusalPage(context(req, language), { code }), {
      frameAncestors: allOrigins,
    })
  })

  // ---- the pages of one payment ----

  type Loaded = { transaction: SandboxTransaction; merchant: SandboxMerchant; language: Language }

  /** Loads the payment named in the URL, or answers 404. */
  const load = async (req: Request, res: Response): Promise<Loaded | undefined> => {
    const id = String(req.params.id)
    const transaction = UUID.test(id) ? await findTransaction(db, id) : undefined
    const merchant = transaction ? findMerchant(transaction.payId) : undefined
    if (!transaction || !merchant) {
      sendPage(res, 404, notFoundPage(context(req, requestLanguage(req))), {
        frameAncestors: allOrigins,
      })
      return undefined
    }
    return { transaction, merchant, language: languageOf(transaction.language) }
  }

  const policyOf = ({ transaction, merchant }: Loaded) => ({
    frameAncestors: merchant.returnOrigins,
    formAction: transaction.returnUrl ? new URL(transaction.returnUrl).origin : undefined,
  })

  const checkoutOrigin = (transaction: SandboxTransaction) =>
    transaction.mode === 'checkout' ? new URL(transaction.returnUrl).origin : undefined

  const showPayment = (req: Request, res: Response, loaded: Loaded, state: PaymentPageState) => {
    const body = paymentPage(
      context(req, loaded.language),
      loaded.transaction,
      loaded.merchant.name,
      state,
      checkoutOrigin(loaded.transaction),
    )
    sendPage(res, 200, body, policyOf(loaded))
  }

  /** The response page of an ended payment; `fresh` posts it to the merchant at once. */
  const showResponse = (req: Request, res: Response, loaded: Loaded, fresh: boolean) => {
    const { transaction, merchant } = loaded
    const code = transactionCode(transaction)
    const body = responsePage(context(req, loaded.language), transaction, {
      merchantName: merchant.name,
      code,
      status: responseCodes[code].status,
      response: {
        PAY_ID: merchant.payId,
        ENCDATA: encryptFields(
          responseFields(transaction),
          merchant.salt,
          merchant.merchantHostedKey,
        ),
      },
      autoSubmit: fresh,
      checkoutOrigin: checkoutOrigin(transaction),
    })
    sendPage(res, 200, body, policyOf(loaded))
  }

  /**
   * Ends the payment (once) and hands the response back. The outcome and its webhook event are
   * committed together; the event goes out in the background, never inside this request.
   */
  const finish = async (
    req: Request,
    res: Response,
    transaction: SandboxTransaction,
    outcome: FinishOutcome,
  ) => {
    const merchant = findMerchant(transaction.payId)!
    const { late, ...rest } = outcome
    const settleAt = late ? new Date(now().getTime() + options.settleDelayMs) : undefined
    const result = await db.transaction(async (tx) => {
      const completion = await completeTransaction(tx, transaction.id, { ...rest, settleAt })
      const queued =
        completion?.ended === true &&
        (await queuePaymentEvent(tx, completion.transaction, merchant))
      return { completion, queued }
    })
    if (result.queued) options.onEventQueued()
    const final = result.completion?.transaction ?? transaction
    options.log?.(`sandbox: ${final.txnId} ended ${final.responseCode}`)
    showResponse(
      req,
      res,
      { transaction: final, merchant, language: languageOf(final.language) },
      true,
    )
  }

  /** Any action on a payment that already ended shows its outcome again (a double click). */
  const whenOpen =
    (
      action: (req: Request, res: Response, loaded: Loaded) => Promise<void> | void,
    ): RequestHandler =>
    async (req, res) => {
      const loaded = await load(req, res)
      if (!loaded) return
      if (loaded.transaction.responseCode) return showResponse(req, res, loaded, true)
      await action(req, res, loaded)
    }

  router.use(
    qrPages({
      load,
      whenOpen,
      showResponse,
      finish,
      showPage: (_req, res, loaded, body) => sendPage(res, 200, body, policyOf(loaded)),
      notFound: (req, res) =>
        sendPage(res, 404, notFoundPage(context(req, requestLanguage(req))), {
          frameAncestors: allOrigins,
        }),
      context,
      form,
      publicUrl: options.publicUrl,
    }),
  )

  router.get('/pay/:id', async (req, res) => {
    const loaded = await load(req, res)
    if (!loaded) return
    if (loaded.transaction.responseCode) return showResponse(req, res, loaded, false)
    if (loaded.transaction.mode === 'merchant-hosted') {
      return res.redirect(303, `${req.baseUrl}/pay/${loaded.transaction.id}/bank`)
    }
    // A UPI QR is paid from its scan page, the stand-in for the customer's UPI app.
    if (loaded.transaction.mode === 'qr-upi') {
      return res.redirect(303, `${req.baseUrl}/qr/${loaded.transaction.id}`)
    }
    const method: Method = isMethod(req.query.method) ? req.query.method : 'card'
    showPayment(req, res, loaded, { method })
  })

  router.post('/pay/:id/language', form, async (req, res) => {
    const loaded = await load(req, res)
    if (!loaded) return
    const body = formFields(req.body) ?? {}
    if (isLanguageCode(body.lang)) await setLanguage(db, loaded.transaction.id, body.lang)
    const page = `${req.baseUrl}/pay/${loaded.transaction.id}`
    if (body.return === 'bank') return res.redirect(303, `${page}/bank`)
    if (body.return === 'qr') {
      return res.redirect(303, `${req.baseUrl}/qr/${loaded.transaction.id}`)
    }
    res.redirect(303, isMethod(body.method) ? `${page}?method=${body.method}` : page)
  })

  router.post(
    '/pay/:id/card',
    form,
    whenOpen(async (req, res, loaded) => {
      const body = formFields(req.body) ?? {}
      const input = {
        number: body.number ?? '',
        expiry: body.expiry ?? '',
        cvv: body.cvv ?? '',
        name: body.name ?? '',
      }
      const result = validateCardForm(input, now())
      if (!result.ok) {
        const { cvv: _, ...kept } = input
        return showPayment(req, res, loaded, {
          method: 'card',
          errors: { card: result.errors },
          values: { card: kept },
        })
      }
      await finish(req, res, loaded.transaction, {
        code: result.code,
        paymentType: 'CC',
        mopType: 'VI',
        cardNumber: result.number,
      })
    }),
  )

  router.post(
    '/pay/:id/upi',
    form,
    whenOpen(async (req, res, loaded) => {
      const value = formFields(req.body)?.vpa ?? ''
      const result = validateUpiForm(value)
      if (!result.ok) {
        return showPayment(req, res, loaded, {
          method: 'upi',
          errors: { upi: result.error },
          values: { upi: value.trim() },
        })
      }
      await finish(req, res, loaded.transaction, {
        code: result.code,
        paymentType: 'UP',
        mopType: 'UP',
        late: result.late,
      })
    }),
  )

  for (const kind of ['netbanking', 'wallet'] as const) {
    router.post(
      `/pay/:id/${kind}`,
      form,
      whenOpen(async (req, res, loaded) => {
        const field = kind === 'netbanking' ? 'bank' : 'wallet'
        const code = formFields(req.body)?.[field] ?? ''
        const known = (kind === 'netbanking' ? banks : wallets).some(
          (option) => option.code === code,
        )
        if (!known) {
          return showPayment(req, res, loaded, { method: kind, errors: { [field]: true } })
        }
        await chooseMethod(db, loaded.transaction.id, kind === 'netbanking' ? 'NB' : 'WL', code)
        res.redirect(303, `${req.baseUrl}/pay/${loaded.transaction.id}/bank`)
      }),
    )
  }

  router.get('/pay/:id/bank', async (req, res) => {
    const loaded = await load(req, res)
    if (!loaded) return
    const { transaction } = loaded
    if (transaction.responseCode) return showResponse(req, res, loaded, false)
    const institution = institutionName(transaction.paymentType, transaction.mopType)
    if (!institution) return res.redirect(303, `${req.baseUrl}/pay/${transaction.id}`)
    const body = bankPage(
      context(req, loaded.language),
      transaction,
      loaded.merchant.name,
      institution,
      checkoutOrigin(transaction),
    )
    sendPage(res, 200, body, policyOf(loaded))
  })

  router.post(
    '/pay/:id/bank',
    form,
    whenOpen(async (req, res, loaded) => {
      const { transaction } = loaded
      const outcome = formFields(req.body)?.outcome
      const institution = institutionName(transaction.paymentType, transaction.mopType)
      if (!institution || (outcome !== 'success' && outcome !== 'failure')) {
        return res.redirect(303, `${req.baseUrl}/pay/${transaction.id}/bank`)
      }
      await finish(req, res, transaction, {
        code: bankOutcomes[outcome],
        paymentType: transaction.paymentType,
        mopType: transaction.mopType,
      })
    }),
  )

  router.post(
    '/pay/:id/cancel',
    form,
    whenOpen(async (req, res, loaded) => {
      await finish(req, res, loaded.transaction, {
        code: '010',
        paymentType: loaded.transaction.paymentType,
        mopType: loaded.transaction.mopType,
      })
    }),
  )

  router.use((req, res) => {
    sendPage(res, 404, notFoundPage(context(req, requestLanguage(req))), {
      frameAncestors: allOrigins,
    })
  })

  const failed: ErrorRequestHandler = (error: unknown, req, res, _next) => {
    const status = (error as { status?: number }).status
    if (status && status >= 400 && status < 500) {
      // A body too large or not parseable: a malformed request, answered like the others.
      if (req.path.startsWith('/pgws/')) {
        return res.status(400).json({
          TXNTYPE: 'STATUS',
          STATUS: 'Failed',
          RESPONSE_CODE: '326',
          RESPONSE_MESSAGE: responseCodes['326'].message,
        })
      }
      return refuse(req, res, { ok: false, code: '326' }, 'hosted')
    }
    console.error('sandbox:', error)
    res
      .status(500)
      .type('text/plain')
      .send('The sandbox could not process this request. Please try again in a moment.')
  }
  router.use(failed)
  return router
}

/**
 * A refused request whose signature held still knows where its merchant lives: a checkout
 * frame may then tell that page it is showing the refusal.
 */
function withCheckedReturnUrl(result: CheckResult, fields: Fields): CheckResult {
  if (result.ok || !result.merchant || result.code === '325') return result
  return checkReturnUrl(fields.RETURN_URL, result.merchant)
    ? { ...result, returnUrl: fields.RETURN_URL }
    : result
}

const refusalCodes = [...paymentRefusalCodes, merchantHostedRefusalCode] as const

function isRefusalCode(code: string): code is (typeof refusalCodes)[number] {
  return (refusalCodes as readonly string[]).includes(code)
}

/**
 * Content Security Policy of the gateway's pages: own scripts and styles only, forms to the
 * gateway (and to the merchant's RETURN_URL), framed only by the merchant's origins.
 */
function setPolicy(res: Response, frameAncestors: string[], formAction?: string) {
  const ancestors = frameAncestors.length > 0 ? frameAncestors.join(' ') : "'none'"
  res.setHeader(
    'Content-Security-Policy',
    [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data:",
      `form-action 'self'${formAction ? ` ${formAction}` : ''}`,
      `frame-ancestors ${ancestors}`,
      "base-uri 'none'",
    ].join('; '),
  )
}
