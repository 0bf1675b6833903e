// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { escapeHtml, unescapeHtml } from './escape.ts'

describe('escapeHtml', () => {
  it.each([
    ['&', '&amp;'],
    ['<', '&lt;'],
    ['>', '&gt;'],
    ['"', '&quot;'],
    ["'", '&#39;'],
  ])('escapes %s as %s', (character, entity) => {
    expect(escapeHtml(`a${character}b`)).toBe(`a${entity}b`)
  })

  it('escapes an ampersand once, so entities already in the text stay visible as written', () => {
    expect(escapeHtml('&amp; &lt;')).toBe('&amp;amp; &amp;lt;')
  })

  it('escapes every occurrence and leaves other text, Unicode included, as it is', () => {
    expect(escapeHtml(`<a href="x" title='y'>Chai & Co. ₹ 1,000 — ok</a>&&`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Chai &amp; Co. ₹ 1,000 — ok&lt;/a&gt;&amp;&amp;',
    )
    expect(escapeHtml('')).toBe('')
  })

  it('gives text a parser reads back unchanged, between tags and in either quoted attribute', () => {
    const text = `</p><script>alert("x")</script>' onload='x' & "y"`
    const document = new DOMParser().parseFromString(
      `<p title="${escapeHtml(text)}" data-single='${escapeHtml(text)}'>${escapeHtml(text)}</p>`,
      'text/html',
    )
    const paragraphs = document.querySelectorAll('p')
    expect(paragraphs).toHaveLength(1)
    expect(paragraphs[0]!.textContent).toBe(text)
    expect(paragraphs[0]!.getAttribute('title')).toBe(text)
    expect(paragraphs[0]!.getAttribute('data-single')).toBe(text)
    expect(document.querySelector('script')).toBeNull()
  })
})

describe('unescapeHtml', () => {
  it('gives back what escapeHtml was given', () => {
    const text = `<a href="x" title='y'>&amp; & Co.</a>`
    expect(unescapeHtml(escapeHtml(text))).toBe(text)
  })

  it('reads its five entities only, each once', () => {
    expect(unescapeHtml('&amp;lt; &lt;&gt;&quot;&#39; &nbsp; &#x27;')).toBe(
      `&lt; <>"' &nbsp; &#x27;`,
    )
  })
})
