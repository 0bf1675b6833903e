import { launchPopupAutoCloseMs } from '#app/content/home.ts'

/**
 * Enhancement module of the home page's launch popup (app/components/home/LaunchPopup.tsx).
 *
 * Opens the rebrand announcement as a modal dialog once per visit (per browser tab: coming back
 * to Home through the menu is a new page load and should not interrupt the visitor again; see
 * docs/decisions/019), puts the focus on Close and closes it after `launchPopupAutoCloseMs`.
 * A page prerendered on hover waits until the visitor actually sees it. Escape and the Close
 * button (a `method="dialog"` form) close it as the browser would, letting go of the focus at
 * once.
 */

export const shownKey = 'launch-popup-shown'

function alreadyShown(): boolean {
  try {
    return sessionStorage.getItem(shownKey) !== null
  } catch {
    // Storage refused (privacy settings): show it on every visit to Home rather than never.
    return false
  }
}

function rememberShown() {
  try {
    sessionStorage.setItem(shownKey, '1')
  } catch {
    // As above.
  }
}

function whenShown(run: () => void) {
  if ((document as Document & { prerendering?: boolean }).prerendering) {
    document.addEventListener('prerenderingchange', run, { once: true })
  } else {
    run()
  }
}

/** showModal makes the page inert, but Tab can still leave for the browser's own controls. */
function keepTabInside(dialog: HTMLDialogElement, event: KeyboardEvent) {
  if (event.key !== 'Tab') return
  const focusable = [...dialog.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')]
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

/**
 * Closes the dialog and lets go of the focus at once. Chrome leaves it on the hidden Close button
 * until its next rendering update, and the `close` event that gives it back comes even later, so
 * for a moment the keyboard would be on nothing a person can see.
 */
function closeDialog(dialog: HTMLDialogElement) {
  dialog.close()
  const active = document.activeElement
  if (active instanceof HTMLElement && dialog.contains(active)) active.blur()
}

export function openLaunchPopup(dialog: HTMLDialogElement) {
  if (alreadyShown() || dialog.open) return
  rememberShown()
  dialog.showModal()
  dialog.querySelector<HTMLButtonElement>('button')?.focus()
  const timer = window.setTimeout(() => closeDialog(dialog), launchPopupAutoCloseMs)
  dialog.addEventListener('close', () => window.clearTimeout(timer), { once: true })
  // The Close button's `method="dialog"` form, and Escape, close it the same way.
  dialog.addEventListener('submit', (event) => {
    event.preventDefault()
    closeDialog(dialog)
  })
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault()
    closeDialog(dialog)
  })
  dialog.addEventListener('keydown', (event) => keepTabInside(dialog, event))
}

const dialog = document.querySelector<HTMLDialogElement>('dialog.launch-popup')
if (dialog) whenShown(() => openLaunchPopup(dialog))
