/**
 * What the contact and job application forms share: the shape of a field, the texts around
 * sending and the result dialog. Limits and messages come from core/forms, which the server
 * uses too, so the page can never promise a limit the API does not keep.
 */
import type { ResponseStatus } from '#core/forms/api.ts'
import {
  COMPANY_MAX,
  EMAIL_MAX,
  MESSAGE_MAX,
  NAME_MAX,
  PHONE_DIGITS,
  SUBJECT_MAX,
} from '#core/forms/fields.ts'
import { RESUME_MAX_BYTES, resumeAccept } from '#core/forms/resume.ts'

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
  name: NAME_MAX,
  company: COMPANY_MAX,
  email: EMAIL_MAX,
  subject: SUBJECT_MAX,
  phone: PHONE_DIGITS,
  message: MESSAGE_MAX,
} as const

export const resumeRules = {
  accept: resumeAccept,
  maxBytes: RESUME_MAX_BYTES,
  hint: 'DOC, DOCX or PDF, up to 5 MB',
} as const

export const formTexts = {
  /** The submit button's label while a request is on its way. */
  sendingLabel: 'Sending…',
  closeLabel: 'Close',
  /** Read only by the bots the honeypot is for; people never see it. */
  honeypotLabel: 'Leave this field empty',
} as const

/** Announced and shown under the form when a submit finds fields to fix. */
export function attentionSummary(count: number): string {
  return count === 1 ? '1 field needs your attention.' : `${count} fields need your attention.`
}

export type ResultHeadings = Record<ResponseStatus, string>

/** The result dialog's heading; the text under it is the server's RESPONSE_MESSAGE. */
export const resultHeadings = {
  contact: { SUCCESS: 'Message sent', FAILED: 'Message not sent' },
  career: { SUCCESS: 'Application sent', FAILED: 'Application not sent' },
} as const satisfies Record<string, ResultHeadings>
