import type { Router } from 'express'
import { formFields } from '#gateway/checks.ts'
import { isLanguageCode } from '#gateway/i18n/index.ts'
import { bankOutcomes, banks, institutionName, wallets } from '#gateway/methods.ts'
import { validateCardForm, validateUpiForm } from '#gateway/payment-forms.ts'
import { chooseMethod, setLanguage } from '#gateway/store.ts'
import { bankPage } from '#gateway/views/bank-page.ts'
import { isMethod, type Method, offeredMethods } from '#gateway/views/payment-page.ts'
import {
  checkoutOrigin,
  context,
  finish,
  load,
  type LoadedPayment,
  type PageSetup,
  refuseMethod,
  showPage,
  showPayment,
  showResponse,
  whenOpen,
} from './tools.ts'

/**
 * The pages of one payment (`/pay/<id>…`): the payment page and its language, the card, UPI,
 * net banking and wallet forms, the bank's page and cancelling. Their forms post the
 * transaction id, never the merchant's fields.
 */
export function paymentPages(router: Router, setup: PageSetup): void {
  const { db, form, pageLimit } = setup

  router.get('/pay/:id', ...pageLimit, async (req, res) => {
    const loaded = await load(setup, req, res)
    if (!loaded) return
    if (loaded.transaction.responseCode) return showResponse(setup, req, res, loaded, false)
    if (loaded.transaction.mode === 'merchant-hosted') {
      return res.redirect(303, `${req.baseUrl}/pay/${loaded.transaction.id}/bank`)
    }
    // A UPI QR is paid from its scan page, the stand-in for the customer's UPI app.
    if (loaded.transaction.mode === 'qr-upi') {
      return res.redirect(303, `${req.baseUrl}/qr/${loaded.transaction.id}`)
    }
    const method: Method = isMethod(req.query.method) ? req.query.method : 'card'
    showPayment(setup, req, res, loaded, { method })
  })

  router.post('/pay/:id/language', ...pageLimit, form, async (req, res) => {
    const loaded = await load(setup, req, res)
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
    ...pageLimit,
    form,
    whenOpen(setup, async (req, res, loaded) => {
      const body = formFields(req.body) ?? {}
      const input = {
        number: body.number ?? '',
        expiry: body.expiry ?? '',
        cvv: body.cvv ?? '',
        name: body.name ?? '',
      }
      const result = validateCardForm(input, setup.now())
      if (!result.ok) {
        const { cvv: _, ...kept } = input
        return showPayment(setup, req, res, loaded, {
          method: 'card',
          errors: { card: result.errors },
          values: { card: kept },
        })
      }
      // The card decides how the payment is recorded and so which pricing row settles it.
      await finish(setup, req, res, loaded.transaction, {
        code: result.code,
        paymentType: result.card.paymentType,
        mopType: result.card.mopType,
        cardNumber: result.number,
        issuedAbroad: result.card.issuedAbroad ?? false,
      })
    }),
  )

  router.post(
    '/pay/:id/upi',
    ...pageLimit,
    form,
    whenOpen(setup, async (req, res, loaded) => {
      if (!offers(loaded, 'upi')) return refuseMethod(setup, req, res, loaded)
      const value = formFields(req.body)?.vpa ?? ''
      const result = validateUpiForm(value)
      if (!result.ok) {
        return showPayment(setup, req, res, loaded, {
          method: 'upi',
          errors: { upi: result.error },
          values: { upi: value.trim() },
        })
      }
      await finish(setup, req, res, loaded.transaction, {
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
      ...pageLimit,
      form,
      whenOpen(setup, async (req, res, loaded) => {
        if (!offers(loaded, kind)) return refuseMethod(setup, req, res, loaded)
        const field = kind === 'netbanking' ? 'bank' : 'wallet'
        const code = formFields(req.body)?.[field] ?? ''
        const known = (kind === 'netbanking' ? banks : wallets).some(
          (option) => option.code === code,
        )
        if (!known) {
          return showPayment(setup, req, res, loaded, { method: kind, errors: { [field]: true } })
        }
        await chooseMethod(db, loaded.transaction.id, kind === 'netbanking' ? 'NB' : 'WL', code)
        res.redirect(303, `${req.baseUrl}/pay/${loaded.transaction.id}/bank`)
      }),
    )
  }

  router.get('/pay/:id/bank', ...pageLimit, async (req, res) => {
    const loaded = await load(setup, req, res)
    if (!loaded) return
    const { transaction } = loaded
    if (transaction.responseCode) return showResponse(setup, req, res, loaded, false)
    const institution = institutionName(transaction.paymentType, transaction.mopType)
    if (!institution) return res.redirect(303, `${req.baseUrl}/pay/${transaction.id}`)
    const body = bankPage(
      context(setup, req, loaded.language),
      transaction,
      loaded.merchant.name,
      institution,
      checkoutOrigin(transaction),
    )
    showPage(res, loaded, body)
  })

  router.post(
    '/pay/:id/bank',
    ...pageLimit,
    form,
    whenOpen(setup, async (req, res, loaded) => {
      const { transaction } = loaded
      const outcome = formFields(req.body)?.outcome
      const institution = institutionName(transaction.paymentType, transaction.mopType)
      if (!institution || (outcome !== 'success' && outcome !== 'failure')) {
        return res.redirect(303, `${req.baseUrl}/pay/${transaction.id}/bank`)
      }
      await finish(setup, req, res, transaction, {
        code: bankOutcomes[outcome],
        paymentType: transaction.paymentType,
        mopType: transaction.mopType,
      })
    }),
  )

  router.post(
    '/pay/:id/cancel',
    ...pageLimit,
    form,
    whenOpen(setup, async (req, res, loaded) => {
      await finish(setup, req, res, loaded.transaction, {
        code: '010',
        paymentType: loaded.transaction.paymentType,
        mopType: loaded.transaction.mopType,
      })
    }),
  )
}

function offers(loaded: LoadedPayment, method: Method): boolean {
  return offeredMethods(loaded.transaction).includes(method)
}
