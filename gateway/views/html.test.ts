import { describe, expect, it } from 'vitest'
import { classes, html } from './html.ts'

describe('html', () => {
  it('escapes interpolated text, including attribute quotes', () => {
    const name = `<script>alert("x")</script>&'`
    expect(html`<p title="${name}">${name}</p>`.value).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;</p>',
    )
  })

  it('inserts nested html as it is and joins lists', () => {
    const items = ['a', '<b>'].map((item) => html`<li>${item}</li>`)
    // prettier-ignore
    const list = html`<ul>${items}</ul>`
    expect(list.value).toBe('<ul><li>a</li><li>&lt;b&gt;</li></ul>')
  })

  it('drops null, undefined and false; prints numbers', () => {
    expect(html`${null}${undefined}${false}${0}${'x'}`.value).toBe('0x')
  })

  it('classes joins the names that are truthy', () => {
    expect(classes('a', false, undefined, 'b')).toBe('a b')
  })
})
