import type { FormEvent, ReactNode } from 'react'
import { type ContactFieldName, contactFields, contactPage } from '#app/content/contact-page.ts'
import { DefinedField, type FieldBinding } from './DefinedField'
import { FormStatus } from './FormStatus'
import './Form.css'

export interface ContactFormProps {
  /** Values, errors and handlers per field; a field without one is left to the browser. */
  fields?: Partial<Record<ContactFieldName, FieldBinding>>
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void
  /** Announced politely under the Submit button. */
  status?: ReactNode
  busy?: boolean
  labelledBy?: string
}

const wideFields: readonly ContactFieldName[] = ['subject', 'message']

/** The Contact page's message form (SPEC §5): markup only; behaviour comes from its props. */
export function ContactForm({
  fields = {},
  onSubmit,
  status,
  busy = false,
  labelledBy,
}: ContactFormProps) {
  return (
    // noValidate: the form shows SPEC §5's own messages rather than the browser's bubbles.
    <form
      className="contact-form"
      method="post"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={labelledBy}
      aria-busy={busy || undefined}
    >
      <div className="form-grid">
        {contactFields.map((definition) => (
          <DefinedField
            key={definition.name}
            id={`contact-${definition.name}`}
            definition={definition}
            className={wideFields.includes(definition.name) ? 'form-field--wide' : undefined}
            {...fields[definition.name]}
          />
        ))}
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {contactPage.form.submitLabel}
        </button>
      </div>
      <FormStatus>{status}</FormStatus>
    </form>
  )
}
