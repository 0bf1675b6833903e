/**
 * The live demos' fixed values (docs/product.md#entities-and-fields, #business-constants-and-limits), the merchant-hosted method tiles, the sandbox's
 * test data (docs/architecture.md#gateway-sandbox) and the copy that explains each flow.
 */
import { brand } from '#core/brand/brand.ts'
import { disputeCards, disputeReasonOf, groupCardNumber } from '#gateway/methods.ts'

/** Amounts travel in minor units (paise); the page shows them in rupees. */
export function formatMinorUnits(amountMinor: number): string {
  return (amountMinor / 100).toFixed(2)
}

export const demoPayment = {
  /** 100 paise = ₹1.00, the smallest amount worth trying a real flow with. */
  amountMinor: 100,
  /** ISO 4217 numeric code of the Indian rupee, as the gateway expects it. */
  currencyCode: '356',
  currencySymbol: '₹',
  currencyName: 'Indian rupee',
  txnType: 'SALE',
  /** Success response code of the gateway. */
  successCode: '000',
  /** Orders of the demo helper are "LP" + the current milliseconds; this one is the fixed sample. */
  sampleOrderId: 'LP1763712000000',
  merchantLabel: `${brand.name} Demo Store`,
  customer: {
    id: '73019284651027384956102938475610',
    name: 'Aarav Sharma',
    email: 'aarav.sharma@paystra.example',
    mobile: '9876543210',
  },
} as const

export const demoDisplayAmount = formatMinorUnits(demoPayment.amountMinor)

export const demoProduct = {
  name: 'Laptop',
  model: 'Aero 14 — Intel Core i5, 16 GB RAM, 512 GB SSD',
  description:
    'A demo product. Paying for it runs a real payment through the sandbox gateway: no real money, card or bank account is charged.',
} as const

export interface PaymentMethodTile {
  name: string
  /** The MOP_TYPE the gateway expects for this method. */
  code: string
  /** Letters drawn in the tile's badge. */
  monogram: string
}

export const netBankingBanks = [
  { name: 'AXIS Bank', code: '1005', monogram: 'AX' },
  { name: 'BOB', code: '1093', monogram: 'BOB' },
  { name: 'ICICI', code: '1013', monogram: 'IC' },
  { name: 'SBI', code: '1030', monogram: 'SBI' },
  { name: 'Union Bank', code: '1038', monogram: 'UB' },
  { name: 'Kotak Bank', code: '1012', monogram: 'KB' },
  { name: 'HDFC', code: '1004', monogram: 'HD' },
  { name: 'PNB', code: '1107', monogram: 'PNB' },
] as const satisfies readonly PaymentMethodTile[]

export const wallets = [
  { name: 'Paytm', code: 'PPL', monogram: 'PT' },
  { name: 'Mobikwik', code: 'MWL', monogram: 'MK' },
  { name: 'PhonePay', code: 'PPWL', monogram: 'PP' },
] as const satisfies readonly PaymentMethodTile[]

/** The merchant-hosted page's PAYMENT_TYPE per tab; Net Banking opens first. */
export type PaymentType = 'NB' | 'WL' | 'UP'

export function isPaymentType(value: unknown): value is PaymentType {
  return value === 'NB' || value === 'WL' || value === 'UP'
}

/** The tiles of the tabs that have them; their codes are the MOP_TYPEs a tab accepts. */
export const methodTiles = { NB: netBankingBanks, WL: wallets } as const

/** Whether a code is one of a tab's tiles: the page and the demo merchant both judge by it. */
export function isTileOf(paymentType: keyof typeof methodTiles, code: unknown): code is string {
  return methodTiles[paymentType].some((tile) => tile.code === code)
}

export const paymentMethodTabs = [
  {
    type: 'NB',
    label: 'Net Banking',
    hint: 'Choose your bank. You will sign in on its page to approve ₹1.00.',
  },
  {
    type: 'WL',
    label: 'Wallet',
    hint: 'Choose a wallet. You will confirm the payment on its page.',
  },
  {
    type: 'UP',
    label: 'UPI',
    hint: 'Enter your UPI ID and approve the collect request in your UPI app.',
  },
] as const satisfies readonly { type: PaymentType; label: string; hint: string }[]

