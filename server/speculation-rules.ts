import type { IncomingMessage, ServerResponse } from 'node:http'
import { pages } from '#app/content/pages.ts'

/** Where the rules are served; every response names it in a `Speculation-Rules` header. */
export const speculationRulesPath = '/speculation-rules.json'

/**
 * Speculation rules: a link to a static page (pages.ts `static`) is prerendered once the
 * visitor hovers it or presses it ("moderate"), so following it shows the page at once. Pages
 * that hydrate, the forms and the demos, are left out: their loaders and scripts should run
 * only when someone asks for them. Sent as a file named by a header, not as an inline script,
 * so the Content Security Policy needs no hash or nonce for them.
 */
export function speculationRules() {
  const staticPaths = pages
    .filter((page) => 'static' in page && page.static)
    .map((page) => page.path)
  return {
    prerender: [
      {
        source: 'document',
        where: { or: staticPaths.map((path) => ({ href_matches: path })) },
        eagerness: 'moderate',
      },
    ],
  }
}

const body = JSON.stringify(speculationRules())

/** Answers the rules file; returns whether it did. */
export function answerSpeculationRules(req: IncomingMessage, res: ServerResponse): boolean {
  if ((req.url ?? '').split('?')[0] !== speculationRulesPath) return false
  if (req.method !== 'GET' && req.method !== 'HEAD') return false
  res.statusCode = 200
  res.setHeader('Content-Type', 'application/speculationrules+json')
  res.setHeader('Cache-Control', 'public, max-age=3600')
  res.setHeader('Content-Length', Buffer.byteLength(body))
  res.end(req.method === 'HEAD' ? undefined : body)
  return true
}
