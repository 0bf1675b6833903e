import { useId } from 'react'
import { calculatorText, type PricingTab } from '#core/pricing/pricing.ts'
import { parseAmount, type Quote, quoteLabels } from '#core/pricing/fees.ts'
import { formatRupees } from '#core/currency/paise.ts'
import { calculatorFor } from './calculators.ts'
import './FeeCalculator.css'

/**
 * A tab's fee calculator: an amount, the tab's pickers, and the quote. The HTML holds the quote
 * for the default amount and choices; app/enhance/pricing.ts works it out again as the visitor
 * types, and shows an input error once the field is left or submitted, not mid-typing.
 */
export function FeeCalculator({ tab }: { tab: PricingTab }) {
  const setup = calculatorFor(tab)
  const id = useId()
  const choices = Object.fromEntries(
    setup.choices.map((choice) => [choice.name, choice.defaultValue]),
  )
  const amount = parseAmount(tab.calculator.defaultAmount)
  const result = amount.ok ? setup.quote(amount.paise, choices) : null
  const amountId = `${id}-amount`
  const hintId = `${id}-hint`
  const errorId = `${id}-error`

  return (
    <form className="fee-calculator card" data-tab={tab.id} noValidate>
      <h4 className="fee-calculator__title">{tab.calculator.title}</h4>
      <div className="fee-calculator__field">
        <label htmlFor={amountId}>{tab.calculator.amountLabel}</label>
        <input
          id={amountId}
          name="amount"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          defaultValue={tab.calculator.defaultAmount}
          aria-describedby={hintId}
        />
        <p className="fee-calculator__hint" id={hintId}>
          {calculatorText.amountHint}
        </p>
        <p className="fee-calculator__error" id={errorId} aria-live="polite" />
      </div>
      {setup.choices.map((choice) => (
        <div className="fee-calculator__field" key={choice.name}>
          <label htmlFor={`${id}-${choice.name}`}>{choice.label}</label>
          <select id={`${id}-${choice.name}`} name={choice.name} defaultValue={choice.defaultValue}>
            {choice.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      ))}
      <div className="fee-calculator__result" aria-live="polite">
        {result === null ? (
          <p className="fee-calculator__waiting">{calculatorText.waiting}</p>
        ) : result.ok ? (
          <QuoteBreakdown quote={result.quote} />
        ) : (
          <p className="fee-calculator__refusal">{result.error}</p>
        )}
      </div>
      {setup.footnote ? <p className="fee-calculator__footnote">{setup.footnote}</p> : null}
    </form>
  )
}

function QuoteBreakdown({ quote }: { quote: Quote }) {
  const rows = [
    { label: calculatorText.amount, paise: quote.amount },
    ...quote.charges,
    { label: quoteLabels.gst, paise: quote.gst },
    { label: calculatorText.totalCharges, paise: quote.totalCharges },
  ]
  return (
    <>
      <dl className="fee-calculator__lines">
        {rows.map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd>{formatRupees(row.paise)}</dd>
          </div>
        ))}
        <div className="fee-calculator__outcome">
          <dt>{quote.outcome.label}</dt>
          <dd>{formatRupees(quote.outcome.paise)}</dd>
        </div>
      </dl>
      {quote.note ? <p className="fee-calculator__note">{quote.note}</p> : null}
    </>
  )
}
