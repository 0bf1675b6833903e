/**
 * Every file the site offers for download (docs/product.md#page-home integration list, #business-constants-and-limits Developers lists).
 * The files are built from sources under kits/ and docs/integration/ into /downloads/.
 */
export type DownloadFormat = 'zip' | 'pdf'

export interface Download {
  /** What the visitor reads on the link. */
  label: string
  href: string
  format: DownloadFormat
  /** The file name the browser saves. */
  fileName: string
}

function zip(folder: string, slug: string, label: string): Download {
  return {
    label,
    href: `/downloads/${folder}/${slug}.zip`,
    format: 'zip',
    fileName: `paystra-${slug}.zip`,
  }
}

function pdf(slug: string, label: string): Download {
  return {
    label,
    href: `/downloads/docs/${slug}.pdf`,
    format: 'pdf',
    fileName: `paystra-${slug}.pdf`,
  }
}

export const kitProducts = [
  {
    id: 'pg',
    name: 'PG',
    summary: 'Hosted checkout: send the customer to the payment page and verify the response.',
  },
  {
    id: 'epos',
    name: 'ePOS',
    summary: 'Counter sales: UPI QR codes and payment links for walk-in customers.',
  },
  {
    id: 'wallet',
    name: 'Wallet',
    summary: 'Wallet payments through the seamless, merchant-hosted flow.',
  },
  {
    id: 'pos',
    name: 'POS',
    summary: 'Store reconciliation: status enquiry and refunds for card-present sales.',
  },
] as const

export const kitLanguages = [
  { id: 'php', name: 'PHP' },
  { id: 'python', name: 'Python' },
  { id: 'java', name: 'Java' },
  { id: 'nodejs', name: 'Node.js' },
] as const

export interface KitDownload extends Download {
  product: (typeof kitProducts)[number]['name']
  language: (typeof kitLanguages)[number]['name']
}

/** The home page's integration list: 4 products × 4 languages, product by product. */
export const integrationKits: KitDownload[] = kitProducts.flatMap((product) =>
  kitLanguages.map((language) => ({
    ...zip('kits', `${product.id}-${language.id}`, `${product.name} kit — ${language.name}`),
    product: product.name,
    language: language.name,
  })),
)

/** How many integration kits the home page shows before "Show More" (docs/product.md#business-constants-and-limits). */
export const integrationKitsInitialCount = 8

export const developerDocs: Download[] = [
  pdf('pg-hosted', 'PG Hosted'),
  pdf('seamless', 'Seamless'),
  pdf('payout', 'Payout'),
  pdf('api', 'API'),
  pdf('upi-qr', 'UPI QR'),
  pdf('pg-qr', 'PG QR'),
  pdf('settlements', 'Settlements'),
  pdf('international', 'International Payments and Disputes'),
  pdf('sandbox-account', 'Sandbox Account'),
  pdf('paylinks-virtual-accounts', 'Payment Links and Virtual Accounts'),
  pdf('subscriptions', 'Subscriptions and UPI AutoPay'),
]

export const ecommercePlugins: Download[] = [
  zip('plugins', 'woocommerce', 'WooCommerce'),
  zip('plugins', 'magento', 'Magento'),
  zip('plugins', 'oscommerce', 'OS Commerce'),
  zip('plugins', 'opencart', 'OpenCart'),
  zip('plugins', 'prestashop', 'PrestaShop'),
]

export const serverKits: Download[] = [
  zip('server-kits', 'php', 'PHP'),
  zip('server-kits', 'python', 'Python'),
  zip('server-kits', 'java', 'Java'),
  zip('server-kits', 'nodejs', 'Node.js'),
  zip('server-kits', 'ruby', 'Ruby'),
  zip('server-kits', 'merchant-hosted-php', 'Merchant Hosted PHP'),
]

/**
 * The command line (`paystra listen`, `trigger`, `clock`, `events`): one file, shipped in the
 * Node.js kit's core and offered on its own for a developer on any stack with Node.js.
 */
export const commandLineDownload = {
  href: '/downloads/paystra.mjs',
  fileName: 'paystra.mjs',
} as const

export const developerDownloadLists = [
  { id: 'docs', title: 'Docs', items: developerDocs },
  { id: 'plugins', title: 'eCommerce Plugins', items: ecommercePlugins },
  { id: 'server-kits', title: 'Server Integrations', items: serverKits },
] as const

export const allDownloads: Download[] = [
  ...integrationKits,
  ...developerDocs,
  ...ecommercePlugins,
  ...serverKits,
]
