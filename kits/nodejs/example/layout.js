/**
 * The page around every screen of an example: the document with its header, heading and footer,
 * the examples' one stylesheet (example/example.css), the Content Security Policy, and the
 * page that posts the customer to the gateway (the one script that policy allows).
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { html, raw } from './escape.js'
import { amountText } from './widgets.js'

/** @typedef {import('./escape.js').SafeHtml} SafeHtml */

/** The one script of the kits: it submits the page's form to the gateway. */
export const AUTO_SUBMIT_SCRIPT = 'document.forms[0].submit()'

const AUTO_SUBMIT_HASH = createHash('sha256').update(AUTO_SUBMIT_SCRIPT).digest('base64')

// Built as a string, not in a template a formatter may re-indent: the policy allows exactly
// this script text by its hash.
const AUTO_SUBMIT = raw(`<script>${AUTO_SUBMIT_SCRIPT}</script>`)

/**
 * The Content Security Policy of every page: inline styles, the one auto-submit script (by
 * its hash), form posts to this app and the gateway only.
 * @param {string} gatewayOrigin
 */
export function contentSecurityPolicy(gatewayOrigin) {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `script-src 'sha256-${AUTO_SUBMIT_HASH}'`,
    // QR images come from the gateway, which may name itself differently behind a proxy.
    "img-src 'self' data: http: https:",
    `form-action 'self' ${gatewayOrigin}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/**
 * The one stylesheet every kit language's examples use, read on the first page: example.css
 * beside this web layer, or else where the kits' sources keep it, shared by every language, before
 * an archive puts a copy here.
 */
const styleFiles = [
  new URL('./example.css', import.meta.url),
  new URL('../../shared/example.css', import.meta.url),
]
/** @type {string | undefined} */
let style

/** @returns {string} */
export function exampleStyle() {
  if (style === undefined) {
    const file = styleFiles.find((candidate) => existsSync(candidate))
    if (!file) throw new Error(`Missing ${fileURLToPath(styleFiles[0])}: the examples' stylesheet`)
    style = readFileSync(file, 'utf8')
  }
  return style
}

/**
 * @typedef {object} Page
 * @property {string} title the page's <h1> and <title>
 * @property {SafeHtml} body
 * @property {SafeHtml | string} [lead] one line under the heading
 */

/**
 * The whole document around a page: header with the kit's name, the heading, the content and
 * a footer that says how amounts are written.
 * @param {{ kit: string, gatewayUrl: string, page: Page }} options
 * @returns {string}
 */
export function layout({ kit, gatewayUrl, page }) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${page.title} · Paystra ${kit} kit</title>
        <link rel="icon" href="data:," />
        <style>
          ${raw(exampleStyle())}
        </style>
      </head>
      <body>
        <header class="top">
          <div class="wrap">
            <a class="brand" href="/">Paystra <span>${kit} kit · Node.js</span></a>
            <span class="badge">Sandbox</span>
          </div>
        </header>
        <main class="wrap">
          <h1>${page.title}</h1>
          ${page.lead ? html`<p class="lead">${page.lead}</p>` : ''} ${page.body}
        </main>
        <footer class="wrap">
          <p>
            Amounts travel in paise, the rupee’s minor unit: AMOUNT 100 is ₹1.00. Gateway:
            <span class="mono">${gatewayUrl}</span>
          </p>
        </footer>
      </body>
    </html> `.value
}

/**
 * The page that takes the customer to the gateway: ONE form of hidden inputs (the signed or
 * encrypted fields), a button for browsers without scripts, and a script that posts it at once.
 * @param {{ action: string, fields: Record<string, string> }} form
 * @param {{ orderId?: string, amount?: string }} [summary]
 * @returns {Page}
 */
export function gatewayRedirectPage(form, summary = {}) {
  const inputs = Object.entries(form.fields).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}" /> `,
  )
  return {
    title: 'Taking you to Paystra',
    lead: 'You are being sent to the secure payment page. Nothing is charged until you confirm there.',
    body: html`<div class="card">
        ${summary.orderId ? html`<p>Order <span class="mono">${summary.orderId}</span>${summary.amount ? html`, ${amountText(summary.amount)}` : ''}.</p>` : ''}
        <form method="post" action="${form.action}">
          ${inputs}<button type="submit">Continue to payment</button>
        </form>
      </div>
      ${AUTO_SUBMIT}`,
  }
}