export const upiField = {
  label: 'UPI ID',
  placeholder: 'yourname@bank',
  hint: 'In the sandbox, success@upi succeeds and failure@upi fails.',
} as const

/** What Pay says when no method is chosen yet (docs/product.md#ui-states, #error-catalogue). */
export const merchantHostedMessages = {
  noBank: 'Please select any bank',
  noWallet: 'Please select any wallet',
} as const

export const paymentSummary = {
  title: 'Payment Summary',
  merchantLabel: 'Merchant',
  orderIdLabel: 'Order ID',
  amountLabel: 'Amount payable',
  payLabel: 'Pay',
  payHint: 'Choose a payment method to continue.',
  cancelLabel: 'cancel',
  safeNote: 'Safe and Secure Payments',
  safeDetail:
    '256-bit encrypted and PCI DSS compliant. Your bank details never reach the merchant.',
} as const

/**
 * The PG Hosted and Checkout Js demos' currency: the laptop is priced 1.00 in the currency the
 * visitor pays in, rupees by default; a foreign one only a card can pay (the gateway's page then
 * offers cards alone).
 */
export const demoCurrencyCopy = {
  currencyLabel: 'Pay in',
  /** Under the picker, so it says what a choice means before Pay, with scripts or without. */
  hint: 'The laptop costs 1.00 in the currency you choose. Only cards pay in a foreign currency; the store is settled in rupees.',
  errors: {
    currency: 'Choose a currency from the list',
  },
} as const

export const redirectMessage = 'You are being redirected to Payment Page…'

/**
 * The page a Pay posted without scripts answers: the order is made and signed, and one button
 * takes it to the gateway (where scripts run, the page presses it itself).
 */
export const gatewayContinuation = {
  heading: 'Your order is ready',
  /** `amount` as the visitor reads it: `₹1.00`, `$1.00`. */
  text: (amount: string) =>
    `Continue to the ${brand.name} payment page to pay ${amount} to the demo store. Nothing is charged: the sandbox gateway takes the test data.`,
  buttonLabel: 'Continue to payment',
} as const

/** The Checkout Js demo without scripts: it runs checkout.js in the page, so it cannot work. */
export const checkoutNoScript = {
  text: 'This demo opens the gateway’s checkout.js over the page, so it needs JavaScript. Turn JavaScript on, or pay the same order without it on the',
  linkLabel: 'PG Hosted demo',
  linkTo: '/pg-hosted-demo',
} as const

export interface TestDataRow {
  value: string
  outcome: string
}

export interface TestDataGroup {
  method: string
  rows: readonly TestDataRow[]
  note?: string
}

/** What the sandbox's hosted page accepts, so a visitor can try both outcomes. */
export const sandboxTestData: readonly TestDataGroup[] = [
  {
    method: 'Cards',
    rows: [
      { value: '4111 1111 1111 1111', outcome: 'Payment succeeds' },
      { value: '4000 0000 0000 0002', outcome: 'Declined by the bank (004)' },
      { value: '4000 0000 0000 9995', outcome: 'Insufficient funds (020)' },
      // The sandbox's dispute cards and their reasons, as the gateway holds them. The cards of
      // the other pricing rows (debit, RuPay debit, issued abroad) are on the payment page's own
      // test data, where they are typed: listing them here too took the checkout demo past its
      // 130 KB of JavaScript.
      ...disputeCards.map((card) => {
        const reason = disputeReasonOf(card.reasonCode)!
        return {
          value: groupCardNumber(card.number),
          outcome: `Payment succeeds, then is disputed: ${reason.code} ${reason.reason}`,
        }
      }),
    ],
    note: 'Use any future expiry date, any three-digit CVV and any name on the card. Any test card pays in a foreign currency too (cards only). The last two are disputed by the settlement run that settles them.',
  },
  {
    method: 'UPI',
    rows: [
      { value: 'success@upi', outcome: 'Payment succeeds' },
      { value: 'failure@upi', outcome: 'Payment fails' },
      { value: 'pending@upi', outcome: 'Stays pending (026)' },
      { value: 'late@upi', outcome: 'Pending (026), then succeeds on its own' },
    ],
  },
  {
    method: 'Net banking and wallets',
    rows: [
      { value: 'Success', outcome: 'The sandbox bank approves the payment' },
      { value: 'Failure', outcome: 'The sandbox bank refuses the payment' },
    ],
    note: 'Any bank or wallet opens the sandbox bank page with these two buttons. Cancel on the payment page ends with code 010.',
  },
]

