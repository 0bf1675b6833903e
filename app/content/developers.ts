/**
 * Copy of the Developers page (docs/product.md#page-developers). The downloadable lists themselves live in
 * downloads.ts; the status-enquiry example follows the gateway protocol in the design notes.
 */
import { brand, contact } from '#core/brand/brand.ts'
import { commandLineDownload, type DownloadFormat } from './downloads.ts'
import type { PagePath } from './pages.ts'

export const developersBanner = {
  eyebrow: 'Developers',
  /** docs/product.md#routes-and-screens quotes the title as "Integration made…Easier" (one … character). */
  titleLead: 'Integration made…',
  titleEmphasis: 'Easier',
  intro: `Documents, plugins and server kits for every way of taking payments with ${brand.name}, and a sandbox you can call from your terminal today.`,
} as const

export const integrateSection = {
  eyebrow: 'Payment gateway APIs',
  title: 'Integrate Payment Gateway',
  lead: 'One set of credentials gives you every payment flow. Start in the sandbox, switch the base URL and keys, and go live.',
  bullets: [
    'Multiple payment workflows: send customers to our hosted page, keep them on yours with the seamless merchant-hosted flow, or open Checkout Js over your page.',
    'Professional tech support from integration engineers who review your requests and responses with you, from the first sandbox call to go-live.',
    'Easy setup and cURL support: every server call is a plain HTTPS request, so you can try it from a terminal before you write a line of code.',
    'Checkout customization with your logo and colours, the payment methods you choose, and a checkout in more than 10 languages.',
  ],
  illustrationLabel:
    'A code editor sending a signed payment request to the gateway, which answers with a verified success response',
} as const

export const downloadsSection = {
  eyebrow: 'Downloads',
  title: 'Documents, plugins and kits',
  lead: 'Everything you need to integrate, free to download. Each kit has a README with setup steps and a sample that runs against the sandbox.',
  /** One line under each list's heading, keyed by the list id in downloads.ts. */
  listIntros: {
    docs: 'Integration guides for each product, with field tables, response codes and test data.',
    plugins: 'Install, paste your keys, and your store takes payments. No code needed.',
    'server-kits': 'Signed request, response verification and status enquiry, ready to copy.',
  },
  formatLabels: { pdf: 'PDF', zip: 'ZIP' } satisfies Record<DownloadFormat, string>,
  downloadHint: 'download',
} as const

export const integrationSteps = {
  eyebrow: 'How integration works',
  title: 'Four steps from order to confirmed payment',
  steps: [
    {
      title: 'Create the order and sign it',
      text: 'Your server builds the request (PAY_ID, ORDER_ID, AMOUNT in paise, CURRENCY_CODE 356, RETURN_URL) and adds a SHA-256 HASH made with your salt. The salt never leaves your server.',
    },
    {
      title: 'Redirect to the payment page',
      text: 'The browser posts the signed fields to our hosted page, or Checkout Js opens it over your site. The customer pays by card, UPI, net banking or wallet.',
    },
    {
      title: 'Receive the response and verify the hash',
      text: 'We post the encrypted result to your RETURN_URL. Decrypt it, recompute the HASH, and only then trust STATUS and RESPONSE_CODE (000 means success).',
    },
    {
      title: 'Confirm with a status enquiry',
      text: 'Before you ship, or when a response never arrives, ask the gateway for the order’s final status with one signed server-to-server call.',
    },
  ],
} as const

/**
 * The PAY_ID of the sandbox's demo merchant (demoMerchantDefaults in gateway/merchants.ts), the
 * one the guides and every kit's env example use too. Written out rather than imported, and its
 * salt never written here: the site's scripts carry no salt (server/demo/client-assets.test.ts),
 * so the page names where the salt is published. developers.test.ts signs with it.
 */
export const demoPayId = '1000000000000001'

/** The order the example asks about: one the sandbox has not seen, until the reader pays one. */
export const tryOrderId = 'TRY_IT_NOW_001'

/** The status enquiry request of the demo merchant, signed with the demo salt. */
export const statusEnquiryFields = {
  PAY_ID: demoPayId,
  ORDER_ID: tryOrderId,
  TXNTYPE: 'STATUS',
  HASH: '2D455DBEAC51BDE7E52E79F1A34371B249D823CBD0F611D63C0E9EE90F72CA43',
} as const

/**
 * What the sandbox answers it (gateway/api/transact.ts): no such order, 328, signed with the demo
 * salt like every answer to a known merchant. developers.test.ts runs the command for it.
 */
export const statusEnquiryAnswer = {
  PAY_ID: demoPayId,
  ORDER_ID: tryOrderId,
  TXNTYPE: 'STATUS',
  STATUS: 'Failed',
  RESPONSE_CODE: '328',
  RESPONSE_MESSAGE: 'No transaction found for this order id',
  HASH: 'D0AB0B7EF40B0B4273D9537015E514BF770B97E2AC82DDF01CF08BD9D2A5F8B9',
} as const

