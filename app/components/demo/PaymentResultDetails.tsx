import { demoPayment, type PaymentResult, paymentResultCopy } from '#app/content/demo.ts'
import './PaymentResultDetails.css'

/** Order id, transaction id, amount, method, code and message of a verified payment. */
export function PaymentResultDetails({ result }: { result: PaymentResult }) {
  const copy = paymentResultCopy
  const rows = [
    { label: copy.orderIdLabel, value: result.orderId, mono: true },
    { label: copy.txnIdLabel, value: result.txnId, mono: true },
    { label: copy.amountLabel, value: `${demoPayment.currencySymbol}${result.amount}` },
    { label: copy.methodLabel, value: result.method },
    { label: copy.codeLabel, value: result.responseCode, mono: true },
    { label: copy.messageLabel, value: result.responseMessage },
  ]
  return (
    <dl className="payment-result-details">
      {rows.map((row) => (
        <div key={row.label}>
          <dt>{row.label}</dt>
          <dd className={row.mono ? 'payment-result-details__mono' : undefined}>{row.value}</dd>
        </div>
      ))}
    </dl>
  )
}