export interface DemoFlow {
  /** Names the flow in the intro line under the banner. */
  intro: string
  steps: readonly string[]
  /** When a merchant picks this flow. */
  fit: string
}

export const demoFlows = {
  hosted: {
    intro: `The customer pays on the ${brand.name} hosted payment page and comes back to your site with the result.`,
    steps: [
      'The customer presses Pay. Your server creates the order (a unique order ID, the amount in the currency’s minor units, such as 100 paise with currency 356 or 1234 cents with currency 840, transaction type SALE) and signs it with a SHA-256 hash of the fields and your secret salt.',
      `The browser posts the signed fields to the ${brand.name} hosted payment page. The gateway checks the hash, amount, currency and order ID before it offers any payment method.`,
      'The customer chooses cards, net banking, UPI or a wallet on our page, in the language they prefer. Card numbers never touch your servers.',
      'The gateway posts the encrypted result to your return URL. Your server decrypts it, verifies its hash and shows the customer the outcome.',
      'Before you ship, confirm the order with a status enquiry: response code 000 means the payment was captured.',
    ],
    fit: 'Best when you want the fastest integration and the smallest PCI DSS scope.',
  },
  checkout: {
    intro: `The ${brand.name} checkout opens over your page in a frame, so the customer never leaves your site.`,
    steps: [
      `Your page loads checkout.js from ${brand.name}. When the customer presses Pay, your server signs the order exactly as for the hosted flow.`,
      'The signed form is submitted into a frame in a popup over your page. A loader shows until the frame reports that its page is ready.',
      'The customer chooses a method and pays inside the frame. Your page stays underneath, with your branding and the cart intact.',
      'When the payment ends, the frame sends the result to your page and closes. Response code 000 shows "Payment Successful"; anything else shows "Payment Failed".',
      'Your server verifies the response hash before the order is marked paid.',
    ],
    fit: 'Best when you want the customer to stay on your page without handling card data yourself.',
  },
  merchantHosted: {
    intro:
      'You show the payment methods on your own page; the gateway processes the payment you send it.',
    steps: [
      `The customer picks net banking, a wallet or UPI on your checkout page: ${brand.name} does not show its own method picker.`,
      'Your server builds the request with the chosen PAYMENT_TYPE and MOP_TYPE, signs it, and encrypts it with AES-256 into a single ENCDATA field.',
      'The browser posts PAY_ID and ENCDATA to the gateway, which sends the customer straight to the bank, wallet or UPI approval.',
      'The encrypted result comes back to your return URL, where your server verifies it before showing the outcome.',
    ],
    fit: 'Best when your checkout design matters and you want full control of how methods are presented.',
  },
} as const satisfies Record<string, DemoFlow>

/** The demo pages' banners and the labels their components show. */
export const demoPages = {
  eyebrow: 'Live demo',
  pgHosted: { title: 'Live Demo - PG Hosted' },
  checkout: { title: 'Live Demo - Checkout Js' },
  merchantHosted: {
    title: 'Live Demo - Merchant Hosted',
    proceedLabel: 'Proceed to Payment Page',
    redirectNote:
      'Next comes the merchant’s own checkout page, where you choose a bank, a wallet or UPI.',
    methodsHeading: 'Choose a payment method',
    methodsLabel: 'Payment method',
    banksLabel: 'Banks',
    walletsLabel: 'Wallets',
  },
} as const

export const demoCopy = {
  sectionLabel: 'Try the payment',
  product: {
    eyebrow: 'Demo product',
    priceLabel: 'Price',
    customerLabel: 'Customer',
    payLabel: 'Pay',
    artLabel: 'Illustration of the demo laptop',
  },
  testData: {
    heading: 'Test data',
    intro:
      'This demo runs against the sandbox gateway: nothing is charged. Use these values on the payment page to try each outcome.',
    valueColumn: 'Enter or press',
    outcomeColumn: 'Result',
  },
  flowHeading: 'How this flow works',
} as const

