import { useId } from 'react'
import { attentionSummary } from '#app/content/forms.ts'
import './FormErrorSummary.css'

export interface ErrorSummaryItem {
  /** The field's control, which the link moves focus to. */
  id: string
  label: string
  message: string
}

/**
 * At the top of a form the server sent back: what needs fixing, each line a link to its field
 * (following a link to a control focuses it, with or without scripts). Focused on arrival, so
 * the visitor, and a screen reader, start here; it goes as the fields are fixed.
 */
export function FormErrorSummary({ items }: { items: readonly ErrorSummaryItem[] }) {
  const headingId = useId()
  if (items.length === 0) return null
  return (
    <div
      className="form-error-summary"
      role="alert"
      aria-labelledby={headingId}
      tabIndex={-1}
      autoFocus
    >
      <h3 id={headingId} className="form-error-summary__heading">
        {attentionSummary(items.length)}
      </h3>
      <ul className="form-error-summary__list">
        {items.map((item) => (
          <li key={item.id}>
            <a href={`#${item.id}`}>
              {item.label}: {item.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}
