import { legalDocuments } from '#core/brand/brand.ts'

export interface NavLinkItem {
  label: string
  to: string
  /** Opens in a new tab (demos, PDFs, outside sites). */
  newTab?: boolean
  /** A file or outside address, not a route of the app. */
  document?: boolean
}

export const liveDemoLinks: NavLinkItem[] = [
  { label: 'PG Hosted', to: '/pg-hosted-demo', newTab: true },
  { label: 'Merchant Hosted', to: '/merchant-hosted-demo', newTab: true },
  { label: 'Checkout Js', to: '/checkout-demo', newTab: true },
]

/** Header order (docs/product.md#routes-and-screens): Home, About, Services, Developers, Live Demo, Pricing, Contact. */
export const headerLinksBeforeDemo: NavLinkItem[] = [
  { label: 'Home', to: '/' },
  { label: 'About', to: '/about' },
  { label: 'Services', to: '/services' },
  { label: 'Developers', to: '/developers' },
]

export const headerLinksAfterDemo: NavLinkItem[] = [
  { label: 'Pricing', to: '/pricing' },
  { label: 'Contact', to: '/contact' },
]

export const footerQuickLinks: NavLinkItem[] = [
  { label: 'About Us', to: '/about' },
  { label: 'Services', to: '/services' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'Developers', to: '/developers' },
  { label: 'Contact', to: '/contact' },
  { label: 'Pamphlet', to: '/demo-pamphlet' },
]

export const footerHelpLinks: NavLinkItem[] = [
  { label: 'Privacy Policy', to: '/policy' },
  {
    label: legalDocuments.termsOfUse.label,
    to: legalDocuments.termsOfUse.href,
    newTab: true,
    document: true,
  },
  {
    label: legalDocuments.merchantTerms.label,
    to: legalDocuments.merchantTerms.href,
    newTab: true,
    document: true,
  },
  { label: 'FAQ', to: '/faq' },
  { label: 'Career', to: '/career' },
  { label: 'RBI Kehta Hai', to: '/rbi-kehta-hai', newTab: true },
]
