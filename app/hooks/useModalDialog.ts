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

/** Closes a dialog, also where the browser (or jsdom) lacks HTMLDialogElement.close. */
export function closeDialog(dialog: HTMLDialogElement) {
  if (typeof dialog.close === 'function') {
    dialog.close()
    return
  }
  dialog.removeAttribute('open')
  dialog.dispatchEvent(new Event('close'))
}
