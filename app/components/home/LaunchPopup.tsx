import { useEffect, useId, useRef } from 'react'
import { Logo } from '#app/components/Logo.tsx'
import { launchPopup, launchPopupAutoCloseMs } from '#app/content/home.ts'
import './LaunchPopup.css'

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

// Once per page load: coming back to Home through the menu should not interrupt the visitor again.
let announcedThisLoad = false

/** Tests render the popup more than once in the same module instance. */
export function resetLaunchPopupForTests() {
  announcedThisLoad = false
}

/**
 * Closes the dialog and lets go of the focus at once. Chrome leaves it on the hidden Close button
 * until its next rendering update, and the `close` event that returns it to the page comes even
 * later, so for a moment the keyboard would be on nothing a person can see.
 */
function closeDialog(dialog: HTMLDialogElement) {
  dialog.close()
  const active = document.activeElement
  if (active instanceof HTMLElement && dialog.contains(active)) active.blur()
}

/**
 * The rebrand announcement (docs/product.md#page-home). It opens only after hydration, so the prerendered
 * page never shows it, and it sits in the top layer, so it cannot shift the page's layout.
 */
export function LaunchPopup() {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const closeRef = useRef<HTMLButtonElement>(null)
  const titleId = useId()
  const textId = useId()

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog || announcedThisLoad) return
    const returnFocusTo = document.activeElement
    if (!dialog.open) dialog.showModal()
    closeRef.current?.focus()
    const timer = window.setTimeout(() => closeDialog(dialog), launchPopupAutoCloseMs)

    const onClose = () => {
      // A close queued by a previous effect run (React's development double run) is stale.
      if (dialog.open) return
      announcedThisLoad = true
      window.clearTimeout(timer)
      if (
        returnFocusTo instanceof HTMLElement &&
        returnFocusTo !== document.body &&
        returnFocusTo.isConnected
      ) {
        returnFocusTo.focus()
      }
    }

    // showModal makes the page inert, but Tab can still leave for the browser's own controls.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return
      const focusable = Array.from(dialog.querySelectorAll<HTMLElement>(focusableSelector))
      const first = focusable[0]
      const last = focusable[focusable.length - 1]
      if (!first || !last) return
      const active = document.activeElement
      if (event.shiftKey && (active === first || !dialog.contains(active))) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
        event.preventDefault()
        first.focus()
      }
    }

    dialog.addEventListener('close', onClose)
    dialog.addEventListener('keydown', onKeyDown)
    return () => {
      window.clearTimeout(timer)
      dialog.removeEventListener('close', onClose)
      dialog.removeEventListener('keydown', onKeyDown)
      if (dialog.open) dialog.close()
    }
  }, [])

  return (
    <dialog
      ref={dialogRef}
      className="modal launch-popup"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <div className="launch-popup__body">
        <h2 id={titleId} className="launch-popup__title">
          {launchPopup.title}
        </h2>
        <div className="launch-popup__logos">
          <Logo variant="previous" className="launch-popup__logo" />
          <span className="launch-popup__is-now">{launchPopup.linkWord}</span>
          <Logo className="launch-popup__logo" />
        </div>
        <p id={textId} className="launch-popup__text">
          {launchPopup.text}
        </p>
        <button
          ref={closeRef}
          type="button"
          className="btn btn--primary launch-popup__close"
          onClick={() => {
            if (dialogRef.current) closeDialog(dialogRef.current)
          }}
        >
          {launchPopup.closeLabel}
        </button>
      </div>
    </dialog>
  )
}