/** The gateway's PAYMENT_TYPE codes as a customer reads them. */
export const paymentTypeNames: Readonly<Record<string, string>> = {
  NB: 'Net Banking',
  WL: 'Wallet',
  UP: 'UPI',
  CC: 'Credit card',
  DC: 'Debit card',
  CARD: 'Card',
}

/** Card networks' MOP_TYPE codes; banks and wallets are named by their tiles. */
const cardNetworkNames: Readonly<Record<string, string>> = {
  VI: 'Visa',
  MC: 'Mastercard',
  RU: 'RuPay',
  AX: 'American Express',
}

/** "Net Banking · HDFC", "Wallet · Paytm", "UPI": how a payment was made, in words. */
export function describePaymentMethod(paymentType?: string | null, mopType?: string | null) {
  const type = paymentType ? (paymentTypeNames[paymentType] ?? paymentType) : undefined
  const tile = [...netBankingBanks, ...wallets].find((entry) => entry.code === mopType)
  const mop =
    mopType && mopType !== paymentType
      ? (tile?.name ?? cardNetworkNames[mopType] ?? mopType)
      : undefined
  return [type, mop].filter(Boolean).join(' · ') || 'Not chosen'
}

/** The outcome screens and popups of the three demos (docs/product.md#routes-and-screens, #error-catalogue). */
export const paymentResultCopy = {
  successHeading: 'Payment Successful',
  failureHeading: 'Payment Failed',
  okLabel: 'Ok',
  orderIdLabel: 'Order ID',
  txnIdLabel: 'Transaction ID',
  amountLabel: 'Amount',
  methodLabel: 'Payment method',
  fxRateLabel: 'Exchange rate',
  inrAmountLabel: 'In rupees',
  codeLabel: 'Response code',
  messageLabel: 'Message',
  pendingHeading: 'Payment Pending',
  awaitingHeading: 'Waiting for the Payment',
  successLead: 'The sandbox gateway captured the payment and its signed response checked out.',
  failureLead:
    'The sandbox gateway did not capture the payment. Nothing was charged; try again with the test data to see a success.',
  pendingLead:
    'The bank has not confirmed this payment yet. Keep this page open: the result shows here on its own as soon as the gateway tells the store.',
  awaitingLead:
    'The store has not heard from the gateway about this order yet. If you paid, the result shows here on its own as soon as it arrives.',
  /** While the result page waits for a pending payment's outcome (ADR 013). */
  watching: {
    checking: 'Checking for the result every few seconds…',
    stopped:
      'There is no final result yet. The store keeps asking the gateway; reload this page later to see it.',
    arrived: 'The result has arrived:',
  },
  /** The result page's look-up, for a customer whose return never arrived (ADR 013). */
  lookup: {
    heading: 'Find a payment by its order ID',
    intro:
      'Paid, but never came back here? The order ID (LP and 18 digits) is shown on the payment page. This browser finds the payments it made.',
    label: 'Order ID',
    placeholder: 'LP482019573640128375',
    submitLabel: 'Find payment',
    notFoundHeading: 'No payment with this order ID',
    notFound: 'No demo payment made in this browser has this order ID. Check it and try again.',
  },
  followLabel: 'Follow this payment',
  detailsHeading: 'Payment details',
  merchantSide: {
    heading: 'What the merchant receives',
    rateLabel: 'Rate',
    feeLabel: 'Our fee',
    netLabel: 'Settled to the merchant',
    settlementLabel: 'Reaches the bank on',
    note: 'The fee is the Payment Gateway rate on the pricing page. Payments captured on one day settle on the next working day, net of the fee and GST.',
  },
  reasonHeading: 'Why it was refused',
  backHeading: 'Try another flow',
  startHeading: 'Try a live demo',
  tryAgainLabel: 'Try this demo again',
  demoLinks: [
    { to: '/pg-hosted-demo', label: 'PG Hosted demo' },
    { to: '/merchant-hosted-demo', label: 'Merchant Hosted demo' },
    { to: '/checkout-demo', label: 'Checkout Js demo' },
  ],
  /** The response route without a payment to show: opened directly or after the data was reset. */
  empty: {
    heading: 'No payment to show',
    lead: 'This page shows the result of a demo payment when the gateway sends the customer back. Start a demo to see one.',
  },
  /** A response the merchant could not trust is never shown as a payment. */
  refused: {
    heading: 'Payment could not be verified',
    lead: 'The response that reached this store did not pass its checks, so it is not treated as a payment. Nothing was recorded as paid.',
    reasons: {
      missing: 'The response carried no encrypted payment data.',
      merchant: 'The response was addressed to another merchant.',
      undecryptable: 'The encrypted data does not open with this store’s key.',
      malformed: 'The decrypted data is not a payment response.',
      hash: 'The response’s HASH does not match its fields: it may have been altered on the way.',
      'unknown-order': 'The response is for an order this store never created.',
      amount: 'The response’s amount differs from the amount of the order.',
    },
  },
  checkoutPopupLabel: `${brand.name} secure checkout`,
  checkoutFrameTitle: `${brand.name} payment page`,
  closePopupLabel: 'Close the payment window',
  checkoutClosedNote:
    'The payment window was closed before the payment finished. Nothing was charged; press Pay to try again.',
  verifying: 'Confirming the payment with the store…',
  scriptLoading: 'The secure checkout is still loading. Press Pay again in a moment.',
  requestFailed: 'We could not start the payment. Check your connection and press Pay again.',
  verifyFailed:
    'The payment finished, but this store could not verify its result. Nothing is shown as paid.',
  scriptFailed: `The ${brand.name} checkout could not be loaded. Check your connection and reload the page.`,
} as const

