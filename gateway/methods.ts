import type { ResponseCode } from '#core/protocol/codes.ts'

/** Net banking banks with their MOP_TYPE codes (docs/product.md#entities-and-fields). */
export const banks = [
  { name: 'AXIS Bank', code: '1005' },
  { name: 'BOB', code: '1093' },
  { name: 'ICICI', code: '1013' },
  { name: 'SBI', code: '1030' },
  { name: 'Union Bank', code: '1038' },
  { name: 'Kotak Bank', code: '1012' },
  { name: 'HDFC', code: '1004' },
  { name: 'PNB', code: '1107' },
] as const

/** Wallets with their MOP_TYPE codes (docs/product.md#entities-and-fields). */
export const wallets = [
  { name: 'Paytm', code: 'PPL' },
  { name: 'Mobikwik', code: 'MWL' },
  { name: 'PhonePay', code: 'PPWL' },
] as const

/**
 * The cards the sandbox accepts and how each payment ends (docs/architecture.md "Hosted page").
 * A card is what a real one would be: a credit (`CC`) or debit (`DC`) card of a network
 * (MOP_TYPE `VI` Visa, `RU` RuPay), issued in India or abroad; together they choose the pricing
 * row its settlement charges (core/pricing/payment-fee.ts), so every row can be tried.
 */
export const testCards = [
  { number: '4111111111111111', code: '000', paymentType: 'CC', mopType: 'VI' },
  { number: '4000000000000002', code: '004', paymentType: 'CC', mopType: 'VI' },
  { number: '4000000000009995', code: '020', paymentType: 'CC', mopType: 'VI' },
  { number: '4000000000001976', code: '000', paymentType: 'CC', mopType: 'VI' },
  { number: '4000000000000259', code: '000', paymentType: 'CC', mopType: 'VI' },
  { number: '4000056655665556', code: '000', paymentType: 'DC', mopType: 'VI' },
  { number: '6074849200004917', code: '000', paymentType: 'DC', mopType: 'RU' },
  // Issued in the United Kingdom (826): international even when it pays in rupees.
  { number: '4000008260000000', code: '000', paymentType: 'CC', mopType: 'VI', issuedAbroad: true },
] as const satisfies ReadonlyArray<TestCard>

export interface TestCard {
  number: string
  code: ResponseCode
  paymentType: 'CC' | 'DC'
  /** The card network: `VI` Visa, `RU` RuPay. */
  mopType: 'VI' | 'RU'
  /** Issued outside India: priced on the international cards row whatever the currency. */
  issuedAbroad?: true
}

export function testCardOf(number: string | undefined): TestCard | undefined {
  return testCards.find((card) => card.number === number)
}

/**
 * The reasons a sandbox dispute is raised with, as the card networks number them. `winnable`:
 * whether evidence can win it (the documented rule, disputes/outcome.ts): a customer who says the
 * goods never came can be answered with proof of delivery; a cardholder who says they never made
 * the payment cannot be, in the sandbox, whatever is sent.
 */
export const disputeReasons = [
  { code: '13.1', reason: 'Merchandise or services not received', winnable: true },
  { code: '10.4', reason: 'Fraud: card-absent environment', winnable: false },
] as const

export type DisputeReasonCode = (typeof disputeReasons)[number]['code']

/**
 * Test cards whose payments are captured, then disputed when the next settlement run passes
 * their capture (listed in testCards too, with the outcome 000).
 */
export const disputeCards = [
  { number: '4000000000001976', reasonCode: '13.1' },
  { number: '4000000000000259', reasonCode: '10.4' },
] as const satisfies ReadonlyArray<{ number: string; reasonCode: DisputeReasonCode }>

export function disputeCardOf(cardNumber: string | undefined) {
  return disputeCards.find((card) => card.number === cardNumber)
}

export function disputeReasonOf(code: string) {
  return disputeReasons.find((reason) => reason.code === code)
}

/**
 * The UPI IDs the sandbox accepts and how each payment ends. `late@upi` answers Pending at
 * once, and the bank confirms it a little later (the sandbox's settle delay): the case of a
 * merchant who learns the outcome only by webhook or status enquiry.
 */
export const testUpiIds = [
  { vpa: 'success@upi', code: '000', outcome: 'success' },
  { vpa: 'failure@upi', code: '004', outcome: 'failure' },
  { vpa: 'pending@upi', code: '026', outcome: 'pending' },
  { vpa: 'late@upi', code: '026', outcome: 'late', settlesAs: '000' },
] as const satisfies ReadonlyArray<{
  vpa: string
  code: ResponseCode
  outcome: 'success' | 'failure' | 'pending' | 'late'
  settlesAs?: ResponseCode
}>

/**
 * The instruments a subscription's mandate page registers, and how their later debits end
 * (docs/decisions/053-recurring-payment-rules.md, "Test instruments"). `declined`: the code a
 * registration ends with when the instrument does not register.
 */
export const mandateTestUpiIds = [
  { vpa: 'success@upi', outcome: 'SUCCESS' },
  { vpa: 'nofunds@upi', outcome: 'NOFUNDS' },
  { vpa: 'failure@upi', declined: '004' },
] as const satisfies ReadonlyArray<MandateTestInstrument & { vpa: string }>

export const mandateTestCards = [
  { number: '4111111111111111', outcome: 'SUCCESS', paymentType: 'CC', mopType: 'VI' },
  { number: '4000000000000341', outcome: 'NOFUNDS', paymentType: 'CC', mopType: 'VI' },
  { number: '4000000000000002', declined: '004', paymentType: 'CC', mopType: 'VI' },
  { number: '4000000000009995', declined: '020', paymentType: 'CC', mopType: 'VI' },
] as const satisfies ReadonlyArray<
  MandateTestInstrument & { number: string; paymentType: 'CC' | 'DC'; mopType: 'VI' | 'RU' }
>

/** An e-NACH account that registers and then fails every debit for want of funds. */
export const ENACH_NOFUNDS_ACCOUNT = '000000000020'

export type MandateTestInstrument =
  | { outcome: 'SUCCESS' | 'NOFUNDS'; declined?: undefined }
  | { declined: ResponseCode; outcome?: undefined }

/** How the sandbox bank page ends a net banking or wallet payment. */
export const bankOutcomes = { success: '000', failure: '004' } as const satisfies Record<
  string,
  ResponseCode
>

export type PaymentType = 'CC' | 'DC' | 'NB' | 'WL' | 'UP'

export function bankName(code: string): string | undefined {
  return banks.find((bank) => bank.code === code)?.name
}

export function walletName(code: string): string | undefined {
  return wallets.find((wallet) => wallet.code === code)?.name
}

/** The bank or wallet a net banking or wallet payment goes through. */
export function institutionName(paymentType: string, mopType: string): string | undefined {
  if (paymentType === 'NB') return bankName(mopType)
  if (paymentType === 'WL') return walletName(mopType)
  return undefined
}

/** `4111111111111111` → `4111 1111 1111 1111`. */
export function groupCardNumber(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, '$1 ')
}
