import type { Request, Response, Router } from 'express'
import { maskAccount } from '#core/settlement/settlement.ts'
import { withHash } from '#core/protocol/hash.ts'
import { isValid } from '#core/protocol/patterns.ts'
import {
  allowedCustomerActions,
  type CustomerAction,
  isCustomerAction,
} from '#core/recurring/rules.ts'
import { maskCard } from '#gateway/acquirer.ts'
import { formFields } from '#gateway/checks.ts'
import { isLanguageCode, language as languageOf, type Language } from '#gateway/i18n/index.ts'
import { merchantNow, type SandboxMerchant } from '#gateway/merchants.ts'
import {
  bankName,
  ENACH_NOFUNDS_ACCOUNT,
  mandateTestCards,
  mandateTestUpiIds,
} from '#gateway/methods.ts'
import { context, notFound, type PageSetup, requestLanguage } from '#gateway/pages/tools.ts'
import { sendPage } from '#gateway/pages/policy.ts'
import { cardDigits, cvvError, expiryError } from '#gateway/payment-forms.ts'
import { mandatePage, type MandateStep } from '#gateway/views/mandate-page.ts'
import { MANDATE_CODE } from './checks.ts'
import { actAsCustomer, register, type Registration, runDueSubscriptions } from './lifecycle.ts'
import {
  customerContext,
  debitsOf,
  findSubscriptionByCode,
  openDebitOf,
  subscriptionAnswer,
} from './store.ts'
import type { SandboxSubscription } from './table.ts'

/** The sandbox's OTP for a card's standing instruction, as on its card payments' 3-D Secure page. */
export const MANDATE_OTP = '123456'
/** A UPI PIN: 4 or 6 digits. */
const UPI_PIN = /^(?:\d{4}|\d{6})$/
/** How many of its payments the page lists: the latest. */
const PAGE_DEBITS = 24

interface Loaded {
  subscription: SandboxSubscription
  merchant: SandboxMerchant
  at: Date
  language: Language
}

/**
 * A subscription's mandate page, `AUTH_URL` (`/m/<code>`): the registration on a virtual UPI app,
 * a card's standing instruction with its OTP, or the bank's e-mandate page; afterwards the
 * customer's own view of the mandate with its next payment and the actions the rules allow now.
 * Every step is a plain form, in the language asked for by `lang` or the browser.
 */
