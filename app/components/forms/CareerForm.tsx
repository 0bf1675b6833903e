import type { ChangeEvent, FormEvent, ReactNode } from 'react'
import {
  type CareerFieldName,
  careerFormPage,
  careerSubject,
  careerTextFields,
  resumeField,
} from '#app/content/career-form-page.ts'
import { DefinedField, type FieldBinding } from './DefinedField'
import { FormField } from './FormField'
import { FormStatus } from './FormStatus'
import './Form.css'

export interface CareerFormProps {
  fields?: Partial<Record<Exclude<CareerFieldName, 'resume'>, FieldBinding>>
  resume?: {
    error?: string
    valid?: boolean
    onChange?: (file: File | null) => void
  }
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void
  status?: ReactNode
  busy?: boolean
  labelledBy?: string
}

/** The job application form (SPEC §5): markup only; behaviour comes from its props. */
export function CareerForm({
  fields = {},
  resume = {},
  onSubmit,
  status,
  busy = false,
  labelledBy,
}: CareerFormProps) {
  const onResumeChange = resume.onChange
  return (
    // noValidate: the form shows its own messages rather than the browser's bubbles.
    <form
      className="career-form"
      method="post"
      encType="multipart/form-data"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={labelledBy}
      aria-busy={busy || undefined}
    >
      <div className="form-grid">
        <DefinedField id="career-name" definition={careerTextFields.name} {...fields.name} />
        <DefinedField id="career-phone" definition={careerTextFields.phone} {...fields.phone} />
        <DefinedField
          id="career-email"
          definition={careerTextFields.email}
          className="form-field--wide"
          {...fields.email}
        />
        <FormField
          id="career-resume"
          label={resumeField.label}
          required={resumeField.required}
          hint={resumeField.hint}
          error={resume.error}
          valid={resume.valid}
          className="form-field--wide"
          inputProps={{
            type: 'file',
            name: resumeField.name,
            accept: resumeField.accept,
            onChange: onResumeChange
              ? (event: ChangeEvent<HTMLInputElement>) =>
                  onResumeChange(event.currentTarget.files?.[0] ?? null)
              : undefined,
          }}
        />
        <p className="form-subject form-grid__wide">
          <span className="form-subject__label">{careerFormPage.form.subjectLabel}</span>
          {careerSubject}
        </p>
        <input type="hidden" name="subject" value={careerSubject} />
        <DefinedField
          id="career-message"
          definition={careerTextFields.message}
          className="form-field--wide"
          {...fields.message}
        />
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {careerFormPage.form.submitLabel}
        </button>
      </div>
      <FormStatus>{status}</FormStatus>
    </form>
  )
}
