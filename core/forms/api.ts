/** The form APIs' paths (docs/product.md#calls-form-apis) and the envelope every answer carries (docs/architecture.md "Forms"). */
export const CONTACT_API_PATH = '/api/sendContactEmail'
export const CAREER_API_PATH = '/api/sendCareerEmail'

/** The pages whose forms post to themselves before their scripts run (server/api/page-post.ts). */
export const CONTACT_PAGE_PATH = '/contact'
export const CAREER_PAGE_PATH = '/career-form'

/** The resume's multipart field, in the API and in the page's own form. */
export const RESUME_FIELD = 'file'

export type ResponseStatus = 'SUCCESS' | 'FAILED'

export interface ApiAnswer {
  RESPONSE_STATUS: ResponseStatus
  RESPONSE_MESSAGE: string
  /** Per-field messages, keyed by the field's name (`file` for the resume). */
  ERRORS?: Record<string, string>
}

export const apiMessages = {
  contactSent: 'Thank you for contacting us. Our team will get back to you within one working day.',
  applicationSent:
    'Thank you for applying. Our HR team will review your resume and get back to you if your profile matches an opening.',
  invalid: 'Please correct the highlighted fields and try again.',
  tooLarge: 'Your message is too large to send. Please shorten it and try again.',
  wrongContentType: 'This form could not be read. Please reload the page and try again.',
  crossSite:
    'This form can only be sent from our own pages. Open the page on our site and send it again; nothing was stored.',
  rateLimited:
    'You have sent several messages in a short time. Please wait a minute and try again.',
  serverError:
    'Something went wrong on our side and your message was not sent. Please try again in a few minutes.',
  methodNotAllowed: 'This API takes POST requests only.',
  networkDown:
    'We could not reach our server, so your message was not sent. Please check your internet connection and try again.',
} as const
