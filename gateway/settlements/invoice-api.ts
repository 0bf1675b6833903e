import { Router } from 'express'
import { responseCodes, type ResponseCode } from '#core/protocol/codes.ts'
import type { Fields } from '#core/protocol/fields.ts'
import type { ApiLimiters } from '#gateway/api/limits.ts'
import { codeFields, echo, jsonRoute } from '#gateway/api/json.ts'
import type { FindMerchant } from '#gateway/checks.ts'
import { formatDateTime } from '#gateway/ids.ts'
import { gstPartiesOf } from '#gateway/merchants.ts'
import type { GatewayDatabase } from '#gateway/store.ts'
import { assembleInvoice, checkInvoiceFormat, checkMonth, invoiceAnswer } from './invoice.ts'
import { renderInvoicePdf } from './invoice-pdf.ts'
import { chargedLines, numberInvoice } from './invoice-store.ts'

export interface InvoiceApiOptions {
  limits?: ApiLimiters
  db: GatewayDatabase
  findMerchant: FindMerchant
  now: () => Date
  /** The sandbox's public address, which the PDF's links are made against. */
  publicUrl?: string
}

/**
 * The monthly tax invoice of the fees charged on a merchant's settlements dated in MONTH, as
 * JSON (its lines as JSON text in one field, under the HASH) or as a PDF. A month without a
 * settlement or a fee answers an invoice all the same, its totals zero: the merchant learns
 * there is nothing to claim, and the month keeps one number.
 */
export function invoiceApi(options: InvoiceApiOptions): Router {
  const { db } = options
  const refusal = (code: ResponseCode, fields: Fields | undefined): Fields => ({
    ...echo(fields, ['PAY_ID', 'MONTH', 'FORMAT']),
    ...codeFields(code, 'Failed'),
    RESPONSE_DATE_TIME: formatDateTime(options.now()),
  })
  return Router().post(
    '/pgws/gst-invoice',
    ...jsonRoute(
      {
        fields: ['PAY_ID', 'MONTH', 'FORMAT', 'HASH'],
        refusal,
        answer: async (fields, merchant) => {
          const month = checkMonth(fields.MONTH)
          if (!month.ok) return refusal(month.code, fields)
          const format = checkInvoiceFormat(fields.FORMAT)
          if (!format.ok) return refusal(format.code, fields)
          const number = await numberInvoice(db, merchant.payId, month.value)
          const charged = await chargedLines(db, merchant.payId, month.value)
          const invoice = assembleInvoice({
            number,
            month: month.value,
            parties: gstPartiesOf(merchant),
            merchantName: merchant.name,
            settlementsCount: charged.settlementsCount,
            lines: charged.lines,
          })
          if (format.value === 'PDF') {
            return {
              attachment: {
                contentType: 'application/pdf',
                filename: `${number.replaceAll('/', '-')}.pdf`,
                body: await renderInvoicePdf(invoice, {
                  siteUrl: options.publicUrl ?? 'http://localhost',
                }),
              },
            }
          }
          return {
            PAY_ID: merchant.payId,
            ...invoiceAnswer(invoice),
            RESPONSE_CODE: '000',
            RESPONSE_MESSAGE: responseCodes['000'].message,
            RESPONSE_DATE_TIME: formatDateTime(options.now()),
          }
        },
      },
      options.findMerchant,
      options.limits?.api,
    ),
  )
}
