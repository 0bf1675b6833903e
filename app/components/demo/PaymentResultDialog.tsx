import { useId } from 'react'
import { useModalDialog } from '#app/hooks/useModalDialog.ts'
import { type PaymentResult, paymentResultCopy } from '#app/content/demo.ts'
import { PaymentResultDetails } from './PaymentResultDetails'
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
 * The Checkout Js result popup (SPEC §2): "Payment Successful" for response code 000, otherwise
 * "Payment Failed", with the payment's details and an "Ok" button that dismisses it.
 */
export function PaymentResultDialog({ outcome, onClose }: PaymentResultDialogProps) {
  const open = outcome !== null
  const { dialogRef, initialFocusRef, close } = useModalDialog(open, onClose)
  const headingId = useId()

  const success = outcome?.kind === 'result' && outcome.result.success
  const copy = paymentResultCopy
  return (
    <dialog
      ref={dialogRef}
      className="modal payment-result-dialog"
      data-status={success ? 'SUCCESS' : 'FAILED'}
      aria-labelledby={headingId}
    >
      {outcome ? (
        <div className="payment-result-dialog__body">
          <ResultIcon success={success} />
          <h2 id={headingId} className="payment-result-dialog__heading">
            {success ? copy.successHeading : copy.failureHeading}
          </h2>
          {outcome.kind === 'result' ? (
            <PaymentResultDetails result={outcome.result} />
          ) : (
            <p className="payment-result-dialog__message">{outcome.message}</p>
          )}
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
