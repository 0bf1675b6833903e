import { Router } from 'express'
import type { ApiLimiters } from '#gateway/api/limits.ts'
import { jsonRoute, refusalsAt } from '#gateway/api/json.ts'
import { checkedNotifyUrl, type FindMerchant, type NotifyPolicyFor } from '#gateway/checks.ts'
import { merchantNow, type SandboxMerchant } from '#gateway/merchants.ts'
import type { GatewayDatabase } from '#gateway/store.ts'
import type { Fields } from '#core/protocol/fields.ts'
import type { SandboxVirtualAccount } from './table.ts'
import { checkCreditRequest, checkVirtualAccountRequest, VA_ID } from './checks.ts'
import {
  closeVirtualAccount,
  creditAnswer,
  creditsOf,
  creditVirtualAccount,
  findVirtualAccount,
  listedCredit,
  openVirtualAccount,
  virtualAccountAnswer,
} from './store.ts'

export interface VirtualAccountApiOptions {
  limits?: ApiLimiters
  db: GatewayDatabase
  findMerchant: FindMerchant
  now: () => Date
  notifyPolicy: NotifyPolicyFor
  onEventQueued: () => void
}

/**
 * `POST /pgws/virtual-account` (open one), `/status` (with its credits), `/close`, and the
 * sandbox's test call `/credit` (a bank transfer into it).
 */
export function virtualAccountApi(options: VirtualAccountApiOptions): Router {
  const { db } = options
  const router = Router()
  const clockOf = (merchant: SandboxMerchant) => merchantNow(merchant, options.now())
  const refusals = refusalsAt(() => options.now())
  const route = (
    path: string,
    fields: readonly string[],
    echoed: readonly string[],
    answer: Parameters<typeof jsonRoute>[0]['answer'],
  ) =>
    router.post(
      path,
      ...jsonRoute(
        { fields, refusal: refusals(echoed), answer },
        options.findMerchant,
        options.limits?.api,
      ),
    )

  route(
    '/pgws/virtual-account',
    ['PAY_ID', 'CUST_NAME', 'REFERENCE_ID', 'NOTIFY_URL', 'HASH'],
    ['REFERENCE_ID'],
    async (fields, merchant, req) => {
      const refuse = refusals(['REFERENCE_ID'])
      const checked = checkVirtualAccountRequest(fields)
      if (!checked.ok) return refuse(checked.code, fields)
      const notify = checkedNotifyUrl(fields.NOTIFY_URL, options.notifyPolicy(req), merchant)
      if (notify === undefined) return refuse('357', fields)
      const at = clockOf(merchant)
      const account = await db.transaction((tx) =>
        openVirtualAccount(tx, checked.value, notify, at),
      )
      if (account === 'duplicate') return refuse('374', fields)
      return virtualAccountAnswer(account, at)
    },
  )

  /** The merchant's account VA_ID names, or the refusal: 321 a malformed id, 376 none such. */
  const accountNamed = async (
    fields: Fields,
    merchant: SandboxMerchant,
  ): Promise<SandboxVirtualAccount | { refusal: Fields }> => {
    const refuse = refusals(['VA_ID'])
    if (!VA_ID.test(fields.VA_ID ?? '')) return { refusal: refuse('321', fields) }
    const account = await findVirtualAccount(db, merchant.payId, fields.VA_ID!)
    return account ?? { refusal: refuse('376', fields) }
  }

  route(
    '/pgws/virtual-account/status',
    ['PAY_ID', 'VA_ID', 'HASH'],
    ['VA_ID'],
    async (fields, merchant) => {
      const account = await accountNamed(fields, merchant)
      if ('refusal' in account) return account.refusal
      const credits = await creditsOf(db, account.id)
      return {
        ...virtualAccountAnswer(account, clockOf(merchant)),
        CREDITS: JSON.stringify(credits.map(listedCredit)),
      }
    },
  )

  route(
    '/pgws/virtual-account/close',
    ['PAY_ID', 'VA_ID', 'HASH'],
    ['VA_ID'],
    async (fields, merchant) => {
      const account = await accountNamed(fields, merchant)
      if ('refusal' in account) return account.refusal
      const at = clockOf(merchant)
      const closed = await db.transaction((tx) => closeVirtualAccount(tx, account, at))
      if (closed === 'closed') return refusals(['VA_ID'])('377', fields)
      return virtualAccountAnswer(closed, at)
    },
  )

  route(
    '/pgws/virtual-account/credit',
    ['PAY_ID', 'VA_ID', 'AMOUNT', 'MODE', 'PAYER_NAME', 'HASH'],
    ['VA_ID', 'AMOUNT', 'MODE'],
    async (fields, merchant) => {
      const refuse = refusals(['VA_ID', 'AMOUNT', 'MODE'])
      const checked = checkCreditRequest(fields)
      if (!checked.ok) return refuse(checked.code, fields)
      const at = clockOf(merchant)
      const made = await db.transaction((tx) =>
        creditVirtualAccount(tx, merchant, checked.value, at),
      )
      if (!made) return refuse('376', fields)
      if (made.queued) options.onEventQueued()
      return creditAnswer(made.account, made.credit, at)
    },
  )
  return router
}
