import type { Request, Response, Router } from 'express'
import { formFields } from '#gateway/checks.ts'
import { isLanguageCode, language as languageOf } from '#gateway/i18n/index.ts'
import { merchantNow, type SandboxMerchant } from '#gateway/merchants.ts'
import { context, load, notFound, type PageSetup, requestLanguage } from '#gateway/pages/tools.ts'
import { sendPage } from '#gateway/pages/policy.ts'
import { paylinkPage, type PaylinkState, type RefusedPayer } from '#gateway/views/paylink-page.ts'
import { validateBeneficiary } from './beneficiary.ts'
import { MAX_LINK_ATTEMPTS, PAYLINK_CODE } from './checks.ts'
import {
  expireDueLinks,
  findPaylink,
  findPaylinkByCode,
  paylinkIdOfAttempt,
  startAttempt,
} from './store.ts'
import type { SandboxPaylink } from './table.ts'

/** What a link's page shows: the Pay button, or why it cannot be paid now. */
function stateOf(link: SandboxPaylink): PaylinkState {
  if (link.status === 'PAID') return 'paid'
  if (link.status === 'EXPIRED') return 'expired'
  if (link.status === 'CANCELLED') return 'cancelled'
  if (link.paymentId) return 'held'
  return link.attempts >= MAX_LINK_ATTEMPTS ? 'tried' : 'open'
}

/**
 * A payment link's pages: `GET /l/<code>` (the link, in the language asked for by `lang` or the
 * browser), `POST /l/<code>/pay` (a payment attempt, then the hosted payment page), and
 * `GET /pay/<id>/link` (back to the link from an attempt's outcome). No script is needed.
 */
export function paylinkPages(router: Router, setup: PageSetup): void {
  const { db, pageLimit, form } = setup

  /** The link named by the URL as the merchant's clock reads it now (expired if it has passed). */
  const loadLink = async (req: Request, res: Response) => {
    const code = String(req.params.code)
    let link = PAYLINK_CODE.test(code) ? await findPaylinkByCode(db, code) : undefined
    const merchant = link ? await setup.findMerchant(link.payId) : undefined
    if (!link || !merchant) {
      notFound(setup, req, res)
      return undefined
    }
    const at = merchantNow(merchant, setup.now())
    if (link.status === 'CREATED' && link.expireAt && link.expireAt <= at) {
      const expired = await db.transaction((tx) => expireDueLinks(tx, merchant, at))
      if (expired.length > 0) setup.onEventQueued()
      link = (await findPaylinkByCode(db, code))!
    }
    return { link, merchant, at }
  }

  const show = (
    req: Request,
    res: Response,
    link: SandboxPaylink,
    merchant: SandboxMerchant,
    asked: unknown = req.query.lang,
    refused?: RefusedPayer,
  ) => {
    const language = isLanguageCode(asked) ? languageOf(asked) : requestLanguage(req)
    const body = paylinkPage(
      context(setup, req, language),
      link,
      merchant.name,
      stateOf(link),
      refused,
    )
    sendPage(res, 200, body, { frameAncestors: [] })
  }

  router.get('/l/:code', ...pageLimit, async (req, res) => {
    const loaded = await loadLink(req, res)
    if (loaded) show(req, res, loaded.link, loaded.merchant)
  })

  router.post('/l/:code/pay', ...pageLimit, form, async (req, res) => {
    const loaded = await loadLink(req, res)
    if (!loaded) return
    const { link, at } = loaded
    const body = formFields(req.body) ?? {}
    const language = isLanguageCode(body.lang) ? body.lang : requestLanguage(req).code
    const back = `${req.baseUrl}/l/${link.code}?lang=${language}`
    if (stateOf(link) !== 'open') return res.redirect(303, back)
    // A validated link is paid from an account the payer's bank confirms is the customer's.
    let payer: { maskedAccount: string; holder: string } | undefined
    if (link.validateBeneficiary) {
      const account = (body.account ?? '').replace(/\s/g, '')
      const ifsc = (body.ifsc ?? '').trim().toUpperCase()
      const validation = validateBeneficiary(account, ifsc, link.custName)
      if (!validation.ok) {
        const refused = { account, ifsc, reason: validation.reason }
        return show(req, res, link, loaded.merchant, language, refused)
      }
      payer = validation
    }
    const started = await db.transaction((tx) => startAttempt(tx, link, at, language, payer))
    if ('code' in started) return res.redirect(303, back)
    setup.log?.(`sandbox: paylink ${link.id} attempt ${started.attempt.orderId}`)
    res.redirect(303, `${req.baseUrl}/pay/${started.attempt.id}`)
  })

  router.get('/pay/:id/link', ...pageLimit, async (req, res) => {
    const loaded = await load(setup, req, res)
    if (!loaded) return
    const { transaction } = loaded
    if (transaction.mode !== 'paylink') return notFound(setup, req, res)
    const link = await findPaylink(db, transaction.payId, {
      paylinkId: paylinkIdOfAttempt(transaction.orderId),
    })
    if (!link) return notFound(setup, req, res)
    res.redirect(303, `${req.baseUrl}/l/${link.code}?lang=${transaction.language}`)
  })
}
