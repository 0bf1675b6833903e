/**
 * The 12 service boxes (docs/product.md#product-overview, #page-services) and the "Why Choose Us" block.
 * The home page shows the first `homeServiceCount` of them, so the order matters.
 * Claims here must agree with the rest of the site: T+1 settlement, 80+ banks,
 * more than 10 languages, over 30 foreign currencies, refunds in 5-7 business days.
 */
import type { LineIconName } from '#app/components/icons/LineIcon.tsx'
import { contact } from '#core/brand/brand.ts'

export type ServiceIconId = LineIconName

export interface Service {
  id: string
  title: string
  summary: string
  icon: ServiceIconId
}

export const services: Service[] = [
  {
    id: 'payment-acceptance',
    title: 'Payment Acceptance',
    summary:
      'Take UPI, RuPay, Visa and Mastercard cards, net banking from 80+ banks and popular wallets through a single integration, with every payment in one dashboard.',
    icon: 'acceptance',
  },
  {
    id: 'payouts',
    title: 'Payouts',
    summary:
      'Pay vendors, partners, employees and customers over IMPS, NEFT, RTGS and UPI: one at a time through the API, or thousands at once from a bulk file.',
    icon: 'payouts',
  },
  {
    id: 'settlements',
    title: 'T+1 Settlements',
    summary:
      'Your collections reach your current account on the next working day (T+1), with a settlement report that lists every payment, fee and GST amount in it.',
    icon: 'settlement',
  },
  {
    id: 'reconciliation',
    title: 'Automated Reconciliation',
    summary:
      'Every payment, refund and settlement is matched to your order ID automatically, and the daily reports tie out with your bank statement to the rupee.',
    icon: 'reconciliation',
  },
  {
    id: 'refunds',
    title: 'Refunds',
    summary:
      'Issue full or partial refunds from the dashboard or the API. The customer is credited in 5-7 business days, and you can track each refund until it lands.',
    icon: 'refund',
  },
  {
    id: 'multi-currency',
    title: 'Multi-Currency Payments',
    summary:
      'Accept international cards in over 30 foreign currencies, show customers the amount in their own currency, and receive your settlement in INR.',
    icon: 'currency',
  },
  {
    id: 'multilingual-checkout',
    title: 'Multilingual Checkout',
    summary:
      'Offer checkout in more than 10 languages, including Hindi, Bengali, Tamil, Telugu, Marathi and Gujarati, so every customer pays in the language they read best.',
    icon: 'language',
  },
  {
    id: 'smart-routing',
    title: 'Smart Routing',
    summary:
      'Each payment goes to the acquiring route with the best live success rate for that card, bank or UPI app, and moves to a fallback route when a bank is slow or down.',
    icon: 'routing',
  },
  {
    id: 'aggregation-platform',
    title: 'Payment Aggregation Platform',
    summary:
      'One agreement and one onboarding give you every method and bank we support. We manage the acquiring banks, the network rules and the compliance work for you.',
    icon: 'aggregation',
  },
  {
    id: 'wallets',
    title: 'Wallets',
    summary:
      'Let customers pay from Paytm, PhonePe, Mobikwik and other popular wallets, with the same checkout, reports and T+1 settlement as every other method.',
    icon: 'wallet',
  },
  {
    id: 'payment-links',
    title: 'Payment Links',
    summary:
      'Create a link in seconds and share it by SMS, e-mail or WhatsApp. Set an amount and an expiry, and get paid even without a website or an app.',
    icon: 'link',
  },
  {
    id: 'subscriptions',
    title: 'Subscriptions and UPI AutoPay',
    summary:
      'Collect recurring payments through e-mandates on cards, net banking and UPI AutoPay, with pre-debit notifications and automatic retries as RBI rules require.',
    icon: 'recurring',
  },
]

/** How many service boxes the home page shows before its "Know more" link (docs/product.md#business-constants-and-limits). */
export const homeServiceCount = 3

export const homeServices: Service[] = services.slice(0, homeServiceCount)

export const servicesIntro = {
  bannerIntro:
    'Payments in, payouts out, and the reports that tie them together, all on one account.',
  eyebrow: 'What we offer',
  title: 'Everything you need to accept, move and reconcile money',
  text: 'Start with payment acceptance and add payouts, subscriptions or payment links when you need them. Every service runs on the same account, the same dashboard and the same API keys.',
} as const

export interface Reason {
  id: string
  title: string
  text: string
  icon: ServiceIconId
}

export const whyChooseUs = {
  eyebrow: 'Our promise',
  title: 'Why Choose Us',
  text: 'Businesses of every size, from a first online store to a listed company, choose us for three simple reasons.',
  reasons: [
    {
      id: 'easy-setup',
      title: 'Easy to Setup',
      text: 'Sign up online, finish KYC digitally and integrate with a hosted page, a plugin or a server kit. Our team reviews new accounts within 48 hours, and most merchants go live the same week.',
      icon: 'setup',
    },
    {
      id: 'secure-transactions',
      title: 'Secure Transactions',
      text: 'Requests are signed with SHA-256 hashes and encrypted in transit, cards are tokenised under RBI card-on-file rules, and every payment passes real-time fraud checks before it is approved.',
      icon: 'secure',
    },
    {
      id: 'support',
      title: '24/7 Support',
      text: `Our systems are watched around the clock and urgent payment issues can be raised at any hour through the dashboard or by e-mail to ${contact.email}. Our phone lines are open ${contact.hours}.`,
      icon: 'support',
    },
  ] satisfies Reason[],
} as const
