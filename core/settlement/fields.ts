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
] as const

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
  'ADJUSTMENTS_AMOUNT',
  'NET_AMOUNT',
  'BANK_ACCOUNT',
  'STATUS',
] as const

export type LineFields = Record<(typeof lineFields)[number], string>
export type SettlementFields = Record<(typeof settlementFields)[number], string>
