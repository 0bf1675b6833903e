import type { Request, Router } from 'express'
import { merchantNow } from '#gateway/merchants.ts'
import {
  type CheckResult,
  checkMerchantHostedInit,
  checkPaymentRequest,
  checkReturnUrl,
  type ChosenMethod,
  merchantHostedRefusalCode,
  type MerchantHostedResult,
  paymentRefusalCodes,
  foreignCurrencyRefusalCode,
  protocolFields,
} from '#gateway/checks.ts'
import { encdataDebuggerUrl, fieldsLesson, type HashLesson } from '#gateway/hash-lesson.ts'
import { isLanguageCode, language as languageOf, negotiateLanguage } from '#gateway/i18n/index.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { MAX_REQUEST_FIELDS } from '#core/protocol/json-keys.ts'
import { createTransaction, type TransactionMode } from '#gateway/store.ts'
import { notFoundPage, refusalPage } from '#gateway/views/result-pages.ts'
import { sendPage } from './policy.ts'
import { context, finish, merchantHostedRequestFields, type PageSetup, refuse } from './tools.ts'

/**
 * The two ways in: `POST /paymentrequest` (hosted, or `?mode=checkout` inside the checkout
 * frame) and `POST /merchantPaymentInit` (merchant-hosted). Each checks the merchant's signed
 * request, stores the payment and sends the customer to its page, or shows the refusal.
 */
export function entryRoutes(router: Router, setup: PageSetup): void {
  const { db, findMerchant } = setup

  router.post('/paymentrequest', ...setup.pageLimit, setup.form, async (req, res) => {
    const mode: TransactionMode = req.query.mode === 'checkout' ? 'checkout' : 'hosted'
    const fields = protocolFields(req.body)
    if (!fields) return refuse(setup, req, res, { ok: false, code: '326' }, mode)
    const result = withCheckedReturnUrl(
      checkPaymentRequest(fields, await findMerchant(fields.PAY_ID ?? ''), setup.notifyPolicy(req)),
      fields,
    )
    if (!result.ok) return refuse(setup, req, res, result, mode)
    await setup.markActive(result.merchant.payId)
    const transaction = await createTransaction(db, {
      request: result.request,
      mode,
      language: negotiateLanguage(req.get('accept-language')),
      at: merchantNow(result.merchant, setup.now()),
    })
    if (transaction === 'duplicate') {
      return refuse(
        setup,
        req,
        res,
        { ok: false, code: '018', merchant: result.merchant, returnUrl: result.request.returnUrl },
        mode,
      )
    }
    setup.log?.(`sandbox: ${mode} payment ${transaction.txnId} for order ${transaction.orderId}`)
    res.redirect(303, `${req.baseUrl}/pay/${transaction.id}`)
  })

  router.post('/merchantPaymentInit', ...setup.pageLimit, setup.form, async (req, res) => {
    const fields = protocolFields(req.body)
    if (!fields) return refuse(setup, req, res, { ok: false, code: '326' }, 'merchant-hosted')
    const result: MerchantHostedResult = checkMerchantHostedInit(
      fields,
      await findMerchant(fields.PAY_ID ?? ''),
      setup.notifyPolicy(req),
    )
    if (!result.ok) return refuse(setup, req, res, result, 'merchant-hosted')
    await setup.markActive(result.merchant.payId)
    const method: ChosenMethod = result.method
    const transaction = await createTransaction(db, {
      request: result.request,
      mode: 'merchant-hosted',
      language: negotiateLanguage(req.get('accept-language')),
      paymentType: method.paymentType,
      mopType: method.mopType,
      at: merchantNow(result.merchant, setup.now()),
    })
    if (transaction === 'duplicate') {
      return refuse(
        setup,
        req,
        res,
        { ok: false, code: '018', merchant: result.merchant },
        'merchant-hosted',
      )
    }
    setup.log?.(`sandbox: merchant-hosted ${method.paymentType} ${transaction.txnId}`)
    if (method.paymentType === 'UP') {
      return finish(setup, req, res, transaction, {
        code: method.code,
        paymentType: 'UP',
        mopType: 'UP',
        late: method.late,
      })
    }
    res.redirect(303, `${req.baseUrl}/pay/${transaction.id}/bank`)
  })
}

/** `GET /refused?code=…&lang=…`: the refusal page of a code, for a merchant to show. */
export function refusedRoute(router: Router, setup: PageSetup): void {
  router.get('/refused', (req, res) => {
    const code = String(req.query.code ?? '')
    const language = languageOf(isLanguageCode(req.query.lang) ? req.query.lang : undefined)
    if (!isRefusalCode(code)) {
      return sendPage(res, 404, notFoundPage(context(setup, req, language)), {
        frameAncestors: setup.allOrigins,
      })
    }
    const lesson = code === '323' ? lessonFromQuery(setup, req.query) : undefined
    sendPage(res, 200, refusalPage(context(setup, req, language), { code, lesson }), {
      frameAncestors: setup.allOrigins,
    })
  })
}

/**
 * The lesson of a 323 page, brought along when its language is changed (the page's language
 * form sends the fields back as `fields=<form body>` with the count of those left out as
 * `other=<n>`, or an ENCDATA as `encdata=<form body>`). It only repeats what it is given, the
 * fields a payment request takes: nothing is decrypted or looked up here.
 */
function lessonFromQuery(setup: PageSetup, query: Request['query']): HashLesson | undefined {
  const lessons = setup.hashRefusalLessons
  if (!lessons) return undefined
  if (typeof query.fields === 'string') {
    const fields = protocolFields(Object.fromEntries(new URLSearchParams(query.fields)))
    if (!fields || Object.keys(fields).length === 0) return undefined
    const lesson = fieldsLesson(lessons, fields, merchantHostedRequestFields)
    const other = Number(query.other)
    return Number.isSafeInteger(other) && other > 0 && other <= MAX_REQUEST_FIELDS
      ? { ...lesson, otherFields: lesson.otherFields + other }
      : lesson
  }
  if (typeof query.encdata === 'string') {
    const posted = new URLSearchParams(query.encdata)
    const payId = posted.get('PAY_ID')
    const encdata = posted.get('ENCDATA')
    if (!payId || !encdata) return undefined
    return {
      kind: 'encdata',
      debuggerUrl: encdataDebuggerUrl(lessons, payId, encdata),
      payId,
      encdata,
    }
  }
  return undefined
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

const refusalCodes = [
  ...paymentRefusalCodes,
  merchantHostedRefusalCode,
  foreignCurrencyRefusalCode,
] as const

function isRefusalCode(code: string): code is (typeof refusalCodes)[number] {
  return (refusalCodes as readonly string[]).includes(code)
}
