import { brand, externalLinks } from '#core/brand/brand.ts'

/**
 * The notice shown before a visitor leaves for the Reserve Bank of India's public-awareness site
 * (docs/product.md#page-regulator-disclaimer).
 */
export const rbiNotice = {
  bannerTitle: 'RBI Kehta Hai',
  heading: `You are about to leave ${brand.name}`,
  paragraphs: [
    `The link below takes you to “RBI Kehta Hai”, the public-awareness initiative of the Reserve Bank of India. It is a website run by others, not by ${brand.name}.`,
    `${brand.name} does not control or endorse that website and is not responsible for its content, its availability or how it handles your information. Its own terms of use and privacy policy apply once you leave this site.`,
  ],
  destinationLabel: 'You will be taken to',
  destinationHost: new URL(externalLinks.rbiAwareness).host,
  proceed: {
    label: 'CLICK TO PROCEED',
    href: externalLinks.rbiAwareness,
  },
  backLabel: `Stay on ${brand.name}`,
  backHref: '/',
} as const

/** Why the link is worth following: the kind of advice the initiative gives. */
export const rbiAwarenessTips = {
  heading: 'What you will find there',
  lead: 'RBI Kehta Hai explains, in plain words and several languages, how to bank and pay safely. Among its messages:',
  items: [
    'Never share your OTP, PIN, CVV or passwords — not even with someone who says they call from a bank or from the RBI.',
    'You only need your UPI PIN to send money, never to receive it.',
    'Report unauthorised transactions to your bank at once; the sooner you report, the lower your liability.',
    'Complaints your bank does not resolve can go to the RBI Ombudsman.',
  ],
} as const
