/**
 * The brand, its contacts and its outside links: the one place they live.
 * Defaults use reserved `.example` domains and fictional numbers.
 */
export const brand = {
  name: 'Paystra',
  /** The name the provider traded under before the rebrand the launch popup announces. */
  previousName: 'QuickPe',
  legalName: 'Paystra Payments Private Limited',
  tagline: 'Payments that simply work',
  domain: 'paystra.example',
} as const

/**
 * The brand's colours. Stylesheets name them as custom properties (`brandStrong` is
 * `var(--brand-strong)`), made from here by core/brand/palette-css.ts. The PDFs draw with them; `rule` is for hairlines on paper, a shade darker than `line` so a
 * 0.5 pt rule still prints.
 */
export const palette = {
  brand: '#4a2fd6',
  brandStrong: '#2d1a99',
  brandSoft: '#eeebff',
  accent: '#0b8a6b',
  accentSoft: '#e3f6f0',
  warm: '#ff8a3d',
  ink: '#12142b',
  inkSoft: '#464a66',
  line: '#e2e4ef',
  rule: '#d5d8e6',
  surface: '#ffffff',
  surfaceAlt: '#f6f6fb',
  surfaceDark: '#141331',
  onDark: '#e9e8ff',
  danger: '#b42318',
  success: '#067647',
} as const

export const contact = {
  address: {
    lines: [
      '4th Floor, Tower B, Eldeco Corporate Park',
      'Raj Nagar Extension',
      'Ghaziabad, Uttar Pradesh 201017',
      'India',
    ],
    mapQuery: 'Raj Nagar Extension, Ghaziabad, Uttar Pradesh 201017',
  },
  email: 'support@paystra.example',
  salesEmail: 'sales@paystra.example',
  hrEmail: 'hr@paystra.example',
  grievanceEmail: 'grievance@paystra.example',
  phones: [
    { label: 'Sales and support', display: '+91 120 555 0100', tel: '+911205550100' },
    { label: 'Careers', display: '+91 120 555 0142', tel: '+911205550142' },
  ],
  hours: 'Mon-Sat 09:30-18:00',
  /** The careers panel shows the hours with spaces, as docs/product.md#routes-and-screens quotes it. */
  careerHours: 'Mon - Sat 09:30 - 18:00',
  grievanceOfficer: 'Ms. Ananya Rao, Grievance Officer',
} as const

export const socialLinks = [
  { name: 'facebook', label: 'Paystra on Facebook', href: 'https://facebook.example/paystra' },
  { name: 'instagram', label: 'Paystra on Instagram', href: 'https://instagram.example/paystra' },
  {
    name: 'linkedin',
    label: 'Paystra on LinkedIn',
    href: 'https://linkedin.example/company/paystra',
  },
  {
    name: 'whatsapp',
    label: 'Message Paystra on WhatsApp',
    href: 'https://whatsapp.example/911205550100',
  },
] as const

export type SocialNetwork = (typeof socialLinks)[number]['name']

export const externalLinks = {
  /** The regulator's public-awareness site behind "RBI Kehta Hai". */
  rbiAwareness: 'https://rbikehtahai.rbi.org.in/',
  mapEmbed: `https://www.openstreetmap.org/export/embed.html?bbox=77.44%2C28.68%2C77.50%2C28.72&layer=mapnik`,
  mapLink: 'https://www.openstreetmap.org/search?query=Raj%20Nagar%20Extension%2C%20Ghaziabad',
} as const

/** Documents served as PDF files under /pdf/ (sources in content/legal/). */
export const legalDocuments = {
  termsOfUse: { label: 'Terms of Use (Website)', href: '/pdf/terms-of-use.pdf' },
  merchantTerms: {
    label: 'Terms & Conditions (Merchant)',
    href: '/pdf/merchant-terms-and-conditions.pdf',
  },
} as const

/**
 * The logo mark's two colours that are not design tokens: its gradient runs from `brandBright`
 * to `palette.brandStrong`, and its dot, `mint`, is the illustrations' highlight too. Kept apart
 * from `palette`, which the PDFs share.
 */
export const logoPalette = {
  brandBright: '#6a4cff',
  mint: '#2ee6a8',
} as const
