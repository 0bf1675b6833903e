/**
 * The fields of a settlement and of its lines, in the order the answers and the CSV carry them:
 * a module of its own, so that a page that only reads the names (the signature debugger) does
 * not bundle the settlement rules.
 */
/** A line's fields, in the order of the CSV's columns. */
export const lineFields = [
  'TYPE',
  'ORDER_ID',
  'TXN_ID',
  'PG_REF_NUM',
  'PAYMENT_TYPE',
  'MOP_TYPE',
  'AMOUNT',
  'FEE',
  'GST',
  'NET',
  'DATE',
  'DESCRIPTION',
  'DISPUTE_ID',
  'SOURCE_SETTLEMENT_ID',
  'CURRENCY_CODE',
  'ORIGINAL_AMOUNT',
  'FX_RATE',
] as const

/**
 * The fields only the line of a payment, refund, or dispute's hold or release in a foreign
 * currency carries in the JSON (the CSV has their columns on every line, empty on rupee lines):
 * its currency, its amount in that currency's minor units and the rate that made the line's paise.
 */
export const foreignLineFields = ['CURRENCY_CODE', 'ORIGINAL_AMOUNT', 'FX_RATE'] as const

/** A settlement's own fields, in the order the answers list them. */
export const settlementFields = [
  'SETTLEMENT_ID',
  'UTR',
  'SETTLEMENT_DATE',
  'CYCLE_FROM',
  'CYCLE_TO',
  'PAYMENTS_COUNT',
  'REFUNDS_COUNT',
  'GROSS_AMOUNT',
  'REFUNDS_AMOUNT',
  'FEES_AMOUNT',
  'GST_AMOUNT',
  'CGST_AMOUNT',
  'SGST_AMOUNT',
  'IGST_AMOUNT',
  'PROVIDER_GSTIN',
  'MERCHANT_GSTIN',
  'ADJUSTMENTS_AMOUNT',
  'NET_AMOUNT',
  'BANK_ACCOUNT',
  'STATUS',
] as const

type ForeignLineField = (typeof foreignLineFields)[number]
export type LineFields = Record<Exclude<(typeof lineFields)[number], ForeignLineField>, string> &
  Partial<Record<ForeignLineField, string>>
export type SettlementFields = Record<(typeof settlementFields)[number], string>
