/** Copy of the Contact page (docs/product.md#page-contact) and its message form's fields (docs/product.md#pattern-library). */
import { type FieldDefinition, fieldLimits } from './forms.ts'

export const contactPage = {
  title: 'Contact Us',
  intro:
    'Questions about going live, pricing or an integration? Our team answers every message within one working day.',
  details: {
    heading: 'Talk to us',
    text: 'Sales, onboarding and merchant support work from one office, so your question reaches people who can act on it.',
    addressLabel: 'Visit us',
    emailLabel: 'Write to us',
    phoneLabel: 'Call us',
    hoursLabel: 'Opening hours',
    socialLabel: 'Follow us',
  },
  form: {
    heading: 'Send us a message',
    text: 'Tell us about your business and what you need. Fields marked with an asterisk are required.',
    submitLabel: 'Submit',
  },
  map: {
    heading: 'Find our office',
    text: 'We are a short drive from the Delhi–Meerut Expressway. Visitors are welcome during opening hours; please write first so the right person is in.',
    showLabel: 'Show map',
    openLabel: 'Open the map',
    frameTitle: 'Office location map',
  },
} as const

export type ContactFieldName = 'name' | 'company' | 'phone' | 'email' | 'subject' | 'message'

/** In the order the form shows them; every one is required (docs/product.md#pattern-library). */
export const contactFields = [
  {
    name: 'name',
    label: 'Name',
    autoComplete: 'name',
    maxLength: fieldLimits.name,
    required: true,
  },
  {
    name: 'company',
    label: 'Company',
    autoComplete: 'organization',
    maxLength: fieldLimits.company,
    required: true,
  },
  {
    name: 'phone',
    label: 'Phone',
    type: 'tel',
    autoComplete: 'tel-national',
    inputMode: 'numeric',
    maxLength: fieldLimits.phone,
    required: true,
  },
  {
    name: 'email',
    label: 'Email',
    type: 'email',
    autoComplete: 'email',
    maxLength: fieldLimits.email,
    required: true,
  },
  {
    name: 'subject',
    label: 'Subject',
    maxLength: fieldLimits.subject,
    required: true,
  },
  {
    name: 'message',
    label: 'Message',
    rows: 5,
    required: true,
  },
] as const satisfies readonly FieldDefinition<ContactFieldName>[]
