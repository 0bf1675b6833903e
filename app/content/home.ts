/**
 * Copy and timing of the home page (docs/product.md#page-home, #business-constants-and-limits). The integration kits come from
 * downloads.ts and the service boxes from services.ts.
 */
import type { LineIconName } from '#app/components/icons/LineIcon.tsx'
import { brand } from '#core/brand/brand.ts'
import type { KitDownload } from './downloads.ts'

/** The launch popup closes by itself after this long (docs/product.md#business-constants-and-limits). */
export const launchPopupAutoCloseMs = 5000

/** How long the percentage circles take to count up (docs/product.md#business-constants-and-limits). */
export const percentAnimationMs = 1000

export const reducedMotionQuery = '(prefers-reduced-motion: reduce)'

export const launchPopup = {
  title: 'We have a new name',
  linkWord: 'is now',
  text: `${brand.previousName} is now ${brand.name}. Same team, same gateway and the same integration: your API keys, settlements and dashboard carry on exactly as before, under our new name.`,
  closeLabel: 'Close',
} as const

export const hero = {
  eyebrow: 'Payment gateway for India',
  title: 'Accept every payment your customers prefer',
  text: 'UPI, cards, net banking with 80+ banks and wallets through one integration, a checkout in more than 10 languages, and your money in your bank account on T+1.',
  signUpLabel: 'Sign Up',
  secondary: { label: 'Talk to our team', to: '/contact' },
  highlights: ['T+1 settlement', '80+ banks', 'More than 10 languages'],
  illustrationLabel:
    'A merchant dashboard showing today’s collections, a weekly payments chart and a table of recent payments',
} as const

export interface ExperienceStat {
  id: string
  /** A percentage, 0 to 100. */
  value: number
  label: string
  note: string
}

export const experience = {
  eyebrow: 'Experience',
  title: 'Numbers our merchants feel every day',
  text: 'Smart routing, a checkout people understand, and a support team that picks up the phone. Here is what that adds up to across the businesses we serve.',
  stats: [
    {
      id: 'success-payment',
      value: 87,
      label: 'Success Payment',
      note: 'of payment attempts across UPI, cards, net banking and wallets are approved on the first try.',
    },
    {
      id: 'positive-reviews',
      value: 95,
      label: 'Positive Reviews',
      note: 'of merchants rate our onboarding and support as good or excellent in their feedback.',
    },
  ] satisfies ExperienceStat[],
} as const

export const integrations = {
  eyebrow: 'Integration kits',
  title: 'Download a kit for your stack',
  text: 'Ready-made kits for PG, ePOS, Wallet and POS in PHP, Python, Java and Node.js. Each one signs your requests, verifies our responses and runs against the sandbox out of the box.',
  showMore: 'Show More',
  showLess: 'Show Less',
} as const

/** The short code on each kit's badge: the file extension developers know the language by. */
export const kitLanguageBadges: Record<KitDownload['language'], string> = {
  PHP: 'php',
  Python: 'py',
  Java: 'java',
  'Node.js': 'js',
}

export type FeatureIconId = Extract<LineIconName, 'onboarding' | 'experience' | 'integration'>

export interface Feature {
  id: string
  title: string
  text: string
  icon: FeatureIconId
}

export const features = {
  eyebrow: 'Why merchants switch',
  title: 'From sign-up to first payment without the wait',
  items: [
    {
      id: 'quick-onboarding',
      title: 'Quick Onboarding',
      text: 'Sign up online, upload your KYC documents and start testing in the sandbox the same day. Our team reviews your account within 48 hours, with nothing to print, sign or courier.',
      icon: 'onboarding',
    },
    {
      id: 'better-digital-experience',
      title: 'Better Digital Experience',
      text: 'A fast, mobile-first checkout in more than 10 languages that shows your brand, puts the methods your customers use most at the top and remembers returning buyers.',
      icon: 'experience',
    },
    {
      id: 'easy-integration',
      title: 'Easy Integration',
      text: 'Choose a hosted page, checkout.js or a server kit in PHP, Python, Java or Node.js, or install a plugin for WooCommerce, Magento, OpenCart, PrestaShop or OS Commerce.',
      icon: 'integration',
    },
  ] satisfies Feature[],
} as const

export type ShowcaseScreenId = 'trust' | 'instant' | 'quickpay' | 'market' | 'fraud' | 'industry'

export interface ShowcaseItem {
  id: ShowcaseScreenId
  title: string
  text: string
}

export const showcase = {
  eyebrow: 'Checkout',
  title: 'A checkout built to convert',
  text: 'Everything your customer sees between “Pay” and “Thank you” is designed to get the payment through, quickly and safely.',
  items: [
    {
      id: 'trust',
      title: 'Trust Based',
      text: 'The checkout carries your name, your logo and the exact amount, with a clear secure-payment badge, so customers know whom they are paying.',
    },
    {
      id: 'instant',
      title: 'Instant Payment',
      text: 'UPI intent and QR payments confirm in seconds, and your server gets a signed callback the moment the bank approves.',
    },
    {
      id: 'quickpay',
      title: 'QuickPay',
      text: 'Returning customers pay with a saved card in a couple of taps. Cards are kept as tokens under RBI card-on-file rules, so no card number is ever stored on your side.',
    },
    {
      id: 'market',
      title: 'Ready For Market',
      text: 'UPI, debit and credit cards, net banking with 80+ banks and popular wallets are switched on from day one, with no extra contracts.',
    },
    {
      id: 'fraud',
      title: 'Fraud Resistant',
      text: 'Every payment is scored in real time for velocity, device and location risk, and 3-D Secure with OTP applies wherever the card network requires it.',
    },
    {
      id: 'industry',
      title: 'Industry Support',
      text: 'Education, healthcare, retail, travel or SaaS: we set up checkout, settlement and refunds for the way your industry sells.',
    },
  ] satisfies ShowcaseItem[],
} as const

export const homeServicesSection = {
  eyebrow: 'Services',
  title: 'One account, every way to move money',
  text: 'Start with the essentials below and add payment links, subscriptions, payouts in bulk or multi-currency pricing whenever your business needs them.',
  knowMore: 'Know more',
} as const
