import { palette } from '#core/brand/brand.ts'
import { Link } from 'react-router'
import { demoDisplayAmount, demoPayment, paymentSummary } from '#app/content/demo.ts'
import './PaymentSummary.css'

interface PaymentSummaryProps {
  /** Pay looks and reads as unavailable until a method is chosen (docs/product.md#routes-and-screens). */
  payActive?: boolean
  /**
   * Pay submits the checkout's form, carrying this name and value (the chosen method) when the
   * form is posted without scripts.
   */
  payField?: { name: string; value: string }
  /** Such as "Please select any bank"; announced when it appears. */
  error?: string
  /** The payment is on its way to the gateway. */
  busy?: boolean
}

/**
 * The merchant-hosted checkout's order card: merchant, order ID, amount, Pay and cancel. It sits
 * in the checkout's form, whose submit answers Pay.
 */
export function PaymentSummary({
  payActive = false,
  payField,
  error,
  busy = false,
}: PaymentSummaryProps) {
  return (
    <aside className="payment-summary card" aria-labelledby="payment-summary-heading">
      <h2 id="payment-summary-heading" className="payment-summary__title">
        {paymentSummary.title}
      </h2>
      <dl className="payment-summary__facts">
        <div>
          <dt>{paymentSummary.merchantLabel}</dt>
          <dd>{demoPayment.merchantLabel}</dd>
        </div>
        <div>
          <dt>{paymentSummary.orderIdLabel}</dt>
          <dd className="payment-summary__order">{demoPayment.sampleOrderId}</dd>
        </div>
        <div className="payment-summary__amount">
          <dt>{paymentSummary.amountLabel}</dt>
          <dd>
            <span className="payment-summary__currency">{demoPayment.currencySymbol}</span>
            {demoDisplayAmount}
          </dd>
        </div>
      </dl>
      <button
        type="submit"
        name={payField?.name}
        value={payField?.value}
        className="btn btn--primary payment-summary__pay"
        aria-disabled={!payActive || busy}
        aria-busy={busy || undefined}
        aria-describedby={payActive ? undefined : 'payment-summary-hint'}
      >
        {paymentSummary.payLabel}
      </button>
      <div className="payment-summary__messages">
        {payActive ? null : (
          <p id="payment-summary-hint" className="payment-summary__hint">
            {paymentSummary.payHint}
          </p>
        )}
        <p className="payment-summary__error" role="alert">
          {error}
        </p>
      </div>
      <Link to="/merchant-hosted-demo" className="payment-summary__cancel">
        {paymentSummary.cancelLabel}
      </Link>
      <div className="payment-summary__safe">
        <LockIcon />
        <div>
          <p className="payment-summary__safe-title">{paymentSummary.safeNote}</p>
          <p className="payment-summary__safe-detail">{paymentSummary.safeDetail}</p>
        </div>
      </div>
    </aside>
  )
}

function LockIcon() {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <rect x="4" y="10" width="16" height="11" rx="2.5" fill={palette.success} />
      <path
        d="M8 10V7.5a4 4 0 018 0V10"
        fill="none"
        stroke={palette.success}
        strokeWidth="2.2"
        strokeLinecap="round"
      />
      <circle cx="12" cy="15" r="1.6" fill="#fff" />
      <path d="M12 15.5v2.3" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  )
}
