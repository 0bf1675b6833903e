/**
 * The fee the gateway keeps from one captured payment, by the very function the pricing page's
 * Payment Gateway calculator runs (quotePaymentGateway), so what a settlement deducts is what the
 * pricing page promised. A refund returns no fee.
 */
import { type QuoteLine, quotePaymentGateway } from './fees.ts'
import { type Paise } from '#core/currency/paise.ts'

/** How a payment was made, as the gateway records it (PAYMENT_TYPE and MOP_TYPE). */
export interface PaymentMethod {
  paymentType: string
  mopType?: string
  /** Paid in a currency other than the rupee: always the international cards row. */
  foreignCurrency?: boolean
  /**
   * Paid with a card issued outside India: the international cards row even when it paid in
   * rupees, since the rate follows where the card was issued, not the currency alone.
   */
  issuedAbroad?: boolean
}

/** The PAYMENT_TYPEs the Payment Gateway rates price: UPI, debit and credit cards, net banking, wallets. */
export const pricedPaymentTypes: readonly string[] = ['UP', 'DC', 'CC', 'NB', 'WL']

/** The id of the Payment Gateway pricing row that charges a payment made this way. */
export function pricingRowFor(method: PaymentMethod): string {
  if (method.foreignCurrency || method.issuedAbroad) return 'international-cards'
  switch (method.paymentType) {
    case 'UP':
      return 'upi-rupay-debit'
    case 'DC':
      return method.mopType === 'RU' ? 'upi-rupay-debit' : 'debit-card'
    case 'CC':
      return 'credit-card'
    case 'NB':
      return 'net-banking'
    case 'WL':
      return 'wallets'
    default:
      throw new RangeError(`No pricing row for PAYMENT_TYPE ${JSON.stringify(method.paymentType)}`)
  }
}

export interface PaymentFee {
  amount: Paise
  /** The pricing row and rate that made the fee, as the calculator labels them ("Credit card (2.00%)"). */
  charges: QuoteLine[]
  fee: Paise
  gst: Paise
  /** What the merchant receives: amount − fee − GST (negative when the charges are larger). */
  net: Paise
}

/** Fee, GST and net of a captured payment of `amount` paise. */
export function paymentFee(method: PaymentMethod, amount: Paise): PaymentFee {
  const quote = quotePaymentGateway(pricingRowFor(method), amount)
  return {
    amount,
    charges: quote.charges,
    fee: quote.fee,
    gst: quote.gst,
    net: quote.outcome.paise,
  }
}
