import type { ApiLimiters } from '#gateway/api/limits.ts'
import { type Request, Router } from 'express'
import { isValid } from '#core/protocol/patterns.ts'
import { responseCodes } from '#core/protocol/codes.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { checkedNotifyUrl, type FindMerchant, type NotifyPolicyFor } from '#gateway/checks.ts'
import { formatDateTime } from '#gateway/ids.ts'
import { merchantNow, type SandboxMerchant } from '#gateway/merchants.ts'
import { advanceClock } from '#gateway/clock/advance.ts'
import { findByOrder, type GatewayDatabase } from '#gateway/store.ts'
import { jsonRoute, refusalsAt } from '#gateway/api/json.ts'
import { checkAsOf, checkFormat, checkPage, checkRange, checkSettlementRef } from './checks.ts'
import { settlementCsvFile } from './csv-file.ts'
import { reconcileOrder, reconcileVirtualAccount } from './recon.ts'
import { VA_ID } from '#gateway/virtual-accounts/checks.ts'
import { findVirtualAccount } from '#gateway/virtual-accounts/store.ts'
import type { SettlementRunner } from './runner.ts'
import {
  findSettlement,
  linesCountOf,
  settlementLines,
  settlementsBetween,
  settlementsUpTo,
} from './store.ts'

export interface SettlementApiOptions {
  /** The JSON APIs' limits (gateway/api/limits.ts); absent, none. */
  limits?: ApiLimiters
  db: GatewayDatabase
  findMerchant: FindMerchant
  now: () => Date
  /** Which NOTIFY_URLs a request is allowed, by where it came from. */
  notifyPolicy: NotifyPolicyFor
  runner: SettlementRunner
  /** The hour (IST) of each working day's settlements. */
  hour: number
  onEventQueued: () => void
  /**
   * Whose clock a test run may not move past now: on a public sandbox, the configured demo
   * merchant's, which everyone's demos share (362, naming where to make an account instead).
   */
  clockLocked?: (payId: string) => boolean
  /** The page that makes a sandbox account, named in that refusal. */
  accountPage?: (req: Request) => string
  /**
   * Whose test run is an advance of its own clock to AS_OF (an account's); the others settle as
   * if their clock read AS_OF, and it stays where it was.
   */
  runMovesClock?: (payId: string) => boolean
}

/**
 * The settlement APIs: a merchant's settlements by date, one settlement with a page of its lines
 * (JSON) or all of them (CSV), an order's reconciliation, and the sandbox's test call that runs the settlements due at
 * a given time. Lists travel as JSON text in one field, so the answer stays flat and its HASH
 * covers them.
 */
