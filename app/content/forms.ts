/**
 * What the contact and job application forms share: the shape of a field, the length limits
 * of SPEC §9 and the resume rules of SPEC §5.
 */

export interface FieldDefinition<Name extends string = string> {
  name: Name
  label: string
  type?: 'text' | 'email' | 'tel'
  autoComplete?: string
  inputMode?: 'text' | 'numeric' | 'email'
  maxLength?: number
  /** Set for a multi-line text area. */
  rows?: number
  placeholder?: string
  required: boolean
}

export const fieldLimits = {
  name: 50,
  company: 50,
  email: 50,
  subject: 50,
  phone: 10,
} as const

export const resumeRules = {
  accept: '.doc,.docx,.pdf',
  maxBytes: 5_000_000,
  hint: 'DOC, DOCX or PDF, up to 5 MB',
} as const

/**
 * Shown on submit until the forms send for real, followed by the e-mail address to write to.
 * Replace together with `useInterimSubmit` when the form behaviour lands.
 */
export const formInterimLead =
  'Sending messages from this form is being switched on; meanwhile write to'
