import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { blockedInlineContent, inlineScriptHashes } from './prerendered-csp.ts'

const hash = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`

describe('inlineScriptHashes', () => {
  it('hashes the text of each inline script the browser runs, once each', () => {
    const html =
      '<head><script src="/assets/a.js"></script><script type="module" async="">import("/a.js")</script></head>' +
      '<body><script>window.x = "<b>"</script><script>window.x = "<b>"</script>' +
      '<script type="text/javascript">1</script><script type="importmap">{"imports":{}}</script>' +
      '<script type="application/ld+json">{"@type":"Organization"}</script>' +
      '<script type="application/json" id="data">{}</script></body>'
    expect(inlineScriptHashes(html)).toEqual([
      hash('import("/a.js")'),
      hash('window.x = "<b>"'),
      hash('1'),
      hash('{"imports":{}}'),
    ])
  })

  it('reads attributes holding ">" and upper-case tags, and hashes CR LF as the parser does', () => {
    const html = '<SCRIPT data-note="a > b">let a = 1;\r\nlet b = 2;</SCRIPT ><p title=\'x\'>y</p>'
    expect(inlineScriptHashes(html)).toEqual([hash('let a = 1;\nlet b = 2;')])
  })

  it('an empty script still has the hash of its empty text', () => {
    expect(inlineScriptHashes('<script></script>')).toEqual([hash('')])
  })
})

describe('blockedInlineContent', () => {
  it('names what no hash can allow', () => {
    const html =
      '<button onclick="pay()">Pay</button><div style="color:red">x</div>' +
      '<a href="javascript:void(0)">y</a><style>p{}</style>'
    expect(blockedInlineContent(html)).toEqual([
      'an onclick attribute on <button>',
      'a style attribute on <div>',
      'a javascript: URL in href on <a>',
      'a <style> element',
    ])
  })

  it('passes a page of scripts, links and text that merely mentions such things', () => {
    const html =
      '<link rel="stylesheet" href="/assets/a.css"/><p>Write style="…" or onclick in a guide</p>' +
      '<script>document.body.setAttribute("data-x", "onload")</script><a href="/javascript-kit">Kit</a>'
    expect(blockedInlineContent(html)).toEqual([])
  })
})
