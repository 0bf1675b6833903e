import type { LineIconName } from '#app/components/icons/LineIcon.tsx'
import { brand } from '#core/brand/brand.ts'

/**
 * The About page (docs/product.md#page-about), in the order it is shown: introduction, vision and mission,
 * start story, feature list, call to action, and three fundamental ideas.
 */

export interface AboutFeature {
  title: string
  text: string
  icon: LineIconName
}

export interface AboutIdea {
  title: string
  text: string
}

export interface Milestone {
  year: string
  text: string
}

export const aboutIntro = {
  eyebrow: 'Who we are',
  heading: 'Payments infrastructure for the businesses that keep India running',
  paragraphs: [
    `${brand.name} is a payment gateway built in Ghaziabad for Indian businesses of every size — the kirana chain taking its first online order, the edtech startup collecting fees from twenty states, the manufacturer paying three hundred distributors on the last day of the month.`,
    'One integration lets you accept UPI, cards, net banking and wallets, pay out to any bank account, and see every rupee reconciled against your orders. Money reaches your account on T+1, and your customers pay in a checkout that speaks more than 10 languages.',
  ],
  stats: [
    { value: '80+', label: 'banks connected' },
    { value: 'T+1', label: 'settlement' },
    { value: '10+', label: 'checkout languages' },
    { value: '30+', label: 'foreign currencies' },
  ],
} as const

export const visionMission = {
  eyebrow: 'Why we exist',
  heading: 'Our vision and mission',
  vision: {
    title: 'Our vision',
    icon: 'vision',
    text: 'An India where every business, from a single-founder shop to a listed company, can accept and move money digitally as easily as it accepts cash — and trusts that the money will arrive.',
  },
  mission: {
    title: 'Our mission',
    icon: 'mission',
    text: 'To give merchants a payment stack that is simple to integrate, honest in its pricing and dependable on the busiest day of the year: high success rates, next-day settlement and a person who answers when something goes wrong.',
  },
} as const satisfies {
  eyebrow: string
  heading: string
  vision: { title: string; icon: LineIconName; text: string }
  mission: { title: string; icon: LineIconName; text: string }
}

export const startStory = {
  eyebrow: 'How we started',
  heading: 'It started with a settlement that never came',
  paragraphs: [
    `In 2018 our founders were running the technology for a group of wholesale traders in Ghaziabad. Their customers had started paying by UPI and card, but the money took four to seven days to land, reports never matched the bank statement, and every failed payment meant a phone call nobody could answer.`,
    `They had spent the previous decade building core banking and card switching systems, so they did what engineers do: they built the missing piece themselves. The first version, launched as ${brand.previousName}, settled a handful of merchants the next day and reconciled every payment to an order automatically.`,
    `Word travelled between traders, then to schools, clinics and online stores. Today the same team — grown, but still answering its own support line — serves businesses across India. In 2025 ${brand.previousName} became ${brand.name}, a name for the broader platform we had grown into.`,
  ],
  milestones: [
    {
      year: '2018',
      text: `${brand.previousName} goes live for 12 traders in Ghaziabad with next-day settlement.`,
    },
    { year: '2020', text: 'UPI, wallets and net banking with 50 banks on one checkout.' },
    { year: '2022', text: 'Payouts, payment links and automated reconciliation launch.' },
    { year: '2023', text: 'Smart routing across acquiring banks; 80+ banks connected.' },
    {
      year: '2025',
      text: `${brand.previousName} becomes ${brand.name}; checkout in more than 10 languages.`,
    },
  ] satisfies Milestone[],
} as const

export const aboutFeatures = {
  eyebrow: 'What you get',
  heading: `Everything a business needs to get paid with ${brand.name}`,
  lead: 'Start with payment acceptance and add the rest as you grow. It is one account, one dashboard and one integration.',
  items: [
    {
      title: 'Payment acceptance',
      text: 'UPI, RuPay, Visa, Mastercard and other cards, net banking with 80+ banks, and popular wallets.',
      icon: 'acceptance',
    },
    {
      title: 'Payouts',
      text: 'Pay vendors, partners and refunds to any bank account or UPI ID by IMPS, NEFT, RTGS or UPI.',
      icon: 'payouts',
    },
    {
      title: 'Reconciliation',
      text: 'Every payment, refund and fee matched to your order ID and settled amount, ready to export.',
      icon: 'reconciliation',
    },
    {
      title: 'T+1 settlement',
      text: 'Money collected today is in your bank account on the next working day.',
      icon: 'settlement',
    },
    {
      title: 'Refunds',
      text: 'Full or partial refunds from the dashboard or the API, tracked until they reach the customer.',
      icon: 'refund',
    },
    {
      title: 'Multi-currency',
      text: 'Accept international cards in over 30 foreign currencies and settle in rupees.',
      icon: 'currency',
    },
    {
      title: 'Multilingual checkout',
      text: 'A checkout in more than 10 languages, so customers pay in the language they think in.',
      icon: 'language',
    },
    {
      title: 'Smart routing',
      text: 'Each payment goes to the route most likely to succeed right now, bank by bank.',
      icon: 'routing',
    },
  ] satisfies AboutFeature[],
} as const

export const aboutCallToAction = {
  heading: 'Start accepting payments this week',
  text: 'Sign up online, upload your documents and go live as soon as your account is approved — most reviews finish within 48 hours. Prefer to talk first? Our team will walk you through pricing and integration.',
  signUpLabel: 'Sign Up',
  contactLabel: 'Contact Us',
  contactHref: '/contact',
} as const

export const fundamentalIdeas = {
  eyebrow: 'What we believe',
  heading: 'Three ideas we build on',
  items: [
    {
      title: 'Money must arrive',
      text: 'A payment is a promise between a customer and a business. We measure ourselves on success rates, settlement on time and refunds that reach the customer — not on features shipped.',
    },
    {
      title: 'Simple beats clever',
      text: 'Clear pricing with no hidden fees, an integration a small team can finish in a day, and reports an accountant can read without calling us.',
    },
    {
      title: 'We grow when you grow',
      text: 'We earn when our merchants sell. So we answer the phone, explain every deduction and build what our merchants ask for, from the first order to the millionth.',
    },
  ] satisfies AboutIdea[],
} as const
