import { merchantNow, type SandboxMerchant } from '#gateway/merchants.ts'
import { Router } from 'express'
import { currencies, isForeign } from '#core/currency/currencies.ts'
import { RATES_DATE, rateOf } from '#core/currency/exchange.ts'
import { type ResponseCode, responseCodes } from '#core/protocol/codes.ts'
import type { Fields } from '#core/protocol/fields.ts'
import type { FindMerchant } from '#gateway/checks.ts'
import { formatDateTime } from '#gateway/ids.ts'
import { codeFields, echo, jsonRoute } from './json.ts'
import type { ApiLimiters } from './limits.ts'

export interface FxOptions {
  /** The JSON APIs' limits (gateway/api/limits.ts); absent, none. */
  limits?: ApiLimiters
  findMerchant: FindMerchant
  now: () => Date
}

/**
 * `RATES`: the rate of every foreign currency keyed by its CURRENCY_CODE, as JSON text written in
 * the order of the currency list (an object built in JavaScript would put `840` before `036`).
 */
export function ratesText(): string {
  const entries = currencies
    .filter(isForeign)
    .map((currency) => `${JSON.stringify(currency.number)}:${JSON.stringify(rateOf(currency))}`)
  return `{${entries.join(',')}}`
}

/** `CURRENCIES`: every currency the gateway takes, the rupee first at 1.0000, as JSON text. */
export function currenciesText(): string {
  return JSON.stringify(
    currencies.map((currency) => ({
      CURRENCY_CODE: currency.number,
      CODE: currency.code,
      NAME: currency.name,
      MINOR_UNITS: String(currency.minorUnits),
      FX_RATE: rateOf(currency),
    })),
  )
}

/** The answer to a signed rates request (HASH added by the route). */
export function fxAnswer(payId: string, dateTime: string): Fields {
  return {
    PAY_ID: payId,
    RATES_DATE,
    RATES: ratesText(),
    CURRENCIES: currenciesText(),
    RESPONSE_CODE: '000',
    RESPONSE_MESSAGE: responseCodes['000'].message,
    RESPONSE_DATE_TIME: dateTime,
  }
}

/**
 * `POST /pgws/fx` `{ PAY_ID, HASH }`: the sandbox's exchange rates, dated, and the currencies a
 * card payment may be made in, so a merchant can show a foreign price in rupees before the
 * payment (which answers the rate it used, FX_RATE, and its INR_AMOUNT).
 */
export function fxApi(options: FxOptions): Router {
  const dateTime = (merchant?: SandboxMerchant) =>
    formatDateTime(merchant ? merchantNow(merchant, options.now()) : options.now())
  const refusal = (code: ResponseCode, fields: Fields | undefined): Fields => ({
    ...echo(fields, ['PAY_ID']),
    ...codeFields(code, 'Failed'),
    RESPONSE_DATE_TIME: dateTime(),
  })
  const router = Router()
  router.post(
    '/pgws/fx',
    ...jsonRoute(
      {
        fields: ['PAY_ID', 'HASH'],
        refusal,
        answer: async (_fields, merchant) => fxAnswer(merchant.payId, dateTime(merchant)),
      },
      options.findMerchant,
      options.limits?.api,
    ),
  )
  return router
}
