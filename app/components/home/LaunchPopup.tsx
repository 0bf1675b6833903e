import { useId } from 'react'
import { Logo } from '#app/components/Logo.tsx'
import { launchPopup } from '#app/content/home.ts'
import './LaunchPopup.css'

/**
 * The rebrand announcement (docs/product.md#page-home), closed in the HTML. The launch-popup
 * enhancement (app/enhance/launch-popup.ts) opens it as a modal once the page shows, so the
 * prerendered page never shows it, and it sits in the top layer, so it cannot shift the page's
 * layout. Close is a `method="dialog"` form: the browser closes the dialog and gives the focus
 * back.
 */
export function LaunchPopup() {
  const titleId = useId()
  const textId = useId()

  return (
    <dialog
      className="modal launch-popup"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <form method="dialog" className="launch-popup__body">
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
        <button type="submit" className="btn btn--primary launch-popup__close">
          {launchPopup.closeLabel}
        </button>
      </form>
    </dialog>
  )
}
