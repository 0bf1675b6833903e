import { describe, expect, it } from 'vitest'
import { readLinkFragment } from './link-fragment.ts'
import { readPastedFields } from './pasted-fields.ts'

describe('a link into the debugger', () => {
  it('fills the Fields box with the fields of #fields=, as KEY=VALUE lines', () => {
    const body = new URLSearchParams({
      PAY_ID: '1000000000000001',
      ORDER_ID: 'ORD 1+2',
      RETURN_URL: 'https://shop.example/back?a=1&b=2',
      HASH: 'ABC',
    }).toString()
    const linked = readLinkFragment(`#fields=${body}`)
    expect(linked).toEqual({
      tool: 'hash',
      fields:
        'PAY_ID=1000000000000001\nORDER_ID=ORD 1+2\nRETURN_URL=https://shop.example/back?a=1&b=2\nHASH=ABC',
    })
    // What the box then holds reads back as exactly the fields posted.
    const read = readPastedFields(linked!.tool === 'hash' ? linked!.fields : '')
    expect(read.ok && Object.fromEntries(read.entries)).toEqual(
      Object.fromEntries(new URLSearchParams(body)),
    )
  })

  it('keeps the form body when a value holds a line break, which lines could not carry', () => {
    const body = new URLSearchParams({ PAY_ID: '1', CUST_ADDRESS: 'a\nb', HASH: 'X' }).toString()
    const linked = readLinkFragment(`#fields=${body}`)
    expect(linked).toEqual({ tool: 'hash', fields: body })
    const read = readPastedFields(body)
    expect(read.ok && read.format).toBe('form')
  })

  it('opens an ENCDATA with its PAY_ID from #encdata=', () => {
    const body = new URLSearchParams({ PAY_ID: '1000000000000001', ENCDATA: 'ab+/c=' }).toString()
    expect(readLinkFragment(`#encdata=${body}`)).toEqual({
      tool: 'encdata',
      payId: '1000000000000001',
      encdata: 'ab+/c=',
    })
  })

  it('ignores any other fragment, such as the page’s own anchors', () => {
    expect(readLinkFragment('')).toBeNull()
    expect(readLinkFragment('#hash-rule')).toBeNull()
    expect(readLinkFragment('#fields=')).toBeNull()
    expect(readLinkFragment('#encdata=PAY_ID=1')).toBeNull()
  })
})
