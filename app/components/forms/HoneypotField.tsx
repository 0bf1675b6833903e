import { useId } from 'react'
import { formTexts } from '#app/content/forms.ts'
import { HONEYPOT_FIELD } from '#core/forms/honeypot.ts'
import './HoneypotField.css'

/**
 * A text field people never meet: off-screen, out of the tab order and hidden from assistive
 * technology. Bots that fill every field fill this one too, and the server then quietly drops
 * the submission. Uncontrolled, so the form reads it only when sending.
 */
export function HoneypotField() {
  const id = useId()
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={id}>{formTexts.honeypotLabel}</label>
      <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
    </div>
  )
}

/** The honeypot's value in `form`, or '' when there is none. */
export function honeypotValue(form: HTMLFormElement | null): string {
  const field = form?.elements.namedItem(HONEYPOT_FIELD)
  return field instanceof HTMLInputElement ? field.value : ''
}
