import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkPages, inlineCodeIn } from './no-inline-code.ts'

/** A static page as the build writes it (ADR 019): modules from the site, nothing inline. */
const page = (body = '<h1>Pricing</h1>', head = '') =>
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Pricing</title>' +
  `<link rel="stylesheet" href="/assets/root-9c1d.css"/>${head}</head><body><main>${body}</main>` +
  '<script type="module" src="/assets/header-4b1e.js" fetchPriority="low"></script></body></html>'

describe('inlineCodeIn', () => {
  it('passes a static page of modules, stylesheets, SVG and text that merely mentions such code', () => {
    const html = page(
      '<p>Write <code>&lt;script&gt;</code>, style="…" or onclick in a guide</p>' +
        '<a href="/developers/docs/javascript">JavaScript kit</a><dialog><form method="dialog">' +
        '<button>Close</button></form></dialog><svg viewBox="0 0 36 36"><circle pathLength="100"/></svg>' +
        '<pre data-onclick="x">document.body.setAttribute("style", "")</pre>',
    )
    expect(inlineCodeIn(html)).toEqual([])
  })

  it('lets data blocks through: the browser never runs JSON-LD or JSON', () => {
    const html = page(
      '',
      '<script type="application/ld+json">{"@type":"Organization"}</script>' +
        '<script type="application/json" id="data">{}</script>',
    )
    expect(inlineCodeIn(html)).toEqual([])
  })

  it('finds an inline script of every type the browser runs', () => {
    for (const script of [
      '<script>window.x = 1</script>',
      '<script type="">1</script>',
      '<script type="text/javascript; charset=utf-8">1</script>',
      '<script type="module">import("/a.js")</script>',
      '<SCRIPT TYPE="Module">1</SCRIPT>',
      '<script type="importmap">{"imports":{}}</script>',
      '<script type="speculationrules">{"prerender":[]}</script>',
      '<script></script>',
    ]) {
      expect(inlineCodeIn(page('', script)), script).toEqual(['an inline <script>'])
    }
  })

  it('finds event-handler attributes, in any case and on SVG too', () => {
    const html = page(
      '<button onclick="pay()">Pay</button><img src="/a.png" alt="" ONERROR="x()"/>' +
        '<svg><circle onload="y()"/></svg><button onclick="again()">Again</button>',
    )
    expect(inlineCodeIn(html)).toEqual([
      'an onclick attribute on <button>',
      'an onerror attribute on <img>',
      'an onload attribute on <circle>',
    ])
  })

  it('finds style attributes, <style> elements and javascript: URLs', () => {
    const html = page(
      '<div style="color:red">x</div><style>p{}</style>' +
        '<a href=" JavaScript:void(0)">y</a><form action="javascript:go()"></form>',
    )
    expect(inlineCodeIn(html)).toEqual([
      'a style attribute on <div>',
      'a <style> element',
      'a javascript: URL in href on <a>',
      'a javascript: URL in action on <form>',
    ])
  })

  it('looks inside templates, which a module may clone into the page', () => {
    const html = page('<template><p style="color:red" onclick="x()">later</p></template>')
    expect(inlineCodeIn(html)).toEqual(['a style attribute on <p>', 'an onclick attribute on <p>'])
  })

  it('reads the page as a browser does: text that looks like a tag inside a script is text', () => {
    const html = page('', '<script src="/a.js">"<div style=x onclick=y>"</script>')
    expect(inlineCodeIn(html)).toEqual([])
  })
})

function clientWith(pages: Record<string, string>): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'no-inline-')), 'client')
  for (const [file, html] of Object.entries(pages)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    writeFileSync(path.join(dir, file), html)
  }
  return dir
}

describe('checkPages', () => {
  it('names each faulty page by its file under the client folder', () => {
    const dir = clientWith({
      'index.html': page(),
      'about/index.html': page('<p style="margin:0">About</p>'),
      'developers/docs/api/index.html': page('<button onclick="copy()">Copy</button>'),
      'faq/index.html': page('', '<script>window.faq = 1</script>'),
      'assets/root-9c1d.css': 'p{color:red}',
    })
    expect(checkPages(dir)).toEqual({
      pages: 4,
      problems: [
        'about/index.html: a style attribute on <p>',
        'developers/docs/api/index.html: an onclick attribute on <button>',
        'faq/index.html: an inline <script>',
      ],
    })
  })

  it('fails a client folder without pages rather than passing it unread', () => {
    const dir = clientWith({ 'assets/app.js': 'console.log(1)' })
    expect(checkPages(dir).problems).toEqual([`${dir} holds no .html page`])
  })
})

describe('the build step', () => {
  const run = (dir: string) => {
    try {
      const out = execFileSync(
        process.execPath,
        ['--import', 'tsx', 'scripts/build/no-inline-code.ts', dir],
        { encoding: 'utf8', stdio: 'pipe' },
      )
      return { status: 0, out }
    } catch (error) {
      const failed = error as { status: number; stderr: string }
      return { status: failed.status, out: failed.stderr }
    }
  }

  it('exits 0 on clean pages and 1 naming the fault otherwise, so npm run build stops', () => {
    const clean = run(clientWith({ 'index.html': page(), 'about/index.html': page() }))
    expect(clean).toEqual({
      status: 0,
      out: expect.stringContaining('No inline script, event handler or style in the 2 pages'),
    })
    const faulty = run(clientWith({ 'index.html': page('<h1 style="color:red">Home</h1>') }))
    expect(faulty.status).toBe(1)
    expect(faulty.out).toContain('index.html: a style attribute on <h1>')
  }, 60_000)
})
