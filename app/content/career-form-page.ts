/** Copy of the job application page (docs/product.md#page-career-form) and its form's fields (docs/product.md#pattern-library). */
import { RESUME_FIELD } from '#core/forms/api.ts'
import { type FieldDefinition, fieldLimits, resumeRules } from './forms.ts'

export const careerFormPage = {
  eyebrow: 'Careers',
  title: 'Job Application',
  intro: 'Tell us who you are and what you would like to build with us. We read every application.',
  form: {
    heading: 'Apply for a role',
    text: 'Attach your resume and tell us which role interests you. Fields marked with an asterisk are required.',
    subjectLabel: 'Subject',
    submitLabel: 'Submit',
  },
  panel: {
    title: 'GET IN TOUCH',
    text: 'Questions about an opening or your application? Write to our HR team or call us.',
    emailLabel: 'HR e-mail',
    phoneLabel: 'Phone',
    hoursLabel: 'Hours',
    socialLabel: 'Follow us',
    nextHeading: 'After you apply',
    next: [
      'Our HR team reads every application within five working days.',
      'If your profile matches an opening, we call you to set up a first conversation.',
      'You meet the team you would join; engineering roles include a short practical exercise.',
    ],
  },
} as const

/** Sent with every application so HR can filter its inbox (docs/product.md#entities-and-fields); the rules own the text. */
export { careerSubject } from '#core/forms/career-form.ts'

export type CareerFieldName = 'name' | 'phone' | 'email' | typeof RESUME_FIELD | 'message'

export const careerTextFields = {
  name: {
    name: 'name',
    label: 'Name',
    autoComplete: 'name',
    maxLength: fieldLimits.name,
    required: true,
  },
  phone: {
    name: 'phone',
    label: 'Phone',
    type: 'tel',
    autoComplete: 'tel-national',
    inputMode: 'numeric',
    maxLength: fieldLimits.phone,
    required: true,
  },
  email: {
    name: 'email',
    label: 'Email',
    type: 'email',
    autoComplete: 'email',
    maxLength: fieldLimits.email,
    required: true,
  },
  message: {
    name: 'message',
    label: 'Message',
    rows: 5,
    placeholder: 'The role you are applying for, your experience, and when you could start',
    required: true,
  },
} as const satisfies Record<
  Exclude<CareerFieldName, typeof RESUME_FIELD>,
  FieldDefinition<CareerFieldName>
>

export const resumeField = {
  name: RESUME_FIELD,
  label: 'Resume',
  accept: resumeRules.accept,
  hint: resumeRules.hint,
  /** Beside the file input when the server sent the form back: browsers never keep a file. */
  chooseAgain: 'Your file was not kept: please choose your resume again',
  required: true,
} as const
