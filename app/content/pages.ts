/**
 * Every screen of the site (docs/product.md#routes-and-screens): its path, route module, document title and description.
 * The route config, the prerender list, the sitemap and the page <meta> all read from here.
 */
import { brand } from '#core/brand/brand.ts'

export type PageKind = 'marketing' | 'form' | 'demo'

export interface Page {
  path: string
  /** Route module under app/routes/. */
  file: string
  title: string
  description: string
  kind: PageKind
  /** Listed in sitemap.xml and open to search engines. */
  indexed: boolean
  /**
   * A static page: plain HTML and CSS in the browser, with no framework runtime. React Router's
   * scripts are left out of its document; only its enhancement modules load (app/enhance/).
   */
  static?: true
}

/**
 * A static page's title and description serve the server's documents alone: such a page has no
 * client runtime, so the browser's copy of this table leaves them out (Vite sets
 * import.meta.env.SSR to false in the client build, and the minifier drops the text). The form
 * and demo pages keep theirs, for their meta on client navigation. Node (scripts, tests) has no
 * import.meta.env and keeps everything.
 */
const withStaticText: boolean = import.meta.env?.SSR !== false || import.meta.env?.MODE === 'test'

export const pages = [
  {
    path: '/',
    static: true,
    file: 'routes/home.tsx',
    title: withStaticText ? `${brand.name} — Payment gateway for every Indian business` : '',
    description: withStaticText
      ? 'Accept UPI, cards, net banking and wallets with T+1 settlement, 80+ banks and a checkout in more than 10 languages.'
      : '',
    kind: 'marketing',
    indexed: true,
  },
  {
    path: '/about',
    static: true,
    file: 'routes/about.tsx',
    title: withStaticText ? `About us — ${brand.name}` : '',
    description: withStaticText
      ? `Why we built ${brand.name}, what we believe in, and how we help businesses accept and move money.`
      : '',
    kind: 'marketing',
    indexed: true,
  },
  {
    path: '/services',
    static: true,
    file: 'routes/services.tsx',
    title: withStaticText ? `Services — ${brand.name}` : '',
    description: withStaticText
      ? 'Payment acceptance, payouts, reconciliation, T+1 settlement, refunds, multi-currency, smart routing and more.'
      : '',
    kind: 'marketing',
    indexed: true,
  },
  {
    path: '/developers',
    static: true,
    file: 'routes/developers.tsx',
    title: withStaticText ? `Developers — Integration made easier — ${brand.name}` : '',
    description: withStaticText
      ? 'Integration documents, eCommerce plugins and server kits in PHP, Python, Java, Node.js and Ruby.'
      : '',
    kind: 'marketing',
    indexed: true,
  },
  {
    path: '/developers/docs/api-reference',
    static: true,
    file: 'routes/api-reference.tsx',
    title: withStaticText ? `API reference — ${brand.name} sandbox JSON APIs — ${brand.name}` : '',
    description: withStaticText
      ? 'Status enquiry, refunds, payouts, QR codes, webhooks and settlements: every field, answer and response code, generated from the OpenAPI document.'
      : '',
    kind: 'marketing',
    indexed: true,
  },
  // The integration guides in HTML, from the same sources as their PDFs (app/guides/); the
  // descriptions are the PDFs' subjects (a test compares them).
  {
    path: '/developers/docs/pg-hosted',
    static: true,
    file: 'routes/developer-guide.tsx',
    title: withStaticText ? `PG Hosted Integration Guide — ${brand.name}` : '',
    description: withStaticText
      ? `Accept cards, net banking, UPI and wallets on the ${brand.name} hosted payment page – the signed request, the encrypted response, response codes and test data.`
      : '',
    kind: 'marketing',
    indexed: true,
  },
  {
    path: '/developers/docs/seamless',
    static: true,
    file: 'routes/developer-guide.tsx',
    title: withStaticText ? `Seamless Integration Guide — ${brand.name}` : '',
    description: withStaticText
      ? `Merchant-hosted checkout – collect the payment method on your own page and send ${brand.name} an encrypted request (ENCDATA) for net banking, wallets and UPI.`
      : '',
    kind: 'marketing',
    indexed: true,
  },
  {
    path: '/developers/docs/payout',
    static: true,
    file: 'routes/developer-guide.tsx',
    title: withStaticText ? `Payout Integration Guide — ${brand.name}` : '',
    description: withStaticText
      ? `Send money from your ${brand.name} balance to any bank account (NEFT, RTGS, IMPS) or UPI ID with one signed JSON request, and track it to a UTR.`
      : '',
    kind: 'marketing',
    indexed: true,
  },
  {
    path: '/developers/docs/api',
    static: true,
    file: 'routes/developer-guide.tsx',
    title: withStaticText ? `API Integration Guide — ${brand.name}` : '',
    description: withStaticText
      ? `Server-to-server JSON APIs – status enquiry and refunds through /pgws/transact, the signing and JSON conventions every ${brand.name} API shares, and response codes.`
      : '',
    kind: 'marketing',
    indexed: true,
  },
  {
    path: '/developers/docs/upi-qr',
    static: true,
    file: 'routes/developer-guide.tsx',
    title: withStaticText ? `UPI QR Integration Guide — ${brand.name}` : '',
    description: withStaticText
      ? 'Show a dynamic UPI QR code for each order at your counter, on a screen or in an invoice, and learn by status enquiry when the customer paid from any UPI app.'
      : '',
    kind: 'marketing',
    indexed: true,
  },
  {
    path: '/developers/docs/pg-qr',
    static: true,
    file: 'routes/developer-guide.tsx',
    title: withStaticText ? `PG QR Integration Guide — ${brand.name}` : '',
    description: withStaticText
      ? `A QR code that opens the ${brand.name} payment page for an order, so the customer pays on their own phone by card, net banking, UPI or wallet.`
      : '',
    kind: 'marketing',
    indexed: true,
  },
  {
    path: '/developers/docs/settlements',
    static: true,
    file: 'routes/developer-guide.tsx',
    title: withStaticText ? `Settlements Integration Guide — ${brand.name}` : '',
    description: withStaticText
      ? `T+1 settlements net of fees and GST – what ${brand.name} pays you and when, the settlement and reconciliation APIs (JSON or CSV), the settlement.processed webhook.`
      : '',
    kind: 'marketing',
    indexed: true,
  },
  {
    path: '/developers/docs/international',
    static: true,
    file: 'routes/developer-guide.tsx',
    title: withStaticText
      ? `International Payments and Disputes Integration Guide — ${brand.name}`
      : '',
    description: withStaticText
      ? 'Card payments in over 30 foreign currencies settled in rupees (FX_RATE, INR_AMOUNT, the rates API), and card disputes: webhooks, holds, accepting or contesting.'
      : '',
    kind: 'marketing',
    indexed: true,
  },
  {
    path: '/developers/docs/sandbox-account',
    static: true,
    file: 'routes/developer-guide.tsx',
    title: withStaticText ? `Sandbox Account Integration Guide — ${brand.name}` : '',
    description: withStaticText
      ? `A private ${brand.name} sandbox merchant of your own in one request, without sign-up: its PAY_ID, keys and webhook secret, a paystra.env for the kits, and a console.`
      : '',
    kind: 'marketing',
    indexed: true,
  },
  {
    path: '/developers/docs/paylinks-virtual-accounts',
    static: true,
    file: 'routes/developer-guide.tsx',
    title: withStaticText
      ? `Payment Links and Virtual Accounts Integration Guide — ${brand.name}`
      : '',
    description: withStaticText
      ? 'Payment links a customer pays once at a short URL, and virtual accounts that take bank transfers: their webhooks, charges and settlement lines.'
      : '',
    kind: 'marketing',
    indexed: true,
  },
  {
    path: '/developers/docs/subscriptions',
    static: true,
    file: 'routes/developer-guide.tsx',
    title: withStaticText ? `Subscriptions and UPI AutoPay Integration Guide — ${brand.name}` : '',
    description: withStaticText
      ? 'Recurring payments on UPI AutoPay, card and e-NACH mandates: the mandate page, notices, debits and retries, cancelling, webhooks and charges.'
      : '',
    kind: 'marketing',
    indexed: true,
  },
  {
    path: '/developers/tools/signature',
    static: true,
    file: 'routes/signature-tool.tsx',
    title: withStaticText ? `Signature debugger — check a HASH or an ENCDATA — ${brand.name}` : '',
    description: withStaticText
      ? 'Paste request or response fields and your salt to see the exact hashed text, the expected HASH and why yours differs. Runs in your browser only.'
      : '',
    kind: 'marketing',
    indexed: true,
  },
  {
    path: '/pricing',
    static: true,
    file: 'routes/pricing.tsx',
    title: withStaticText ? `Pricing — ${brand.name}` : '',
    description: withStaticText
      ? 'Transparent rates for payment gateway, subscriptions, payouts, paylinks and auto collection, with a fee calculator.'
      : '',
    kind: 'marketing',
    indexed: true,
  },
  {
    path: '/contact',
    file: 'routes/contact.tsx',
    title: `Contact us — ${brand.name}`,
    description:
      'Talk to our team about accepting payments: write to us, call us, or visit our office. Mon-Sat 09:30-18:00.',
    kind: 'form',
    indexed: true,
  },
  {
    path: '/policy',
    static: true,
    file: 'routes/policy.tsx',
    title: withStaticText ? `Privacy Policy — ${brand.name}` : '',
    description: withStaticText
      ? `What data ${brand.name} collects, why, how it is protected, cookies, transfers and how to reach our grievance officer.`
      : '',
    kind: 'marketing',
    indexed: true,
  },
  {
    path: '/faq',
    static: true,
    file: 'routes/faq.tsx',
    title: withStaticText ? `Frequently asked questions — ${brand.name}` : '',
    description: withStaticText
      ? 'Activation, refunds, disputes, settlement, foreign currencies, payment links and prohibited businesses.'
      : '',
    kind: 'marketing',
    indexed: true,
  },
  {
    path: '/career',
    static: true,
    file: 'routes/career.tsx',
    title: withStaticText ? `Careers — ${brand.name}` : '',
    description: withStaticText
      ? 'Build the payments infrastructure of India with us. Openings for freshers and professionals.'
      : '',
    kind: 'marketing',
    indexed: true,
  },
  {
    path: '/career-form',
    file: 'routes/career-form.tsx',
    title: `Apply for a job — ${brand.name}`,
    description: 'Send us your resume and a few words about yourself.',
    kind: 'form',
    indexed: true,
  },
  {
    path: '/demo-pamphlet',
    static: true,
    file: 'routes/demo-pamphlet.tsx',
    title: withStaticText ? `Unlock efficiency and revenue — ${brand.name}` : '',
    description: withStaticText
      ? `Higher acceptance, faster settlement and lower cost: see what ${brand.name} can do for your business and book a meeting.`
      : '',
    kind: 'marketing',
    indexed: true,
  },
  {
    path: '/pg-hosted-demo',
    file: 'routes/pg-hosted-demo.tsx',
    title: `Live Demo - PG Hosted — ${brand.name}`,
    description: `Pay 1.00 for a demo laptop through the ${brand.name} hosted payment page in the sandbox.`,
    kind: 'demo',
    indexed: true,
  },
  {
    path: '/merchant-hosted-demo',
    file: 'routes/merchant-hosted-demo.tsx',
    title: `Live Demo - Merchant Hosted — ${brand.name}`,
    description: `Try a checkout where the merchant shows the payment methods and ${brand.name} processes the payment.`,
    kind: 'demo',
    indexed: true,
  },
  {
    path: '/merchant-hosted-checkout',
    file: 'routes/merchant-hosted-checkout.tsx',
    title: `Live Demo - Merchant Hosted checkout — ${brand.name}`,
    description: `Choose net banking, a wallet or UPI and pay 1.00 in the ${brand.name} sandbox.`,
    kind: 'demo',
    indexed: false,
  },
  {
    path: '/checkout-demo',
    file: 'routes/checkout-demo.tsx',
    title: `Live Demo - Checkout Js — ${brand.name}`,
    description: `Pay 1.00 in an embedded ${brand.name} checkout that opens over the merchant page.`,
    kind: 'demo',
    indexed: true,
  },
  {
    // The demos' RETURN_URL: the gateway posts here and the visitor reads the outcome.
    path: '/demo/response',
    file: 'routes/demo-response.tsx',
    title: `Payment result — Live demo — ${brand.name}`,
    description: `The outcome of a live demo payment through the ${brand.name} sandbox gateway, verified by the demo store.`,
    kind: 'demo',
    indexed: false,
  },
  {
    path: '/rbi-kehta-hai',
    static: true,
    file: 'routes/rbi-kehta-hai.tsx',
    title: withStaticText ? `RBI Kehta Hai — You are leaving ${brand.name}` : '',
    description: withStaticText
      ? `A link to the Reserve Bank of India public-awareness site, which ${brand.name} does not run or endorse.`
      : '',
    kind: 'marketing',
    indexed: false,
  },
] as const satisfies readonly Page[]

export type PagePath = (typeof pages)[number]['path']

export function prerenderedPaths(): string[] {
  return pages.filter((page) => page.kind === 'marketing').map((page) => page.path)
}

export function findPage(path: string): Page | undefined {
  return pages.find((page) => page.path === path)
}

/** Whether the page at this path is served without React Router's client (see Page.static). */
export function isStaticPath(path: string): boolean {
  const page: Page | undefined = findPage(path)
  return page?.static === true
}

/**
 * Whether the page starts React only after it has loaded (app/utils/deferred-hydration.ts): the
 * form pages, whose forms work before any script runs.
 */
export function hydratesAfterLoad(path: string): boolean {
  return findPage(path)?.kind === 'form'
}

/** The page's entry; throws at build time if a route asks for a path that is not in the table. */
export function pageFor(path: PagePath): Page {
  const page = findPage(path)
  if (!page) throw new Error(`No page entry for ${path}`)
  return page
}

/** Where each navigation lands: the top, except merchant-hosted-checkout (docs/product.md#routes-and-screens). */
export const scrollOffsets: Partial<Record<PagePath, number>> = {
  '/merchant-hosted-checkout': 180,
}
