import { brand, contact, legalDocuments } from '#core/brand/brand.ts'
import { providerGst } from '#core/brand/gst-registration.ts'
import { gstStateOf } from '#core/tax/gst.ts'
import {
  bankHolidays,
  calendarYears,
  formatIsoDate,
  workingDaysSentence,
} from '#core/calendar/business-calendar.ts'
import { ecommercePlugins } from './downloads.ts'
import type { ListBlock } from './legal/types.ts'

/**
 * The FAQ page's questions (docs/product.md#page-faq, facts in docs/product.md#business-constants-and-limits "FAQ facts"), grouped by topic.
 * Answers use the inline markup of legal texts: `**bold**`, `[label](/path)` and bare e-mails.
 */
export type FaqBlock = string | ListBlock

export interface FaqItem {
  /** Stable id: the question's anchor and the base of its button and panel ids. */
  id: string
  question: string
  answer: readonly FaqBlock[]
}

export interface FaqTopic {
  id: string
  title: string
  items: readonly FaqItem[]
}

const name = brand.name
const plugins = ecommercePlugins.map((plugin) => plugin.label).join(', ')

export const faqTopics: readonly FaqTopic[] = [
  {
    id: 'getting-started',
    title: 'Getting started',
    items: [
      {
        id: 'what-is-paystra',
        question: `What is ${name}, and who is it for?`,
        answer: [
          `${name} is a payment gateway and payment aggregator for businesses in India. With one integration you can accept UPI, cards, net banking from 80+ banks and wallets on your website, app or store counter, send payouts, and reconcile everything in one dashboard, with settlement to your bank account on a T+1 basis.`,
          'We work with freelancers and sole proprietors, startups, small and medium businesses, large enterprises, banks and corporations.',
        ],
      },
      {
        id: 'how-to-sign-up',
        question: `How do I open a ${name} account?`,
        answer: [
          `Click **Sign Up** at the top of any page to open the ${name} merchant portal. Enter your name, e-mail address and mobile number, verify them with a one-time password, then tell us about your business and upload your KYC documents. You can save your progress and come back at any time.`,
        ],
      },
      {
        id: 'activation-time',
        question: 'How long does account activation take?',
        answer: [
          'Once you have submitted a complete application, our team reviews your documents and website and activates your account within up to 48 hours. If something is missing or unclear, we write to you; the 48 hours start again when we receive what we asked for.',
          'Businesses in restricted categories, such as pharmacies, travel or education, may need extra checks and can take longer.',
        ],
      },
      {
        id: 'documents-individuals',
        question: 'Which documents do I need as an individual?',
        answer: [
          'If you sell as an individual, such as a freelancer, tutor or consultant without a registered business, keep these ready:',
          {
            kind: 'list',
            style: 'bullet',
            items: [
              'your PAN card;',
              'your Aadhaar card (we verify it through DigiLocker or an Aadhaar OTP) or another officially valid document such as a passport, voter ID or driving licence;',
              'proof of your bank account: a cancelled cheque or a recent bank statement showing your name, account number and IFSC;',
              'the address of your website, app or social media page, showing what you sell, your prices and your refund and contact details.',
            ],
          },
        ],
      },
      {
        id: 'documents-proprietorship',
        question: 'Which documents does a proprietorship firm need?',
        answer: [
          'A sole proprietorship needs the proprietor’s KYC plus proof that the business exists:',
          {
            kind: 'list',
            style: 'bullet',
            items: [
              'the proprietor’s PAN card and Aadhaar card (or another officially valid document);',
              'two proofs of the business in the firm’s name, for example a GST registration certificate, Udyam registration certificate, shop and establishment licence, trade licence issued by the municipality, or professional tax registration;',
              'proof of a current account in the firm’s name (or a savings account in the proprietor’s name): a cancelled cheque or a recent bank statement;',
              'the address of your website or app, with your terms, privacy, refund and cancellation, and shipping policies and your contact details.',
            ],
          },
        ],
      },
      {
        id: 'documents-companies',
        question: 'What about partnerships, LLPs and companies?',
        answer: [
          'Registered entities need their constitution documents and the KYC of the people who run and own them:',
          {
            kind: 'list',
            style: 'bullet',
            items: [
              '**Partnership firm**: partnership deed, registration certificate, the firm’s PAN, and the PAN and Aadhaar of the partners who sign for it.',
              '**LLP**: certificate of incorporation, LLP agreement, the LLP’s PAN, and the PAN and Aadhaar of the designated partners.',
              '**Private or public limited company**: certificate of incorporation, memorandum and articles of association, the company’s PAN, a board resolution naming the authorised signatory, and the PAN and Aadhaar of the signatory and of every beneficial owner.',
              'In every case: a GST certificate if you are registered, and a cancelled cheque or bank statement for the business’s current account.',
            ],
          },
        ],
      },
      {
        id: 'test-mode',
        question: 'Can I try the gateway before my account is activated?',
        answer: [
          'Yes. Every new account starts in **test mode**, with its own test keys, so your developers can build and test the whole integration while we review your documents. Test payments use test cards and UPI IDs and never move real money. When your account is activated, switch to live keys and you are ready.',
          'You can also try our three checkout flows right now on the Live Demo pages in the menu.',
        ],
      },
    ],
  },
  {
    id: 'eligibility',
    title: 'Eligibility',
    items: [
      {
        id: 'prohibited-businesses',
        question: `Which businesses can’t use ${name}?`,
        answer: [
          'Our partner banks, the card networks and the Reserve Bank of India do not allow payment services for certain businesses. We do not activate accounts for them, and we deactivate an account if we find it being used for them:',
          {
            kind: 'list',
            style: 'bullet',
            items: [
              'adult content and services;',
              'alcohol, tobacco and e-cigarettes;',
              'gambling, betting, lotteries and online games played for money;',
              'drugs, narcotics and prescription medicines sold without a licence;',
              'weapons, ammunition and explosives;',
              'pyramid schemes, multi-level marketing and Ponzi or chit-fund schemes that are not registered;',
              'counterfeit, pirated, stolen and other unauthorized goods;',
              'crypto-currencies, forex trading and unregulated investment schemes;',
              'unlicensed lending, debt collection and credit repair;',
              'hacking tools, fake documents and the sale of personal data;',
              'and more: any business the law, the card networks or our partner banks prohibit.',
            ],
          },
          `The full list is in our [${legalDocuments.merchantTerms.label}](${legalDocuments.merchantTerms.href}). If you are unsure about your business, ask us before you apply.`,
        ],
      },
      {
        id: 'drop-shipping',
        question: 'Do you support drop shipping businesses?',
        answer: [
          'No. We do not support drop shipping, where you sell goods you do not hold in stock and a third party ships them to your customer. Because the seller does not control delivery, these businesses see many complaints about late or missing orders, and our partner banks do not accept them.',
        ],
      },
      {
        id: 'restricted-businesses',
        question: 'My business needs a licence. Can I still sign up?',
        answer: [
          'Yes, if you hold it. Pharmacies, travel agencies, schools and coaching institutes, charities, jewellers, real-estate businesses and some others are restricted categories: we accept them after extra checks, and we ask for the licence or registration that your business needs, such as a drug licence, an IATA accreditation or a 12A/80G registration.',
        ],
      },
    ],
  },
  {
    id: 'payments',
    title: 'Payments',
    items: [
      {
        id: 'payment-methods',
        question: 'Which payment methods can my customers use?',
        answer: [
          'Your customers can pay with:',
          {
            kind: 'list',
            style: 'bullet',
            items: [
              'UPI, with any UPI app, by entering a UPI ID or scanning a QR code;',
              'debit and credit cards on Visa, Mastercard, RuPay, American Express and Diners Club;',
              'net banking from 80+ banks;',
              'popular wallets;',
              'international cards, in over 30 foreign currencies.',
            ],
          },
          'You choose which methods to offer, and can switch them on or off in the dashboard.',
        ],
      },
      {
        id: 'foreign-currencies',
        question: 'Can I accept payments from customers outside India?',
        answer: [
          'Yes. Once international payments are enabled on your account, customers can pay with cards issued outside India in over 30 foreign currencies, including the US dollar, euro, pound sterling, UAE dirham, Singapore dollar and Australian dollar. They see the price in their own currency; you are settled in Indian rupees.',
          'International payments need a few extra details during onboarding, such as your export code or a description of the services you sell abroad.',
        ],
      },
      {
        id: 'checkout-languages',
        question: 'In which languages can my customers pay?',
        answer: [
          'Our checkout speaks more than 10 languages: English, Hindi, Bengali, Marathi, Telugu, Tamil, Gujarati, Kannada, Malayalam, Odia and Punjabi. It opens in the language of the customer’s browser, and the customer can switch at any time.',
        ],
      },
      {
        id: 'payment-links',
        question: 'How do payment links work, and can they expire?',
        answer: [
          'A payment link lets you collect money without a website: create it in the dashboard or through the API, and send it by SMS, e-mail or WhatsApp. The customer opens the link and pays with any method you accept.',
          'You can set an expiry date and time on any link. After its expiry the link can no longer be paid, which is useful for invoices with a due date, event tickets and limited offers. You can also cancel a link before it expires, and send automatic reminders.',
        ],
      },
      {
        id: 'failed-debit',
        question: 'A customer’s account was debited but the payment failed. What happens now?',
        answer: [
          'Sometimes the bank debits the customer but the payment does not complete, for example because the connection dropped. You do not need to do anything: the reversal of a failed debit to the customer’s account takes 3-5 working days, and it happens automatically. The customer can track it with the bank reference number shown on the payment page.',
          'If the money has not come back after that, the customer can write to you or to us with the date, amount and reference, and we will follow up with the bank.',
        ],
      },
    ],
  },
  {
    id: 'settlements-refunds',
    title: 'Settlements and refunds',
    items: [
      {
        id: 'settlement-time',
        question: 'When will I receive my money?',
        answer: [
          'We settle on a T+1 basis: payments captured on a working day reach your bank account on the next working day, after our fees and GST are deducted. Settlements made on bank holidays move to the next working day. Every settlement comes with a report in the dashboard that lists the payments it covers, for easy reconciliation.',
          `${workingDaysSentence} The bank holidays on which we do not settle:`,
          {
            kind: 'list',
            style: 'bullet',
            items: calendarYears.map(
              (year) =>
                `**${year}**: ${bankHolidays
                  .filter((holiday) => holiday.date.startsWith(`${year}-`))
                  .map((holiday) => `${holiday.name} (${formatIsoDate(holiday.date)})`)
                  .join(', ')}`,
            ),
          },
        ],
      },
      {
        id: 'gst-invoice',
        question: 'Do I get a GST invoice for your fees?',
        answer: [
          `Yes. Every month we issue a tax invoice for the fees, and the GST on them, deducted from that month’s settlements, with our GSTIN and yours, so that you can claim the GST as input tax credit. If your business is registered in ${gstStateOf(providerGst.stateCode)!.name}, where we are, the GST is CGST and SGST, 9 % each; anywhere else it is IGST, 18 %. Each settlement shows the same split and both GSTINs.`,
          'Download the invoice from the dashboard, or fetch it through the settlement API as data or as a PDF: the Settlements Integration Guide describes the call.',
        ],
      },
      {
        id: 'refund-time',
        question: 'How long do refunds take?',
        answer: [
          'You can refund a payment, in full or in part, from the dashboard or through the API. Refunds take 5-7 business days to reach the customer’s account, depending on the customer’s bank. The money always goes back to the card, UPI account, bank account or wallet the customer paid with.',
        ],
      },
    ],
  },
  {
    id: 'disputes',
    title: 'Disputes and chargebacks',
    items: [
      {
        id: 'raise-dispute',
        question: 'How can a customer raise a dispute?',
        answer: [
          'A customer can open a dispute within 30 days of the payment, by writing to the merchant or to our support team with the date, amount and reference of the payment.',
          'If the complaint is that an item was not delivered, please wait at least 7 days after the payment before opening a dispute: most delayed orders arrive within that time, and the merchant gets a fair chance to deliver.',
        ],
      },
      {
        id: 'chargebacks',
        question: 'What happens when a customer disputes a payment made to me?',
        answer: [
          'We tell you at once by e-mail and in the dashboard, with the reason and the deadline to respond, normally five working days. We also hold the disputed amount at once: it is held back from your next settlement, where the report shows it as a dispute hold. Upload your evidence, such as proof of delivery, invoices and messages with the customer, and we present it to the bank or card network. If the dispute is decided in your favour, the held amount is released to you in the next settlement after the decision; if not, it goes back to the customer and nothing more is deducted.',
        ],
      },
    ],
  },
  {
    id: 'integration-pricing',
    title: 'Integration and pricing',
    items: [
      {
        id: 'integration',
        question: `How do I integrate ${name} with my website or app?`,
        answer: [
          'Choose the flow that suits you: a hosted payment page, a checkout that opens over your page, or a merchant-hosted checkout where you show the payment methods yourself. Our server kits in PHP, Python, Java, Node.js and Ruby handle the request hash and response checks for you, and most developers go live in a day.',
          `Selling on an e-commerce platform? Install our plugin for ${plugins} and add your keys: no code needed. Everything is on the [Developers](/developers) page.`,
        ],
      },
      {
        id: 'pricing',
        question: `How much does ${name} cost?`,
        answer: [
          'There is no setup fee and no annual maintenance charge on the Standard Plan: you pay only per successful transaction. UPI and RuPay debit card payments are free (0.00%), and other methods start from 0.40%. See all rates for payments, subscriptions, payouts, payment links and auto collection on our [Pricing](/pricing) page.',
          'Processing large volumes? Our Special Plan offers custom pricing, with online activation within 24 hours.',
        ],
      },
      {
        id: 'security',
        question: 'How do you keep payments and customer data safe?',
        answer: [
          'Our card-processing environment is certified to PCI DSS, saved cards are tokenised as RBI requires, and all payment data is stored in India. Every request and response between your server and ours is protected by a hash made with your secret key, so it cannot be changed on the way. Read more in our [Privacy Policy](/policy).',
        ],
      },
    ],
  },
]

export const faqContact = {
  text: `Didn’t find your answer? Our team replies on working days, ${contact.hours}.`,
  link: { to: '/contact', label: 'Contact us' },
} as const