export function settlementsApi(options: SettlementApiOptions): Router {
  const { db } = options
  const dateTime = () => formatDateTime(options.now())
  const done = (): Fields => ({
    RESPONSE_CODE: '000',
    RESPONSE_MESSAGE: responseCodes['000'].message,
    RESPONSE_DATE_TIME: dateTime(),
  })
  const refusalOf = refusalsAt(options.now)
  const router = Router()

  const listRefusal = refusalOf(['FROM', 'TO'])
  router.post(
    '/pgws/settlements',
    ...jsonRoute(
      {
        fields: ['PAY_ID', 'FROM', 'TO', 'HASH'],
        refusal: listRefusal,
        answer: async (fields, merchant) => {
          const range = checkRange(fields)
          if (!range.ok) return listRefusal(range.code, fields)
          const { from, to } = range.value
          const settlements = await settlementsBetween(db, merchant.payId, from, to)
          return {
            PAY_ID: merchant.payId,
            FROM: from,
            TO: to,
            SETTLEMENTS: JSON.stringify(settlements),
            ...done(),
          }
        },
      },
      options.findMerchant,
      options.limits?.api,
    ),
  )

  const oneRefusal = refusalOf(['SETTLEMENT_ID', 'UTR', 'FORMAT', 'PAGE', 'PAGE_SIZE'])
  router.post(
    '/pgws/settlement',
    ...jsonRoute(
      {
        fields: ['PAY_ID', 'SETTLEMENT_ID', 'UTR', 'FORMAT', 'PAGE', 'PAGE_SIZE', 'HASH'],
        refusal: oneRefusal,
        answer: async (fields, merchant) => {
          const ref = checkSettlementRef(fields)
          if (!ref.ok) return oneRefusal(ref.code, fields)
          const format = checkFormat(fields)
          if (!format.ok) return oneRefusal(format.code, fields)
          const paging = checkPage(fields)
          if (!paging.ok) return oneRefusal(paging.code, fields)
          const settlement = await findSettlement(db, merchant.payId, ref.value)
          if (!settlement) return oneRefusal('338', fields)
          const id = settlement.SETTLEMENT_ID
          if (format.value === 'CSV') {
            return { attachment: await settlementCsvFile(db, settlement) }
          }
          const { page, pageSize } = paging.value
          const count = await linesCountOf(db, id)
          const pages = Math.max(1, Math.ceil(count / pageSize))
          const from = (page - 1) * pageSize
          const lines =
            page <= pages ? await settlementLines(db, id, { from, count: pageSize }) : []
          return {
            PAY_ID: merchant.payId,
            ...settlement,
            PAGE: String(page),
            PAGE_SIZE: String(pageSize),
            LINES_COUNT: String(count),
            PAGES: String(pages),
            LINES: JSON.stringify(lines),
            ...done(),
          }
        },
      },
      options.findMerchant,
      options.limits?.api,
    ),
  )

  const reconRefusal = refusalOf(['ORDER_ID', 'VA_ID'])
  router.post(
    '/pgws/recon',
    ...jsonRoute(
      {
        fields: ['PAY_ID', 'ORDER_ID', 'VA_ID', 'HASH'],
        refusal: reconRefusal,
        answer: async (fields, merchant) => {
          // A virtual account's credits, by its VA_ID instead of an order.
          if (fields.VA_ID !== undefined && fields.ORDER_ID === undefined) {
            if (!VA_ID.test(fields.VA_ID)) return reconRefusal('321', fields)
            const account = await findVirtualAccount(db, merchant.payId, fields.VA_ID)
            if (!account) return reconRefusal('376', fields)
            return {
              PAY_ID: merchant.payId,
              VA_ID: account.id,
              RECON: JSON.stringify(await reconcileVirtualAccount(db, account)),
              ...done(),
            }
          }
          if (!isValid('orderId', fields.ORDER_ID)) return reconRefusal('321', fields)
          const payment = await findByOrder(db, merchant.payId, fields.ORDER_ID)
          if (!payment) return reconRefusal('328', fields)
          return {
            PAY_ID: merchant.payId,
            ORDER_ID: payment.orderId,
            RECON: JSON.stringify(await reconcileOrder(db, payment)),
            ...done(),
          }
        },
      },
      options.findMerchant,
      options.limits?.api,
    ),
  )

  const runRefusal = refusalOf(['AS_OF'])
  router.post(
    '/pgws/settlement/run',
    ...jsonRoute(
      {
        fields: ['PAY_ID', 'AS_OF', 'NOTIFY_URL', 'HASH'],
        refusal: runRefusal,
        answer: async (fields, merchant: SandboxMerchant, req) => {
          const asOf = checkAsOf(fields.AS_OF)
          if (!asOf.ok) return runRefusal(asOf.code, fields)
          if (options.clockLocked?.(merchant.payId) && asOf.value > options.now()) {
            return {
              ...runRefusal('362', fields),
              ...(options.accountPage && { ACCOUNT_URL: options.accountPage(req) }),
            }
          }
          const notify = checkedNotifyUrl(fields.NOTIFY_URL, options.notifyPolicy(req), merchant)
          if (notify === undefined) return runRefusal('357', fields)
          const moves =
            options.runMovesClock?.(merchant.payId) === true &&
            asOf.value > merchantNow(merchant, options.now())
          const made = moves
            ? (await advanceClock({ ...options, db }, merchant, asOf.value, notify)).settlements
            : await options.runner.runFor(merchant, asOf.value, notify)
          return {
            PAY_ID: merchant.payId,
            AS_OF: fields.AS_OF!,
            SETTLEMENTS: JSON.stringify(
              await settlementsUpTo(db, merchant.payId, asOf.value, made),
            ),
            ...done(),
          }
        },
      },
      options.findMerchant,
      options.limits?.api,
    ),
  )
  return router
}
