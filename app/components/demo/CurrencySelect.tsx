import { demoCurrencyCopy } from '#app/content/demo.ts'
import type { CurrencyChoice } from '#app/content/demo-api.ts'
import { formatAmount } from '#core/currency/format.ts'
import '#app/components/forms/FormField.css'
import './CurrencySelect.css'

interface CurrencySelectProps {
  choices: readonly CurrencyChoice[]
  /** The chosen ISO 4217 code. */
  value: string
  onChange: (code: string) => void
  /** The server's refusal of the currency, shown under it. */
  error?: string
}

const ID = 'demo-currency'

/**
 * "Pay in": the currency of the laptop's 1.00, a select named as the JSON request's body field
 * (`currency`), so the form posted without scripts carries it as it is. The hint says what a
 * foreign currency means before Pay, which a page without scripts cannot say on a change.
 */
export function CurrencySelect({ choices, value, onChange, error }: CurrencySelectProps) {
  const copy = demoCurrencyCopy
  const describedBy = error ? `${ID}-hint ${ID}-error` : `${ID}-hint`
  return (
    <div className="form-field demo-currency" data-state={error ? 'invalid' : undefined}>
      <label htmlFor={ID} className="form-field__label">
        {copy.currencyLabel}
      </label>
      <select
        id={ID}
        name="currency"
        className="form-field__input demo-currency__select"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        // Refused without scripts: the page opens on the field to mend.
        autoFocus={Boolean(error)}
      >
        {choices.map((choice) => (
          <option key={choice.code} value={choice.code}>
            {choice.label}
          </option>
        ))}
      </select>
      <p id={`${ID}-hint`} className="form-field__hint">
        {copy.hint}
      </p>
      {error ? (
        <p id={`${ID}-error`} className="form-field__error">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/**
 * The laptop's price in the chosen currency: `₹1.00`, `$1.00`, `¥1`, `KWD 1.000`. Written from
 * the choices the server sent (the first, the rupee, when the code is none of them), so the
 * browser never needs the ISO table.
 */
export function priceIn(code: string, choices: readonly CurrencyChoice[]): string {
  const choice = choices.find((candidate) => candidate.code === code) ?? choices[0]
  if (!choice) return ''
  return formatAmount((10n ** BigInt(choice.minorUnits)).toString(), choice, 'en')
}
