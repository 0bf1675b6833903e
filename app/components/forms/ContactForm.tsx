import { useRef } from 'react'
import { apiUrl } from '#app/config/public-config.ts'
import { type ContactFieldName, contactFields, contactPage } from '#app/content/contact-page.ts'
import { resultHeadings } from '#app/content/forms.ts'
import { useFormFields } from '#app/hooks/useFormFields.ts'
import { dialogAnswer, useFormSubmit } from '#app/hooks/useFormSubmit.ts'
import { CONTACT_API_PATH } from '#core/forms/api.ts'
import { contactFormRules, validateContactForm } from '#core/forms/contact-form.ts'
import { HONEYPOT_FIELD } from '#core/forms/honeypot.ts'
import type { FormPageState } from '#app/utils/form-post.ts'
import { DefinedField } from './DefinedField.tsx'
import { FormErrorSummary } from './FormErrorSummary.tsx'
import { FormFooter, FormResultDialog } from './FormFooter.tsx'
import { honeypotValue } from './HoneypotField.tsx'
import { sendForm } from './sendForm.ts'
import './Form.css'

const FORM_ID = 'contact-form'
const wideFields: readonly ContactFieldName[] = ['subject', 'message']

/**
 * The Contact page's message form (docs/product.md#ui-states, #pattern-library): checked as
 * typed, sent as JSON. Before its scripts run it posts itself to the page, and `page` carries the
 * server's answer back into it (app/utils/form-post.ts).
 */
export function ContactForm({ labelledBy, page }: { labelledBy?: string; page?: FormPageState }) {
  const formRef = useRef<HTMLFormElement>(null)
  const fields = useFormFields(contactFormRules, {
    values: page?.post?.values,
    errors: page?.post?.answer.ERRORS,
    formId: FORM_ID,
  })
  const submit = useFormSubmit(
    formRef,
    {
      validate: () => Object.keys(fields.validateAll().errors).length,
      send: () => {
        const { values } = validateContactForm(fields.values)
        const body = { ...values, [HONEYPOT_FIELD]: honeypotValue(formRef.current) }
        return sendForm(apiUrl(CONTACT_API_PATH), JSON.stringify(body), {
          'Content-Type': 'application/json',
        })
      },
      showErrors: (errors) => {
        fields.showErrors(errors)
        return contactFields.filter((field) => errors[field.name]).length
      },
      lock: fields.setDisabled,
      reset: () => {
        formRef.current?.reset()
        fields.reset()
      },
    },
    dialogAnswer(page),
  )
  // The count is the one found at submit; once every field is fixed it has nothing left to say.
  const stillWrong = Object.keys(fields.errors).length > 0

  return (
    <>
      {/* noValidate: the form shows docs/product.md#pattern-library's own messages rather than the browser's bubbles. */}
      <form
        ref={formRef}
        id={FORM_ID}
        className="contact-form"
        method="post"
        noValidate
        onSubmit={submit.onSubmit}
        aria-labelledby={labelledBy}
        aria-busy={submit.sending || undefined}
      >
        {page?.post?.answer.ERRORS ? (
          <FormErrorSummary
            items={contactFields.flatMap((definition) => {
              const message = fields.errors[definition.name]
              return message
                ? [{ id: `contact-${definition.name}`, label: definition.label, message }]
                : []
            })}
          />
        ) : null}
        <div className="form-grid">
          {contactFields.map((definition) => (
            <DefinedField
              key={definition.name}
              id={`contact-${definition.name}`}
              definition={definition}
              binding={fields.field(definition.name)}
              className={wideFields.includes(definition.name) ? 'form-field--wide' : undefined}
            />
          ))}
        </div>
        <FormFooter
          submitLabel={contactPage.form.submitLabel}
          submit={submit}
          stillWrong={stillWrong}
        />
      </form>
      <FormResultDialog submit={submit} headings={resultHeadings.contact} />
    </>
  )
}
