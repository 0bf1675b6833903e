import { useRef } from 'react'
import { apiUrl } from '#app/config/public-config.ts'
import { careerFormPage, careerTextFields, resumeField } from '#app/content/career-form-page.ts'
import { resultHeadings } from '#app/content/forms.ts'
import { useFormFields } from '#app/hooks/useFormFields.ts'
import { useFormFile } from '#app/hooks/useFormFile.ts'
import { dialogAnswer, useFormSubmit } from '#app/hooks/useFormSubmit.ts'
import type { FormPageState } from '#app/utils/form-post.ts'
import { CAREER_API_PATH, RESUME_FIELD } from '#core/forms/api.ts'
import {
  type CareerField,
  careerFormRules,
  careerSubject,
  validateCareerForm,
} from '#core/forms/career-form.ts'
import { HONEYPOT_FIELD } from '#core/forms/honeypot.ts'
import { resumeError } from '#core/forms/resume.ts'
import { DefinedField } from './DefinedField.tsx'
import { FormErrorSummary } from './FormErrorSummary.tsx'
import { FormField } from './FormField.tsx'
import { FormFooter, FormResultDialog } from './FormFooter.tsx'
import { honeypotValue } from './HoneypotField.tsx'
import { sendForm } from './sendForm.ts'
import './Form.css'

/** The server names the resume `file` (docs/product.md#calls-form-apis); its name travels as `fileName`. */
const resumeErrorKeys = [RESUME_FIELD, 'fileName'] as const

const textFieldIds: Record<CareerField, string> = {
  name: 'career-name',
  phone: 'career-phone',
  email: 'career-email',
  message: 'career-message',
}
const RESUME_INPUT_ID = 'career-resume'
const FORM_ID = 'career-form'

/**
 * The job application form (docs/product.md#ui-states, #pattern-library): text fields, the
 * resume, sent as multipart. Before its scripts run it posts itself to the page, and `page`
 * carries the server's answer back into it (app/utils/form-post.ts); a browser never fills a
 * file input again, so the resume must be chosen again and the field says so.
 */
export function CareerForm({ labelledBy, page }: { labelledBy?: string; page?: FormPageState }) {
  const formRef = useRef<HTMLFormElement>(null)
  const serverErrors = page?.post?.answer.ERRORS
  const fields = useFormFields(careerFormRules, {
    values: page?.post?.values,
    errors: serverErrors,
    formId: FORM_ID,
  })
  const resume = useFormFile(resumeError, {
    error: resumeErrorKeys.map((key) => serverErrors?.[key]).find(Boolean),
    formId: FORM_ID,
    name: resumeField.name,
  })
  const submit = useFormSubmit(
    formRef,
    {
      validate: () => {
        const textErrors = Object.keys(fields.validateAll().errors).length
        return textErrors + (resume.validate() ? 1 : 0)
      },
      send: () => {
        const { values } = validateCareerForm(fields.values)
        const body = new FormData()
        for (const name of Object.keys(values) as CareerField[]) body.append(name, values[name])
        if (resume.file) {
          body.append(RESUME_FIELD, resume.file, resume.file.name)
          body.append('fileName', resume.file.name)
        }
        body.append('subject', careerSubject)
        body.append(HONEYPOT_FIELD, honeypotValue(formRef.current))
        // No Content-Type: the browser writes the multipart boundary itself.
        return sendForm(apiUrl(CAREER_API_PATH), body)
      },
      showErrors: (errors) => {
        fields.showErrors(errors)
        const resumeMessage = resumeErrorKeys.map((key) => errors[key]).find(Boolean)
        if (resumeMessage) resume.showError(resumeMessage)
        const textCount = (Object.keys(careerFormRules) as CareerField[]).filter(
          (name) => errors[name],
        ).length
        return textCount + (resumeMessage ? 1 : 0)
      },
      lock: fields.setDisabled,
      reset: () => {
        const form = formRef.current
        form?.reset()
        // Cleared by hand as well: not every environment empties a chosen file on form.reset().
        const fileInput = form?.elements.namedItem(resumeField.name)
        if (fileInput instanceof HTMLInputElement) fileInput.value = ''
        fields.reset()
        resume.reset()
      },
    },
    dialogAnswer(page),
  )
  function summaryItem(name: CareerField) {
    const message = fields.errors[name]
    const label = careerTextFields[name].label
    return message ? [{ id: textFieldIds[name], label, message }] : []
  }

  // The count is the one found at submit; once every field is fixed it has nothing left to say.
  const stillWrong = Object.keys(fields.errors).length > 0 || resume.error !== undefined

  return (
    <>
      {/* noValidate: the form shows its own messages rather than the browser's bubbles. */}
      <form
        ref={formRef}
        id={FORM_ID}
        className="career-form"
        method="post"
        encType="multipart/form-data"
        noValidate
        onSubmit={submit.onSubmit}
        aria-labelledby={labelledBy}
        aria-busy={submit.sending || undefined}
      >
        {serverErrors ? (
          <FormErrorSummary
            items={[
              ...(['name', 'phone', 'email'] as const).flatMap((name) => summaryItem(name)),
              ...(resume.error
                ? [{ id: RESUME_INPUT_ID, label: resumeField.label, message: resume.error }]
                : []),
              ...summaryItem('message'),
            ]}
          />
        ) : null}
        <div className="form-grid">
          <DefinedField
            id={textFieldIds.name}
            definition={careerTextFields.name}
            binding={fields.field('name')}
          />
          <DefinedField
            id={textFieldIds.phone}
            definition={careerTextFields.phone}
            binding={fields.field('phone')}
          />
          <DefinedField
            id={textFieldIds.email}
            definition={careerTextFields.email}
            binding={fields.field('email')}
            className="form-field--wide"
          />
          <FormField
            id={RESUME_INPUT_ID}
            label={resumeField.label}
            required={resumeField.required}
            hint={page?.post ? `${resumeField.hint}. ${resumeField.chooseAgain}` : resumeField.hint}
            error={resume.error}
            valid={resume.valid}
            className="form-field--wide"
            inputProps={{
              type: 'file',
              name: resumeField.name,
              accept: resumeField.accept,
              disabled: fields.disabled,
              onChange: (event) => resume.choose(event.currentTarget.files?.[0] ?? null),
            }}
          />
          <p className="form-subject form-grid__wide">
            <span className="form-subject__label">{careerFormPage.form.subjectLabel}</span>
            {careerSubject}
          </p>
          <input type="hidden" name="subject" value={careerSubject} />
          <DefinedField
            id={textFieldIds.message}
            definition={careerTextFields.message}
            binding={fields.field('message')}
            className="form-field--wide"
          />
        </div>
        <FormFooter
          submitLabel={careerFormPage.form.submitLabel}
          submit={submit}
          stillWrong={stillWrong}
        />
      </form>
      <FormResultDialog submit={submit} headings={resultHeadings.career} />
    </>
  )
}
