import type { ContactMessage } from '../../server/mail/compose.ts'

/** A contact message as a merchant would send it: every field valid, a paragraph of text. */
export const benchContactMessage: ContactMessage = {
  name: 'Asha Verma',
  company: 'Verma Textiles Pvt Ltd',
  phone: '9876543210',
  email: 'asha.verma@example.com',
  subject: 'UPI and card payments for our store',
  message:
    'We sell handloom sarees online and take about 1,200 orders a month, most of them under ' +
    'INR 5,000. We would like to accept UPI, cards and net banking with settlement to our ' +
    'current account on T+1. Please share your pricing for this volume and the documents ' +
    'needed for onboarding.',
}
