import { useId } from 'react'
import { type MerchantSide, type PaymentResult, paymentResultCopy } from '#app/content/demo.ts'
import './PaymentResultDetails.css'

/**
 * Order id, transaction id, amount (and for a foreign payment the gateway's rate and the rupees
 * it stands for), method, code and message of a verified payment, and for a captured one what
 * the merchant receives from it.
 */
export function PaymentResultDetails({ result }: { result: PaymentResult }) {
  const copy = paymentResultCopy
  const rows = [
    { label: copy.orderIdLabel, value: result.orderId, mono: true },
    { label: copy.txnIdLabel, value: result.txnId, mono: true },
    { label: copy.amountLabel, value: result.amount },
    ...(result.fxRate ? [{ label: copy.fxRateLabel, value: result.fxRate }] : []),
    ...(result.inrAmount ? [{ label: copy.inrAmountLabel, value: result.inrAmount }] : []),
    { label: copy.methodLabel, value: result.method },
    { label: copy.codeLabel, value: result.responseCode, mono: true },
    { label: copy.messageLabel, value: result.responseMessage },
  ]
  return (
    <>
      <DetailList rows={rows} />
      {result.merchantSide ? <MerchantSideDetails side={result.merchantSide} /> : null}
    </>
  )
}

function MerchantSideDetails({ side }: { side: MerchantSide }) {
  const copy = paymentResultCopy.merchantSide
  const headingId = useId()
  return (
    <section className="merchant-side" aria-labelledby={headingId}>
      <h3 id={headingId} className="merchant-side__heading">
        {copy.heading}
      </h3>
      <DetailList
        rows={[
          { label: copy.rateLabel, value: side.rate },
          { label: copy.feeLabel, value: side.fee },
          { label: side.gstLabel, value: side.gst },
          { label: copy.netLabel, value: side.net },
          { label: copy.settlementLabel, value: side.settlementDate },
        ]}
      />
      <p className="merchant-side__note">{copy.note}</p>
    </section>
  )
}

function DetailList({ rows }: { rows: { label: string; value: string; mono?: boolean }[] }) {
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
