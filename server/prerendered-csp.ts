import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

/**
 * Prerendered pages cannot carry a per-request nonce, so the build lists the SHA-256 hashes of
 * each page's inline scripts in `build/csp-hashes.json` (beside `build/client`, so it is never
 * served) and the server allows exactly those on that page (docs/decisions/011).
 */
export interface CspManifest {
  pages: Record<
    string,
    {
      /** The page's file under the client folder. */
      file: string
      /** Hex SHA-256 of the file as built: a page rebuilt without its manifest is caught. */
      sha256: string
      /** `sha256-<base64>` of every inline script, in document order, without repeats. */
      scriptHashes: string[]
    }
  >
}

export function cspManifestPath(clientDir: string): string {
  return path.join(path.dirname(path.resolve(clientDir)), 'csp-hashes.json')
}

/** Maps `/` and `/about` to `index.html` and `about/index.html` under the client build. */
export function findPrerenderedPages(clientDir: string): Map<string, string> {
  const pages = new Map<string, string>()
  if (!existsSync(clientDir)) return pages
  const walk = (dir: string, urlPath: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry)
      if (statSync(full).isDirectory()) {
        if (entry !== 'assets' && entry !== 'downloads') walk(full, `${urlPath}${entry}/`)
      } else if (entry === 'index.html') {
        pages.set(urlPath === '/' ? '/' : urlPath.slice(0, -1), full)
      }
    }
  }
  walk(clientDir, '/')
  return pages
}

export function sha256Hex(content: Buffer | string): string {
  return createHash('sha256').update(content).digest('hex')
}

// An element's attributes, then (for script and style) its raw text up to the closing tag.
const TAG =
  /<([a-zA-Z][\w:-]*)((?:\s+[^\s"'=<>/`]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g
const ATTRIBUTE = /([^\s"'=<>/`]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g

interface Tag {
  name: string
  attributes: Map<string, string>
  /** The raw text of a script or style element. */
  text?: string
}

function* tags(html: string): Generator<Tag> {
  // A pattern of its own: two walks over different pages must not share lastIndex.
  const pattern = new RegExp(TAG.source, 'g')
  const lower = html.toLowerCase()
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    const name = match[1]!.toLowerCase()
    const attributes = new Map<string, string>()
    for (const attribute of (match[2] ?? '').matchAll(ATTRIBUTE)) {
      const value = attribute[2] ?? attribute[3] ?? attribute[4] ?? ''
      attributes.set(attribute[1]!.toLowerCase(), value)
    }
    if (name === 'script' || name === 'style') {
      const close = lower.indexOf(`</${name}`, pattern.lastIndex)
      const end = close === -1 ? html.length : close
      // The HTML parser turns CR LF and lone CR into LF before the browser hashes the text.
      const text = html.slice(pattern.lastIndex, end).replace(/\r\n?/g, '\n')
      pattern.lastIndex = end
      yield { name, attributes, text }
    } else {
      yield { name, attributes }
    }
  }
}

/** Data blocks (`application/json`, `application/ld+json`) are never run, so need no hash. */
function runsAsScript(type: string | undefined): boolean {
  if (type === undefined || type.trim() === '') return true
  const essence = type.split(';')[0]!.trim().toLowerCase()
  return essence === 'module' || essence === 'importmap' || /(java|ecma)script$/.test(essence)
}

/** The `sha256-<base64>` source of each inline script a browser would run. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const tag of tags(html)) {
    if (tag.name !== 'script' || tag.attributes.has('src')) continue
    if (!runsAsScript(tag.attributes.get('type'))) continue
    hashes.add(
      `sha256-${createHash('sha256')
        .update(tag.text ?? '', 'utf8')
        .digest('base64')}`,
    )
  }
  return [...hashes]
}

/**
 * What the production policy would block and a hash cannot allow: event-handler attributes,
 * `javascript:` URLs, inline styles (`style-src 'self'`).
 */
export function blockedInlineContent(html: string): string[] {
  const problems: string[] = []
  for (const tag of tags(html)) {
    if (tag.name === 'style') problems.push('a <style> element')
    for (const [name, value] of tag.attributes) {
      if (/^on/.test(name)) problems.push(`an ${name} attribute on <${tag.name}>`)
      if (name === 'style') problems.push(`a style attribute on <${tag.name}>`)
      if (/^\s*javascript:/i.test(value) && /^(href|src|action|formaction)$/.test(name)) {
        problems.push(`a javascript: URL in ${name} on <${tag.name}>`)
      }
    }
  }
  return problems
}

/** Reads every prerendered page and lists its inline scripts' hashes (the build step). */
export function buildCspManifest(clientDir: string): { manifest: CspManifest; problems: string[] } {
  const manifest: CspManifest = { pages: {} }
  const problems: string[] = []
  for (const [urlPath, file] of findPrerenderedPages(clientDir)) {
    const content = readFileSync(file)
    const html = content.toString('utf8')
    const relative = path.relative(clientDir, file).split(path.sep).join('/')
    manifest.pages[urlPath] = {
      file: relative,
      sha256: sha256Hex(content),
      scriptHashes: inlineScriptHashes(html),
    }
    for (const problem of new Set(blockedInlineContent(html)))
      problems.push(`${relative}: ${problem}`)
  }
  return { manifest, problems }
}

export function readCspManifest(clientDir: string): CspManifest | undefined {
  const file = cspManifestPath(clientDir)
  if (!existsSync(file)) return undefined
  return JSON.parse(readFileSync(file, 'utf8')) as CspManifest
}
