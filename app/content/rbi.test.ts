import { describe, expect, it } from 'vitest'
import { brand, externalLinks } from '#core/brand/brand.ts'
import { rbiNotice } from './rbi.ts'

describe('RBI Kehta Hai notice', () => {
  it('proceeds to the regulator awareness site with the wording of docs/product.md#routes-and-screens', () => {
    expect(rbiNotice.bannerTitle).toBe('RBI Kehta Hai')
    expect(rbiNotice.proceed).toEqual({
      label: 'CLICK TO PROCEED',
      href: externalLinks.rbiAwareness,
    })
    expect(rbiNotice.destinationHost).toBe(new URL(externalLinks.rbiAwareness).host)
  })

  it('says the site is run by others and that the provider neither controls nor endorses it', () => {
    const notice = rbiNotice.paragraphs.join(' ')
    expect(notice).toContain('Reserve Bank of India')
    expect(notice).toContain('run by others')
    expect(notice).toContain(`${brand.name} does not control or endorse`)
  })
})
