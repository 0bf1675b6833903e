import { useId, useState } from 'react'
import { closeDialog, useModalDialog } from '#app/hooks/useModalDialog.ts'
import { ResultIcon } from './ResultIcon.tsx'
import type { ResponseStatus } from '#core/forms/api.ts'
import './ResultDialog.css'

interface ResultDialogProps {
  open: boolean
  status: ResponseStatus
  heading: string
  message: string
  closeLabel: string
  /** Called once the dialog has closed, by its button or by Escape. */
  onClose: () => void
}

/**
 * A modal answer to something the visitor sent. It is a native <dialog> opened with showModal,
 * so the page behind is inert and Escape closes it; focus goes to Close on opening and back to
 * where it was on closing. Open from the first render (the server's answer to a form posted
 * before the scripts ran), it is in the HTML already open, and Close works without scripts: it
 * submits a `method="dialog"` form, which closes the dialog natively.
 */
export function ResultDialog({
  open,
  status,
  heading,
  message,
  closeLabel,
  onClose,
}: ResultDialogProps) {
  const { dialogRef, initialFocusRef, close } = useModalDialog(open, onClose)
  const headingId = useId()
  const messageId = useId()
  // Only the first render writes `open`; from then on showModal and close own the attribute.
  const [openInHtml] = useState(open)

  return (
    <dialog
      ref={dialogRef}
      open={openInHtml || undefined}
      className="modal result-dialog"
      data-status={status}
      aria-modal="true"
      aria-labelledby={headingId}
      aria-describedby={messageId}
      onKeyDown={(event) => {
        // Browsers without showModal do not close on Escape by themselves.
        if (event.key === 'Escape' && typeof event.currentTarget.showModal !== 'function') {
          closeDialog(event.currentTarget)
        }
      }}
    >
      <div className="result-dialog__body">
        <ResultIcon success={status === 'SUCCESS'} className="result-dialog__icon" />
        <h2 id={headingId} className="result-dialog__heading">
          {heading}
        </h2>
        <p id={messageId} className="result-dialog__message">
          {message}
        </p>
        <form method="dialog">
          <button
            ref={initialFocusRef}
            type="submit"
            className="btn btn--primary result-dialog__close"
            onClick={(event) => {
              event.preventDefault()
              close()
            }}
          >
            {closeLabel}
          </button>
        </form>
      </div>
    </dialog>
  )
}
