import { useEffect, useId, useRef } from 'react'
import { type PaymentResult, paymentResultCopy } from '#app/content/demo.ts'
import { PaymentResultDetails } from './PaymentResultDetails'
import { ResultIcon } from './ResultIcon'
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
  const dialogRef = useRef<HTMLDialogElement>(null)
  const okRef = useRef<HTMLButtonElement>(null)
  const returnFocusTo = useRef<Element | null>(null)
  const onCloseRef = useRef(onClose)
  const headingId = useId()
  const open = outcome !== null

  useEffect(() => {
    onCloseRef.current = onClose
  }, [onClose])

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    function onDialogClose() {
      const target = returnFocusTo.current
      returnFocusTo.current = null
      if (target instanceof HTMLElement && target.isConnected) target.focus()
      onCloseRef.current()
    }
    dialog.addEventListener('close', onDialogClose)
    return () => dialog.removeEventListener('close', onDialogClose)
  }, [])

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (open && !dialog.open) {
      returnFocusTo.current = document.activeElement
      dialog.showModal()
      okRef.current?.focus()
    } else if (!open && dialog.open) {
      dialog.close()
    }
  }, [open])

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
            ref={okRef}
            type="button"
            className="btn btn--primary payment-result-dialog__ok"
            onClick={() => dialogRef.current?.close()}
          >
            {copy.okLabel}
          </button>
        </div>
      ) : null}
    </dialog>
  )
}
