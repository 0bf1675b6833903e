import { FormField } from '#app/components/forms/FormField.tsx'
import { demoAmountCopy } from '#app/content/demo.ts'
import type { CurrencyChoice, DemoApiError } from '#app/content/demo-api.ts'
import './OrderAmountFields.css'

export interface OrderAmountValues {
  currency: string
  amount: string
}

export interface OrderAmountError {
  field: NonNullable<DemoApiError['field']>
  message: string
}

interface OrderAmountFieldsProps {
  choices: readonly CurrencyChoice[]
  values: OrderAmountValues
  onChange: (values: OrderAmountValues) => void
  /** The server's refusal of one field, shown beside it. */
  error?: OrderAmountError
}

const CURRENCY_ID = 'demo-currency'
const AMOUNT_ID = 'demo-amount'

/**
 * The currency and the amount the PG Hosted demo's order asks for, as form fields named as the
 * JSON request's body (`currency`, `amount`): posted as they are without scripts, read from
 * state with them. The server judges both; its message shows under the field it is about.
 */
export function OrderAmountFields({ choices, values, onChange, error }: OrderAmountFieldsProps) {
  const copy = demoAmountCopy
  const foreign = values.currency !== choices[0]?.code
  const currencyError = error?.field === 'currency' ? error.message : undefined
  return (
    <fieldset className="order-amount">
      <legend className="order-amount__legend">{copy.legend}</legend>
      <div className="order-amount__fields">
        <div className="form-field" data-state={currencyError ? 'invalid' : undefined}>
          <label htmlFor={CURRENCY_ID} className="form-field__label">
            {copy.currencyLabel}
          </label>
          <select
            id={CURRENCY_ID}
            name="currency"
            className="form-field__input order-amount__select"
            value={values.currency}
            onChange={(event) => onChange({ ...values, currency: event.currentTarget.value })}
            aria-invalid={currencyError ? true : undefined}
            aria-describedby={currencyError ? `${CURRENCY_ID}-error` : undefined}
          >
            {choices.map((choice) => (
              <option key={choice.code} value={choice.code}>
                {choice.label}
              </option>
            ))}
          </select>
          {currencyError ? (
            <p id={`${CURRENCY_ID}-error`} className="form-field__error">
              {currencyError}
            </p>
          ) : null}
        </div>
        <FormField
          id={AMOUNT_ID}
          label={copy.amountLabel}
          hint={copy.amountHint}
          error={error?.field === 'amount' ? error.message : undefined}
          inputProps={{
            name: 'amount',
            type: 'text',
            inputMode: 'decimal',
            autoComplete: 'off',
            spellCheck: false,
            maxLength: 20,
            // Refused without scripts: the page opens on the field to mend.
            autoFocus: error?.field === 'amount',
            value: values.amount,
            onChange: (event) => onChange({ ...values, amount: event.currentTarget.value }),
          }}
        />
      </div>
      {foreign ? <p className="order-amount__note">{copy.foreignNote}</p> : null}
    </fieldset>
  )
}
