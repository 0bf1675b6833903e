import { useEffect, useRef } from 'react'

/**
 * A controlled modal <dialog>: opened with showModal while `open` is true (so the page behind is
 * inert and Escape closes it), focus moved to `initialFocusRef` on opening and returned to
 * where it was on closing, and `onClose` called however it closes.
 */
export function useModalDialog(open: boolean, onClose: () => void) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const initialFocusRef = useRef<HTMLButtonElement>(null)
  const returnFocusTo = useRef<Element | null>(null)
  const onCloseRef = useRef(onClose)
  // Set while a dialog the server opened is closed only to be opened again as a modal one.
  const reopening = useRef(false)

  useEffect(() => {
    onCloseRef.current = onClose
  }, [onClose])

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    function onDialogClose() {
      if (reopening.current) {
        reopening.current = false
        return
      }
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
    if (open && dialog.open && !isModal(dialog) && typeof dialog.showModal === 'function') {
      // Opened in the HTML, before the scripts ran: made modal, so the page behind goes inert.
      reopening.current = true
      dialog.close()
      dialog.showModal()
      initialFocusRef.current?.focus()
    } else if (open && !dialog.open) {
      returnFocusTo.current = document.activeElement
      if (typeof dialog.showModal === 'function') dialog.showModal()
      else dialog.setAttribute('open', '')
      initialFocusRef.current?.focus()
    } else if (!open && dialog.open) {
      closeDialog(dialog)
    }
  }, [open])

  return {
    dialogRef,
    initialFocusRef,
    close: () => {
      if (dialogRef.current) closeDialog(dialogRef.current)
    },
  }
}

function isModal(dialog: HTMLDialogElement): boolean {
  try {
    return dialog.matches(':modal')
  } catch {
    // A DOM without the :modal selector (jsdom) has no modal dialogs either.
    return false
  }
}

/** Closes a dialog, also where the browser (or jsdom) lacks HTMLDialogElement.close. */
export function closeDialog(dialog: HTMLDialogElement) {
  if (typeof dialog.close === 'function') {
    dialog.close()
    return
  }
  dialog.removeAttribute('open')
  dialog.dispatchEvent(new Event('close'))
}
