/** Response codes of the gateway (DESIGN.md "Gateway sandbox protocol"). 000 is success. */
export const responseCodes = {
  '000': { status: 'Captured', message: 'Transaction successful' },
  '004': { status: 'Failed', message: 'Transaction declined by the issuing bank' },
  '006': {
    status: 'Pending',
    message: 'Transaction in progress: the customer has not finished paying',
  },
  '010': { status: 'Failed', message: 'Transaction cancelled by the customer' },
  '018': { status: 'Failed', message: 'Duplicate order id' },
  '020': { status: 'Failed', message: 'Insufficient funds' },
  '026': { status: 'Pending', message: 'Transaction pending: awaiting confirmation from the bank' },
  '319': { status: 'Failed', message: 'Invalid currency code' },
  '320': { status: 'Failed', message: 'Invalid amount' },
  '321': { status: 'Failed', message: 'Invalid order id' },
  '322': { status: 'Failed', message: 'Invalid transaction type' },
  '323': { status: 'Failed', message: 'Invalid hash' },
  '324': { status: 'Failed', message: 'Invalid pay id' },
  '325': { status: 'Failed', message: 'Invalid return URL' },
  '326': { status: 'Failed', message: 'Invalid request' },
  '327': { status: 'Failed', message: 'Invalid payment method' },
  '328': { status: 'Failed', message: 'No transaction found for this order id' },
} as const satisfies Record<string, { status: TransactionStatus; message: string }>

export type TransactionStatus = 'Captured' | 'Failed' | 'Pending'
export type ResponseCode = keyof typeof responseCodes

export const SUCCESS_CODE: ResponseCode = '000'

export function isSuccess(code: string | undefined): boolean {
  return code === SUCCESS_CODE
}
