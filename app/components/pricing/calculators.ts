import {
  autoCollectionTab,
  paymentGatewayTab,
  type PricingTab,
  type PricingTabId,
  type RateRow,
  subscriptionTab,
} from '#core/pricing/pricing.ts'
import {
  autoCollectionTransactionRowId,
  formatCharge,
  quoteAutoCollection,
  quotePaylink,
  quotePaymentGateway,
  quotePayout,
  quoteSubscription,
  type QuoteResult,
} from '#core/pricing/fees.ts'
import { type Paise } from '#core/currency/paise.ts'

export interface CalculatorChoice {
  name: string
  label: string
  options: { value: string; label: string }[]
  defaultValue: string
}

/** What a tab's calculator asks for and how it turns the answers into a quote. */
export interface CalculatorSetup {
  choices: CalculatorChoice[]
  quote: (amount: Paise, choices: Record<string, string>) => QuoteResult
  /** Charges the calculator leaves out, said in a sentence under the result. */
  footnote?: string
}

const optionsFrom = (rows: readonly RateRow[]) =>
  rows.map((row) => ({ value: row.id, label: row.label }))

function choice(
  name: string,
  label: string | undefined,
  rows: readonly RateRow[],
  defaultValue: string,
): CalculatorChoice {
  if (!label) throw new Error(`The "${name}" picker needs a label in the pricing table`)
  return { name, label, options: optionsFrom(rows), defaultValue }
}

const ok = <T>(quote: T) => ({ ok: true as const, quote })

/** "Charged once per customer and not included above: Mandate registration ₹6.00, …" */
function oneOffCharges(rows: readonly RateRow[], per: string): string {
  const charges = rows.flatMap((row) =>
    row.slabs.map((slab) => `${row.label} ${formatCharge(slab.charge)}`),
  )
  return `Charged once ${per} and not included above: ${charges.join(', ')} (plus GST).`
}

/** The calculator of each tab, built from that tab's rate rows. */
export function calculatorFor(tab: PricingTab): CalculatorSetup {
  const { optionLabel, methodLabel } = tab.calculator
  const setups: Record<PricingTabId, () => CalculatorSetup> = {
    'payment-gateway': () => ({
      choices: [choice('row', optionLabel, tab.rows, 'debit-card')],
      quote: (amount, { row = '' }) => ok(quotePaymentGateway(row, amount)),
    }),
    subscription: () => {
      const perDebit = tab.rows.filter((row) => row.unit === 'per debit')
      const perMandate = subscriptionTab.rows.filter((row) => row.unit === 'per mandate')
      return {
        choices: [choice('row', optionLabel, perDebit, 'upi-autopay-presentation')],
        quote: (amount, { row = '' }) => ok(quoteSubscription(row, amount)),
        footnote: oneOffCharges(perMandate, 'per customer'),
      }
    },
    payouts: () => ({
      choices: [choice('row', optionLabel, tab.rows, 'imps')],
      quote: (amount, { row = '' }) => quotePayout(row, amount),
    }),
    paylinks: () => ({
      choices: [
        choice('row', optionLabel, tab.rows, 'normal'),
        choice('method', methodLabel, paymentGatewayTab.rows, 'credit-card'),
      ],
      quote: (amount, { row = '', method = '' }) => ok(quotePaylink(row, method, amount)),
    }),
    'auto-collection': () => {
      const setupRows = autoCollectionTab.rows.filter(
        (row) => row.id !== autoCollectionTransactionRowId,
      )
      return {
        choices: [],
        quote: (amount) => ok(quoteAutoCollection(amount)),
        footnote: oneOffCharges(setupRows, 'per account'),
      }
    },
  }
  return setups[tab.id]()
}
