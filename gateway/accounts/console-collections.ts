import type { Router } from 'express'
import { parseAmount } from '#core/pricing/fees.ts'
import { responseCodes } from '#core/protocol/codes.ts'
import { formFields } from '#gateway/checks.ts'
import { merchantNow, type SandboxMerchant } from '#gateway/merchants.ts'
import { expireDueLinks, latestPaylinks } from '#gateway/paylinks/store.ts'
import type { SandboxPaylink } from '#gateway/paylinks/table.ts'
import type { GatewayDatabase } from '#gateway/store.ts'
import type { ConsoleVirtualAccount } from '#gateway/views/console-collections.ts'
import { checkCreditRequest, VA_ID } from '#gateway/virtual-accounts/checks.ts'
import {
  creditsOf,
  creditVirtualAccount,
  findVirtualAccount,
  latestVirtualAccounts,
} from '#gateway/virtual-accounts/store.ts'
import { CONSOLE_LIST_LIMIT } from './console-data.ts'
import type { ConsoleTools } from './console-tools.ts'

/** How many credits of each virtual account the console lists, newest first. */
const CREDITS_SHOWN = 5

/**
 * The account's payment links (those its clock has passed expired first, with their webhooks)
 * and virtual accounts with their latest credits, newest first.
 */
export async function consoleCollections(
  db: GatewayDatabase,
  merchant: SandboxMerchant,
  realNow: Date,
  onEventQueued: () => void,
): Promise<{ paylinks: SandboxPaylink[]; virtualAccounts: ConsoleVirtualAccount[] }> {
  const expired = await db.transaction((tx) =>
    expireDueLinks(tx, merchant, merchantNow(merchant, realNow)),
  )
  if (expired.length > 0) onEventQueued()
  const [paylinks, accounts] = await Promise.all([
    latestPaylinks(db, merchant.payId, CONSOLE_LIST_LIMIT),
    latestVirtualAccounts(db, merchant.payId, CONSOLE_LIST_LIMIT),
  ])
  const virtualAccounts = await Promise.all(
    accounts.map(async (account) => ({
      account,
      credits: await creditsOf(db, account.id, CREDITS_SHOWN),
    })),
  )
  return { paylinks, virtualAccounts }
}

/**
 * `POST /console/<token>/virtual-accounts/<VA_ID>/credit`: a test credit typed in rupees, checked
 * by the credit call's own rules; a refusal shows the form again with what was typed.
 */
export function consoleCollectionRoutes(router: Router, tools: ConsoleTools): void {
  const { setup } = tools
  router.post('/console/:token/virtual-accounts/:vaId/credit', setup.form, async (req, res) => {
    const opened = await tools.open(req, res)
    if (!opened) return
    const vaId = String(req.params.vaId)
    const merchant = await tools.directory.find(opened.account.payId)
    const account =
      merchant && VA_ID.test(vaId)
        ? await findVirtualAccount(setup.db, merchant.payId, vaId)
        : undefined
    if (!merchant || !account) {
      return tools.refuse(req, res, opened, 404, {
        title: 'No such virtual account',
        message: 'This account has no virtual account of that id.',
      })
    }
    const body = formFields(req.body) ?? {}
    const typed = {
      vaId,
      amount: body.amount ?? '',
      mode: body.mode ?? '',
      payerName: (body.payer_name ?? '').trim(),
    }
    const amount = parseAmount(typed.amount)
    if (!amount.ok)
      return tools.show(req, res, opened, { credit: { ...typed, error: amount.error } })
    const checked = checkCreditRequest({
      VA_ID: vaId,
      AMOUNT: String(amount.paise),
      MODE: typed.mode,
      PAYER_NAME: typed.payerName,
    })
    if (!checked.ok) {
      const error = responseCodes[checked.code].message
      return tools.show(req, res, opened, { credit: { ...typed, error } })
    }
    const at = merchantNow(merchant, setup.now())
    const made = await setup.db.transaction((tx) =>
      creditVirtualAccount(tx, merchant, checked.value, at),
    )
    if (made?.queued) setup.onEventQueued()
    tools.back(req, res, opened, vaId)
  })
}