export type ResponseRefusalReason = keyof typeof paymentResultCopy.refused.reasons

export type PaymentStatus = 'success' | 'failed' | 'pending' | 'awaiting'

/** A status that can still change: the result page keeps checking while it shows one. */
export function isOpenStatus(status: PaymentStatus): boolean {
  return status === 'pending' || status === 'awaiting'
}

/** A result's tone: green for captured, amber while it can still change, red otherwise. */
export function toneOf(status: PaymentStatus | undefined): 'SUCCESS' | 'PENDING' | 'FAILED' {
  if (status === 'success') return 'SUCCESS'
  if (status && isOpenStatus(status)) return 'PENDING'
  return 'FAILED'
}

/** The heading of a payment's result screen. */
export function resultHeading(status: PaymentStatus): string {
  const copy = paymentResultCopy
  return {
    success: copy.successHeading,
    failed: copy.failureHeading,
    pending: copy.pendingHeading,
    awaiting: copy.awaitingHeading,
  }[status]
}

/** A verified demo payment as the result screens show it; the server builds it. */
export interface PaymentResult {
  /** Id of the stored payment; the response page's address carries it. */
  id: string
  flow: 'hosted' | 'checkout' | 'merchant-hosted'
  /**
   * Where it stands: captured, failed, pending at the bank, or awaiting the gateway's first
   * word (the order was made but no answer has arrived yet).
   */
  status: PaymentStatus
  /** RESPONSE_CODE 000. */
  success: boolean
  orderId: string
  txnId: string
  /** "₹1.00", "$12.34": the amount in its currency. */
  amount: string
  /** A foreign payment: the gateway's FX_RATE, "1 USD = ₹84.2150". */
  fxRate?: string
  /** A foreign payment: what it is in rupees ("₹1,039.21"). */
  inrAmount?: string
  method: string
  responseCode: string
  responseMessage: string
  /** A captured payment only: what its settlement pays the merchant. */
  merchantSide?: MerchantSide
}

/**
 * What the merchant receives from a captured payment, by the code its settlement runs: the fee
 * of the pricing page's Payment Gateway rates, GST on the fee, and the first working day after
 * the capture date on the business calendar.
 */
export interface MerchantSide {
  /** The pricing row and its rate, as the pricing calculator labels them: "Credit card (2.00%)". */
  rate: string
  fee: string
  /** "GST on the fee (18%)": the rate is the pricing page's, which the browser does not load. */
  gstLabel: string
  gst: string
  net: string
  /** "Monday, 30 November 2026". */
  settlementDate: string
}

/** Each flow's demo page, for "Try this demo again". */
export const demoPathOfFlow: Record<PaymentResult['flow'], string> = {
  hosted: '/pg-hosted-demo',
  checkout: '/checkout-demo',
  'merchant-hosted': '/merchant-hosted-checkout',
}
