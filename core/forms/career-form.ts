import { brand } from '#core/brand/brand.ts'
import {
  emailAddress,
  freeText,
  MESSAGE_MAX,
  mobilePhone,
  personName,
  validateFields,
} from './fields.ts'

/** docs/product.md#entities-and-fields: the subject is fixed text followed by the product's name. */
export const careerSubject = `New Job Application from ${brand.name}`

/** The job application's text fields; the resume has its own rules in resume.ts. */
export const careerFormRules = {
  name: personName({ empty: 'Please enter your Name', invalid: 'Please enter valid Name' }),
  phone: mobilePhone({
    empty: 'Please enter your Phone',
    invalid: 'Please enter valid Mobile Number',
  }),
  email: emailAddress({ empty: 'Please enter your Email', invalid: 'Please enter valid Email ID' }),
  message: freeText('Message', MESSAGE_MAX, {
    empty: 'Please enter your Message',
    invalid: 'Please enter valid Message',
  }),
}

export type CareerField = keyof typeof careerFormRules

export const careerFields = Object.keys(careerFormRules) as CareerField[]

export function validateCareerForm(input: Partial<Record<string, unknown>>) {
  return validateFields(careerFormRules, input)
}
