/**
 * Hydration after load, for pages that work before their scripts run (the contact and job
 * application forms post themselves to their page). React Router writes a module preload for
 * every script of the page into the head and an inline module that imports them at once, so the
 * browser fetches 130 KB of JavaScript alongside the stylesheet and the text the visitor came
 * for; on a slow mobile connection that delays the first paint by a second. On these pages the
 * server drops the preloads and leaves the inline module inert (its type no longer a script's);
 * the `deferredApp` enhancement module starts it once the page has loaded, or as soon as the
 * visitor reaches for the form (docs/decisions/035-forms-before-scripts.md).
 */

/** The type the inert bootstrap carries; app/enhance/deferred-app.ts looks for it. */
export const DEFERRED_MODULE_TYPE = 'text/x-deferred-module'

const modulePreload = /<link rel="modulepreload"[^>]*>/g
const bootstrap = /<script nonce="([^"]*)" type="module" async="">/g

/**
 * The page's HTML with React Router's module preloads removed and its bootstrap module inert.
 * Throws when the page has no bootstrap in the form React Router writes it, so that an upgrade
 * that changes it fails the tests rather than shipping a page that never hydrates.
 */
export function deferHydration(html: string): string {
  const bootstraps = html.match(bootstrap)?.length ?? 0
  if (bootstraps !== 1) {
    throw new Error(`expected one React Router bootstrap module in the page, found ${bootstraps}`)
  }
  return html
    .replace(modulePreload, '')
    .replace(
      bootstrap,
      (_tag, nonce: string) => `<script nonce="${nonce}" type="${DEFERRED_MODULE_TYPE}">`,
    )
}
