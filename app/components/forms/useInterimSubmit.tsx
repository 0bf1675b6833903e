import { type FormEvent, useState } from 'react'
import { formInterimLead } from '#app/content/forms.ts'

/**
 * Stand-in for the forms' sending behaviour: a submit sends nothing and says where to write
 * instead. Replace this hook (and `formInterimLead`) when the real behaviour lands.
 */
export function useInterimSubmit(email: string) {
  const [submitted, setSubmitted] = useState(false)
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setSubmitted(true)
  }
  const status = submitted ? (
    <>
      {formInterimLead} <a href={`mailto:${email}`}>{email}</a>.
    </>
  ) : null
  return { onSubmit, status }
}
