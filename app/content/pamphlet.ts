import type { LineIconName } from '#app/components/icons/LineIcon.tsx'
import { brand, contact } from '#core/brand/brand.ts'

/**
 * The one-page sales pamphlet (docs/product.md#page-pamphlet). Every call to action leads to /contact,
 * where the sales team picks the conversation up.
 */

export type BenefitIconName = Extract<LineIconName, 'efficiency' | 'growth' | 'revenue'>

export interface PamphletBenefit {
  title: string
  icon: BenefitIconName
  figure: string
  figureLabel: string
  text: string
  points: string[]
}

export interface AcceptanceLever {
  title: string
  text: string
  figure: string
  figureLabel: string
}

export interface PamphletLink {
  label: string
  href: string
}

export const pamphletContactHref = '/contact'

export const pamphletHero = {
  eyebrow: 'Payment gateway for Indian businesses',
  titlePrefix: 'Unlock Efficiency And Revenue With',
  /** The product's name follows the prefix, as docs/product.md#routes-and-screens asks. */
  brandName: brand.name,
  text: 'One integration for UPI, cards, net banking and wallets, smart routing that lifts your success rate, and money in your bank account on T+1 — so your team spends less time chasing payments and more time selling.',
  cta: { label: 'Book Your Meeting Now', href: pamphletContactHref },
  highlights: ['80+ banks', 'T+1 settlement', '10+ checkout languages'],
} as const

/** The hero's h1 text, word for word. */
export const pamphletTitle = `${pamphletHero.titlePrefix} ${pamphletHero.brandName}`

export const pamphletBenefits = {
  eyebrow: 'What changes for you',
  heading: 'Three reasons businesses move their payments to us',
  items: [
    {
      title: 'Efficiency',
      icon: 'efficiency',
      figure: 'T+1',
      figureLabel: 'settlement, every working day',
      text: 'Stop stitching together gateways, bank reports and spreadsheets.',
      points: [
        'One integration and one dashboard for every payment method',
        'Automatic reconciliation of payments, refunds and fees to your orders',
        'Payouts to vendors and customers from the same account',
      ],
    },
    {
      title: 'Growth',
      icon: 'growth',
      figure: '30+',
      figureLabel: 'foreign currencies accepted',
      text: 'Sell to more customers, in more places, in the way they prefer to pay.',
      points: [
        'Net banking with 80+ banks and all major UPI apps',
        'A checkout in more than 10 languages',
        'Payment links and subscriptions for sales without a website',
      ],
    },
    {
      title: 'Revenue',
      icon: 'revenue',
      figure: '0.00%',
      figureLabel: 'fee on UPI and RuPay debit cards',
      text: 'Keep more of every sale and lose fewer of them at the last step.',
      points: [
        'Smart routing and retries that turn failures into paid orders',
        'Transparent rates with no setup or annual fee',
        'Custom pricing for large volumes',
      ],
    },
  ] satisfies PamphletBenefit[],
} as const

export const pamphletDiscover = {
  text: `Every business pays differently. In a 30-minute call we look at your payment mix and show where ${brand.name} saves time and money.`,
  /** docs/product.md#routes-and-screens: the link's text begins with exactly "Discover how...". */
  label: 'Discover how...',
  /** Read after the label by screen readers, so the link makes sense out of context. */
  labelSuffix: ` ${brand.name} fits your business`,
  href: pamphletContactHref,
} as const

export const acceptanceOptimisation = {
  eyebrow: 'Acceptance optimisation',
  heading: 'Turn more checkouts into paid orders',
  lead: 'A payment that fails is a sale you have already paid to win. Three levers work together, payment by payment, to raise your success rate.',
  levers: [
    {
      title: 'Smart routing',
      text: 'Each payment is sent to the acquiring bank or UPI route with the best live success rate for that card network, issuing bank or UPI app, and moved away from a route the moment it degrades.',
      figure: '+2 to 4',
      figureLabel: 'percentage points on cards and net banking',
    },
    {
      title: 'Retries',
      text: 'When a bank times out or a route drops a payment before the customer is charged, we try once more on a healthy route. Declines the customer must fix, such as a wrong PIN, are never retried, and nobody is charged twice.',
      figure: '1 in 5',
      figureLabel: 'technical failures recovered',
    },
    {
      title: 'Method mix',
      text: 'The checkout puts the methods your customers succeed with first — UPI on mobile, saved cards for repeat buyers — and hides banks that are down, offering another method after a failed attempt.',
      figure: '+1 to 3',
      figureLabel: 'percentage points on mobile checkouts',
    },
  ] satisfies AcceptanceLever[],
  /** Before and after success rates, drawn as a chart; typical, not guaranteed. */
  outcome: {
    caption: 'Typical success rate after 90 days',
    before: { label: 'Single gateway', value: 86 },
    after: { label: `With ${brand.name}`, value: 93 },
  },
  footnote:
    'Figures are typical outcomes across merchants in their first 90 days with us, not a guarantee. Your results depend on your customers, payment methods and banks; we will estimate them for your business in the meeting.',
} as const

export const connectWithUs = {
  heading: 'Connect with us',
  text: 'Tell us how you get paid today. We will come back within one working day with a plan, a price and a go-live date.',
  links: [
    { label: 'BOOK A FREE MEETING', href: pamphletContactHref },
    { label: 'FILL IN YOUR REQUIREMENTS', href: pamphletContactHref },
  ] satisfies PamphletLink[],
  callPrompt: 'Prefer to talk right away? Call our sales team on',
  phone: contact.phones[0],
  hours: contact.hours,
} as const