/** The answer as curl prints it: the JSON on one line, as the sandbox sends it. */
export const statusEnquiryOutput = JSON.stringify(statusEnquiryAnswer)

/** The sandbox gateway's default base on this site's origin, and the status enquiry endpoint on it. */
export const sandboxBasePath = '/sandbox'
export const statusEnquiryPath = `${sandboxBasePath}/pgws/transact`

/** The cURL command the page shows, for a gateway at `endpoint`. */
export function statusEnquiryCurl(endpoint: string): string {
  const body = JSON.stringify(statusEnquiryFields, null, 2)
    .split('\n')
    .map((line, index) => (index === 0 ? line : `  ${line}`))
    .join('\n')
  return [
    `curl -X POST '${endpoint}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '${body}'`,
  ].join('\n')
}

/** How the HASH is made, in three steps; the signature debugger's page says it the same way. */
export const hashSteps = [
  'Take every field you post except HASH.',
  'Sort the keys in code-unit order and join them as KEY=VALUE with ~ between pairs.',
  'Append your salt with no separator, take SHA-256, and write it in upper-case hex.',
] as const

export const statusEnquiry = {
  eyebrow: 'Try it now',
  title: 'Check a payment’s status with cURL',
  lead: 'A status enquiry is one JSON POST to /pgws/transact under the gateway base URL. This one runs as it is against the sandbox on this site, as its demo merchant: paste it into a terminal.',
  codeLabel: 'cURL request for a status enquiry',
  outputTitle: 'What it prints',
  outputLabel: 'The sandbox’s answer to the status enquiry',
  outputNote: {
    before: `The sandbox has no order ${tryOrderId}, so it answers ${statusEnquiryAnswer.RESPONSE_CODE} (${statusEnquiryAnswer.RESPONSE_MESSAGE}), signed with the demo salt like every answer. To see a real STATUS, pay in the`,
    demoLabel: 'PG Hosted demo',
    demoTo: '/pg-hosted-demo' satisfies PagePath,
    after:
      'and put its ORDER_ID in the command with a new HASH: the signature debugger works it out when you leave its HASH out.',
  },
  hashTitle: 'How the HASH is made',
  hashSteps,
  hashExample: `ORDER_ID=${statusEnquiryFields.ORDER_ID}~PAY_ID=${statusEnquiryFields.PAY_ID}~TXNTYPE=${statusEnquiryFields.TXNTYPE}`,
  debugger: {
    before: 'HASH does not match?',
    label: 'Paste it into the signature debugger',
    after: 'to see the exact text that is hashed and the likely mistake.',
    to: '/developers/tools/signature' satisfies PagePath,
  },
  hashExampleNote: {
    before:
      'Its HASH, the one in the command, is made with the demo merchant’s sandbox salt, which the',
    guideLabel: 'API guide',
    guideTo: '/developers/docs/api' satisfies PagePath,
    after:
      'and every kit’s paystra.env give. Use your own PAY_ID and salt, and keep your salt on your server.',
  },
  responseNote:
    'For an order it has, the answer carries its STATUS (Captured, Failed or Pending), RESPONSE_CODE and RESPONSE_MESSAGE, the amount and the transaction ids, with its own HASH for you to verify.',
  support: {
    before: 'Stuck on an integration? Write to',
    email: contact.email,
    after: 'with your PAY_ID and ORDER_ID, never your salt.',
  },
} as const

/**
 * Where a developer makes a sandbox account of their own (gateway/accounts/routes.ts): the page
 * with its one-field form, and the endpoint that answers the account as JSON when asked.
 */
export const sandboxAccountsPath = `${sandboxBasePath}/accounts`
export const newSandboxAccountPath = `${sandboxAccountsPath}/new`

/** The cURL command the page shows, for a gateway's accounts endpoint at `endpoint`. */
export function sandboxAccountCurl(endpoint: string): string {
  return `curl -X POST -H 'Accept: application/json' ${endpoint}`
}

export const sandboxAccount = {
  eyebrow: 'Keys of your own',
  title: 'Your own sandbox account',
  lead: 'A private test merchant of your own, made in one request without sign-up: its own PAY_ID, salt, keys and webhook secret, a paystra.env for every kit, and a console of its payments and webhooks, apart from the demo merchant everyone shares.',
  link: { label: 'Make a sandbox account', to: newSandboxAccountPath },
  curlIntro: 'Or from a terminal, which answers the keys as JSON:',
  codeLabel: 'cURL request that makes a sandbox account',
  listen: {
    before: 'Webhooks on your laptop, with Node.js and no tunnel: download',
    label: 'paystra.mjs',
    to: commandLineDownload.href,
    fileName: commandLineDownload.fileName,
    after: 'beside your kit and run',
    command: 'node paystra.mjs listen --forward-to http://localhost:8000/webhook',
    codeLabel: 'Command that forwards your sandbox account’s webhooks to your machine',
  },
  guide: {
    before: 'What each key is for, the console, webhooks on your machine and the limits:',
    label: 'Sandbox Account guide',
    to: '/developers/docs/sandbox-account' satisfies PagePath,
  },
} as const
