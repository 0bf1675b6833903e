/**
 * Fails the build when a prerendered page holds code the Content Security Policy blocks
 * (server/security-headers.ts: `script-src` and `style-src` allow files, never inline code): an
 * inline script, an event-handler attribute, a style attribute, a `<style>` element or a
 * `javascript:` URL (docs/decisions/027). Runs after `react-router build`:
 *   node --import tsx scripts/build/no-inline-code.ts [clientDir]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { JSDOM } from 'jsdom'

/** The MIME type essences a browser runs as classic script (HTML, "JavaScript MIME type"). */
const javascriptTypes = new Set([
  'application/ecmascript',
  'application/javascript',
  'application/x-ecmascript',
  'application/x-javascript',
  'text/ecmascript',
  'text/javascript',
  'text/javascript1.0',
  'text/javascript1.1',
  'text/javascript1.2',
  'text/javascript1.3',
  'text/javascript1.4',
  'text/javascript1.5',
  'text/jscript',
  'text/livescript',
  'text/x-ecmascript',
  'text/x-javascript',
])

/**
 * Whether an inline `<script>` of this type is run, and so needs a hash or nonce: classic and
 * module scripts, import maps and speculation rules. Any other type (`application/ld+json`,
 * `application/json`) is a data block the browser never runs and the policy does not govern.
 */
function runs(type: string | null): boolean {
  if (type === null || type.trim() === '') return true
  const essence = type.split(';')[0]!.trim().toLowerCase()
  return (
    javascriptTypes.has(essence) || ['module', 'importmap', 'speculationrules'].includes(essence)
  )
}

const urlAttributes = new Set(['href', 'src', 'action', 'formaction', 'xlink:href'])

/** What the policy would block in one page, once each, in document order. */
export function inlineCodeIn(html: string): string[] {
  const { document } = new JSDOM(html).window
  const problems = new Set<string>()
  const elements = [...document.querySelectorAll('*')]
  // A template's content is not in the document until a module clones it in.
  for (const template of document.querySelectorAll('template')) {
    elements.push(...template.content.querySelectorAll('*'))
  }
  for (const element of elements) {
    const tag = element.localName
    if (tag === 'script' && !element.hasAttribute('src') && runs(element.getAttribute('type'))) {
      problems.add('an inline <script>')
    }
    if (tag === 'style') problems.add('a <style> element')
    for (const { name, value } of element.attributes) {
      if (name.startsWith('on')) problems.add(`an ${name} attribute on <${tag}>`)
      if (name === 'style') problems.add(`a style attribute on <${tag}>`)
      if (urlAttributes.has(name) && /^\s*javascript:/i.test(value)) {
        problems.add(`a javascript: URL in ${name} on <${tag}>`)
      }
    }
  }
  return [...problems]
}

function htmlFilesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const file = path.join(dir, name)
      if (statSync(file).isDirectory()) return htmlFilesUnder(file)
      return name.endsWith('.html') ? [file] : []
    })
}

/** Checks every `.html` file of the client build; a build without pages is a failure too. */
export function checkPages(clientDir = 'build/client'): { pages: number; problems: string[] } {
  const files = htmlFilesUnder(clientDir)
  if (files.length === 0) return { pages: 0, problems: [`${clientDir} holds no .html page`] }
  const problems = files.flatMap((file) => {
    const page = path.relative(clientDir, file).split(path.sep).join('/')
    return inlineCodeIn(readFileSync(file, 'utf8')).map((problem) => `${page}: ${problem}`)
  })
  return { pages: files.length, problems }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const clientDir = process.argv[2] ?? 'build/client'
  const { pages, problems } = checkPages(clientDir)
  if (problems.length > 0) {
    console.error(
      `The Content Security Policy would block inline code on prerendered pages (docs/decisions/027):\n  ${problems.join('\n  ')}`,
    )
    process.exit(1)
  }
  console.log(`No inline script, event handler or style in the ${pages} pages of ${clientDir}`)
}
