import { useId } from 'react'
import { useModalDialog } from '#app/hooks/useModalDialog.ts'
import {
  isOpenStatus,
  type PaymentResult,
  paymentResultCopy,
  resultHeading,
  toneOf,
} from '#app/content/demo.ts'
import { RESPONSE_PATH, RESULT_QUERY } from '#app/content/demo-api.ts'
import { PaymentResultDetails } from './PaymentResultDetails.tsx'
import { ResultIcon } from '#app/components/ResultIcon.tsx'
import './PaymentResultDialog.css'

/** The outcome to show: a verified payment, or why its response was not believed. */
export type CheckoutOutcome =
  { kind: 'result'; result: PaymentResult } | { kind: 'unverified'; message: string }

interface PaymentResultDialogProps {
  outcome: CheckoutOutcome | null
  /** Called once the dialog has closed, by "Ok" or by Escape. */
  onClose: () => void
}

/**
 * The Checkout Js result popup: "Payment Successful" for response code 000, "Payment
 * Pending" (with a link to the page that follows it) while the bank has not confirmed, otherwise
 * "Payment Failed", with the payment's details and an "Ok" button that dismisses it.
 */
export function PaymentResultDialog({ outcome, onClose }: PaymentResultDialogProps) {
  const open = outcome !== null
  const { dialogRef, initialFocusRef, close } = useModalDialog(open, onClose)
  const headingId = useId()

  const result = outcome?.kind === 'result' ? outcome.result : undefined
  const success = result?.success ?? false
  const copy = paymentResultCopy
  return (
    <dialog
      ref={dialogRef}
      className="modal payment-result-dialog"
      data-status={toneOf(result?.status)}
      aria-labelledby={headingId}
    >
      {outcome ? (
        <div className="payment-result-dialog__body">
          <ResultIcon success={success} />
          <h2 id={headingId} className="payment-result-dialog__heading">
            {result ? resultHeading(result.status) : copy.failureHeading}
          </h2>
          {outcome.kind === 'result' ? (
            <PaymentResultDetails result={outcome.result} />
          ) : (
            <p className="payment-result-dialog__message">{outcome.message}</p>
          )}
          {result && isOpenStatus(result.status) ? (
            // Pending at the bank: the result page follows it to its outcome (ADR 013).
            <a
              href={`${RESPONSE_PATH}?${RESULT_QUERY.order}=${encodeURIComponent(result.orderId)}`}
              className="btn btn--outline"
            >
              {copy.followLabel}
            </a>
          ) : null}
          <button
            ref={initialFocusRef}
            type="button"
            className="btn btn--primary payment-result-dialog__ok"
            onClick={close}
          >
            {copy.okLabel}
          </button>
        </div>
      ) : null}
    </dialog>
  )
}
