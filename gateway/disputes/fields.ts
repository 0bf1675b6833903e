/** A dispute's fields, in the order the answers, the lists and the events carry them. */
export const disputeFields = [
  'DISPUTE_ID',
  'ORDER_ID',
  'TXN_ID',
  'PG_REF_NUM',
  'AMOUNT',
  'CURRENCY_CODE',
  'INR_AMOUNT',
  'REASON_CODE',
  'REASON',
  'RESPOND_BY',
  'STATUS',
  'EVIDENCE_RECEIVED',
  'CREATED_AT',
  'DECIDED_AT',
  'RESOLUTION',
] as const

export type DisputeFields = Record<(typeof disputeFields)[number], string>
