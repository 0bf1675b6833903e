import {
  COMPANY_MAX,
  emailAddress,
  freeText,
  MESSAGE_MAX,
  mobilePhone,
  personName,
  SUBJECT_MAX,
  validateFields,
} from './fields.ts'

/** The contact form's fields, in the order the form shows them, with docs/product.md#pattern-library's messages. */
export const contactFormRules = {
  name: personName({ empty: 'Please enter your Name', invalid: 'Please enter valid Name' }),
  company: freeText('Company', COMPANY_MAX, {
    empty: 'Please enter your Company',
    invalid: 'Please enter valid Company',
  }),
  phone: mobilePhone({
    empty: 'Please enter your Phone',
    invalid: 'Please enter valid Mobile Number',
  }),
  email: emailAddress({ empty: 'Please enter your Email', invalid: 'Please enter valid Email ID' }),
  subject: freeText('Subject', SUBJECT_MAX, {
    empty: 'Please enter your Subject',
    invalid: 'Please enter valid Subject',
  }),
  message: freeText('Message', MESSAGE_MAX, {
    empty: 'Please enter your Message',
    invalid: 'Please enter valid Message',
  }),
}

export type ContactField = keyof typeof contactFormRules

export const contactFields = Object.keys(contactFormRules) as ContactField[]

export function validateContactForm(input: Partial<Record<string, unknown>>) {
  return validateFields(contactFormRules, input)
}
