import { type Request, Router } from 'express'
import { responseCodes } from '#core/protocol/codes.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { jsonRoute, refusalsAt } from '#gateway/api/json.ts'
import type { ApiLimiters } from '#gateway/api/limits.ts'
import type { FindMerchant } from '#gateway/checks.ts'
import { formatDateTime } from '#gateway/ids.ts'
import { merchantNow } from '#gateway/merchants.ts'
import { type AdvanceDeps, advanceClock } from './advance.ts'
import { advanceTarget } from './time.ts'

export interface ClockApiOptions extends AdvanceDeps {
  limits?: ApiLimiters
  findMerchant: FindMerchant
  /** Whose clock may not move: the demo merchant's on a public sandbox (362). */
  clockLocked: (payId: string) => boolean
  /** The page that makes a sandbox account, named in that refusal. */
  accountPage: (req: Request) => string
}

/**
 * `POST /pgws/clock` `{PAY_ID}` → `NOW`: the merchant's time. `POST /pgws/clock/advance`
 * `{PAY_ID, BY | TO}` moves it forward (gateway/clock/advance.ts) and answers `FROM`, `NOW`, the
 * settlements made on the way (`SETTLEMENTS`) and everything that fell due in order
 * (`HAPPENED`), lists as JSON text so the answer stays flat under its HASH.
 */
export function clockApi(options: ClockApiOptions): Router {
  const refusalOf = refusalsAt(options.now)
  const done = (now: Date): Fields => ({
    RESPONSE_CODE: '000',
    RESPONSE_MESSAGE: responseCodes['000'].message,
    RESPONSE_DATE_TIME: formatDateTime(now),
  })
  const router = Router()
  const clockRefusal = refusalOf([])
  router.post(
    '/pgws/clock',
    ...jsonRoute(
      {
        fields: ['PAY_ID', 'HASH'],
        refusal: clockRefusal,
        answer: async (_fields, merchant) => {
          const now = merchantNow(merchant, options.now())
          return { PAY_ID: merchant.payId, NOW: now.toISOString(), ...done(now) }
        },
      },
      options.findMerchant,
      options.limits?.api,
    ),
  )
  const advanceRefusal = refusalOf(['BY', 'TO'])
  router.post(
    '/pgws/clock/advance',
    ...jsonRoute(
      {
        fields: ['PAY_ID', 'BY', 'TO', 'HASH'],
        refusal: advanceRefusal,
        answer: async (fields, merchant, req) => {
          if (options.clockLocked(merchant.payId)) {
            return { ...advanceRefusal('362', fields), ACCOUNT_URL: options.accountPage(req) }
          }
          const target = advanceTarget(fields, merchantNow(merchant, options.now()))
          if (!target.ok) return advanceRefusal(target.code, fields)
          const advanced = await advanceClock(options, merchant, target.to)
          return {
            PAY_ID: merchant.payId,
            FROM: advanced.from.toISOString(),
            NOW: advanced.to.toISOString(),
            SETTLEMENTS: JSON.stringify(advanced.settlements.map((made) => made.fields)),
            HAPPENED: JSON.stringify(advanced.happened),
            ...done(advanced.to),
          }
        },
      },
      options.findMerchant,
      options.limits?.api,
    ),
  )
  return router
}
