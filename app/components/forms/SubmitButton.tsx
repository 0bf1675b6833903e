import { formTexts } from '#app/content/forms.ts'

/**
 * The form's submit button. While sending it says so and refuses a second press with
 * aria-disabled rather than disabled: a disabled button would drop keyboard focus to the page's
 * start, and the result dialog gives focus back to this button when it closes.
 */
export function SubmitButton({ label, sending }: { label: string; sending: boolean }) {
  return (
    <button
      type="submit"
      className="btn btn--primary submit-button"
      aria-disabled={sending || undefined}
      data-sending={sending || undefined}
    >
      {sending ? (
        <>
          <span className="submit-button__spinner" aria-hidden="true" />
          {formTexts.sendingLabel}
        </>
      ) : (
        label
      )}
    </button>
  )
}