export function mandatePages(router: Router, setup: PageSetup): void {
  const { db, pageLimit, form } = setup

  /** The subscription the URL names, brought up to its account's clock. */
  const load = async (req: Request, res: Response): Promise<Loaded | undefined> => {
    const code = String(req.params.code)
    const found = MANDATE_CODE.test(code) ? await findSubscriptionByCode(db, code) : undefined
    const merchant = found ? await setup.findMerchant(found.payId) : undefined
    if (!found || !merchant) {
      notFound(setup, req, res)
      return undefined
    }
    const at = merchantNow(merchant, setup.now())
    const caught = await runDueSubscriptions(db, merchant, at)
    if (caught.queued) setup.onEventQueued()
    const subscription =
      caught.happened.length > 0 ? (await findSubscriptionByCode(db, code))! : found
    const asked = req.method === 'GET' ? req.query.lang : formFields(req.body)?.lang
    const language = isLanguageCode(asked) ? languageOf(asked) : requestLanguage(req)
    return { subscription, merchant, at, language }
  }

  const show = async (req: Request, res: Response, loaded: Loaded, step?: MandateStep) => {
    const { subscription, merchant } = loaded
    const shown = step ?? (await manageStep(loaded))
    const body = mandatePage(
      context(setup, req, loaded.language),
      subscription,
      merchant.name,
      shown,
    )
    sendPage(res, 200, body, { frameAncestors: [] })
  }

  const manageStep = async (loaded: Loaded, refused?: string): Promise<MandateStep> => {
    const { subscription, merchant, at } = loaded
    if (subscription.status === 'CREATED') return { step: 'register' }
    const open = await openDebitOf(db, subscription.id)
    const actions = allowedCustomerActions(customerContext(subscription, open, at))
    return {
      step: 'manage',
      open,
      debits: (await debitsOf(db, subscription.id, PAGE_DEBITS)).filter(
        (debit) => debit.status !== 'NOTIFIED',
      ),
      actions,
      returnFields: withHash(subscriptionAnswer(subscription, { at, open }), merchant.salt),
      ...(refused ? { refused } : {}),
    }
  }

  /** Ends the registration and shows the mandate as it now stands. */
  const registered = async (req: Request, res: Response, loaded: Loaded, result: Registration) => {
    const done = await register(db, loaded.merchant, loaded.subscription.id, result, loaded.at)
    if (done.queued) setup.onEventQueued()
    setup.log?.(`sandbox: subscription ${done.subscription.id} ${done.subscription.status}`)
    res.redirect(303, `${req.baseUrl}/m/${done.subscription.code}?lang=${loaded.language.code}`)
  }

  /** A registration step's post: only while the subscription waits, for its own method. */
  const registering = (
    method: SandboxSubscription['method'],
    handle: (req: Request, res: Response, loaded: Loaded, body: Record<string, string>) => unknown,
  ) => [
    ...pageLimit,
    form,
    async (req: Request, res: Response) => {
      const loaded = await load(req, res)
      if (!loaded) return
      const { subscription } = loaded
      if (subscription.status !== 'CREATED' || subscription.method !== method) {
        return res.redirect(
          303,
          `${req.baseUrl}/m/${subscription.code}?lang=${loaded.language.code}`,
        )
      }
      await handle(req, res, loaded, formFields(req.body) ?? {})
    },
  ]

  router.get('/m/:code', ...pageLimit, async (req, res) => {
    const loaded = await load(req, res)
    if (loaded) await show(req, res, loaded)
  })

  router.post(
    '/m/:code/upi',
    ...registering('UPI', async (req, res, loaded, body) => {
      if (body.decision === 'decline')
        return registered(req, res, loaded, { ok: false, code: '004' })
      const vpa = (body.vpa ?? '').trim().toLowerCase()
      const test = mandateTestUpiIds.find((id) => id.vpa === vpa)
      if (!test) {
        const t = loaded.language.messages
        return show(req, res, loaded, {
          step: 'register',
          values: { vpa: body.vpa ?? '' },
          errors: { vpa: t.mandateUpiIdUnknown },
        })
      }
      if ('declined' in test)
        return registered(req, res, loaded, { ok: false, code: test.declined })
      await show(req, res, loaded, { step: 'pin', vpa })
    }),
  )

  router.post(
    '/m/:code/upi/pin',
    ...registering('UPI', async (req, res, loaded, body) => {
      const test = mandateTestUpiIds.find((id) => id.vpa === body.vpa)
      if (!test || !('outcome' in test))
        return res.redirect(303, `${req.baseUrl}/m/${loaded.subscription.code}`)
      if (!UPI_PIN.test(body.pin ?? '')) {
        const error = loaded.language.messages.mandatePinInvalid
        return show(req, res, loaded, { step: 'pin', vpa: test.vpa, error })
      }
      await registered(req, res, loaded, {
        ok: true,
        instrument: test.vpa,
        outcome: test.outcome,
        paymentType: 'UP',
        mopType: 'UP',
      })
    }),
  )

  router.post(
    '/m/:code/card',
    ...registering('CARD', async (req, res, loaded, body) => {
      const t = loaded.language.messages
      const number = cardDigits(body.number ?? '')
      const card = mandateTestCards.find((test) => test.number === number)
      const expiry = expiryError(body.expiry ?? '', loaded.at)
      const cvv = cvvError(body.cvv ?? '')
      const errors: Record<string, string> = {}
      if (!card) errors.number = t.mandateCardUnknown
      if (expiry) errors.expiry = t.mandateExpiryInvalid
      if (cvv) errors.cvv = t.mandateCvvInvalid
      if (!card || expiry || cvv) {
        const values = { number: body.number ?? '', expiry: body.expiry ?? '' }
        return show(req, res, loaded, { step: 'register', values, errors })
      }
      if ('declined' in card)
        return registered(req, res, loaded, { ok: false, code: card.declined })
      await show(req, res, loaded, { step: 'otp', last4: card.number.slice(-4) })
    }),
  )

  router.post(
    '/m/:code/card/otp',
    ...registering('CARD', async (req, res, loaded, body) => {
      const card = mandateTestCards.find((test) => test.number.slice(-4) === body.card)
      if (!card || !('outcome' in card))
        return res.redirect(303, `${req.baseUrl}/m/${loaded.subscription.code}`)
      if (body.otp !== MANDATE_OTP) {
        const error = loaded.language.messages.mandateOtpInvalid
        return show(req, res, loaded, { step: 'otp', last4: body.card!, error })
      }
      await registered(req, res, loaded, {
        ok: true,
        instrument: maskCard(card.number),
        outcome: card.outcome,
        paymentType: card.paymentType,
        mopType: card.mopType,
      })
    }),
  )

  router.post(
    '/m/:code/enach',
    ...registering('ENACH', async (req, res, loaded, body) => {
      const t = loaded.language.messages
      const bank = bankName(body.bank ?? '')
      const account = (body.account ?? '').replace(/\s/g, '')
      const ifsc = (body.ifsc ?? '').trim().toUpperCase()
      const errors: Record<string, string> = {}
      if (!isValid('accountNumber', account)) errors.account = t.mandateAccountInvalid
      if (!isValid('ifsc', ifsc)) errors.ifsc = t.mandateIfscInvalid
      if (!bank || Object.keys(errors).length > 0) {
        const values = { bank: body.bank ?? '', account, ifsc }
        return show(req, res, loaded, { step: 'register', values, errors })
      }
      await show(req, res, loaded, { step: 'bank', bank: body.bank!, account, ifsc })
    }),
  )

  router.post(
    '/m/:code/enach/bank',
    ...registering('ENACH', async (req, res, loaded, body) => {
      const account = body.account ?? ''
      if (!bankName(body.bank ?? '') || !isValid('accountNumber', account)) {
        return res.redirect(303, `${req.baseUrl}/m/${loaded.subscription.code}`)
      }
      if (body.outcome !== 'success') {
        return registered(req, res, loaded, { ok: false, code: '004' })
      }
      await registered(req, res, loaded, {
        ok: true,
        instrument: maskAccount(account),
        outcome: account === ENACH_NOFUNDS_ACCOUNT ? 'NOFUNDS' : 'SUCCESS',
        paymentType: 'NB',
        mopType: body.bank!,
      })
    }),
  )

  router.post('/m/:code/action', ...pageLimit, form, async (req, res) => {
    const loaded = await load(req, res)
    if (!loaded) return
    const action = formFields(req.body)?.action ?? ''
    const acted = isCustomerAction(action)
      ? await actAsCustomer(db, loaded.merchant, loaded.subscription.id, action, loaded.at)
      : { code: '326' as const }
    if ('code' in acted) {
      const refused = loaded.language.messages.codes[acted.code]
      return show(req, res, loaded, await manageStep(loaded, refused))
    }
    if (acted.queued) setup.onEventQueued()
    setup.log?.(`sandbox: subscription ${acted.subscription.id} ${action as CustomerAction}`)
    res.redirect(303, `${req.baseUrl}/m/${loaded.subscription.code}?lang=${loaded.language.code}`)
  })
}
