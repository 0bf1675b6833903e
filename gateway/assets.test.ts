import { describe, expect, it } from 'vitest'
import { palette } from '#core/brand/brand.ts'
import { paletteCss } from '#core/brand/palette-css.ts'
import { loadAssets } from './assets.ts'

describe('loadAssets', () => {
  const assets = loadAssets()

  it("puts the brand's colour properties before the stylesheet, which only names them", () => {
    expect(assets.css.body.startsWith(paletteCss())).toBe(true)
    const ownRules = assets.css.body.slice(paletteCss().length)
    expect(ownRules).toContain('--gw-brand: var(--brand);')
    expect(ownRules.toLowerCase()).not.toContain(palette.brand)
  })

  it('draws the icon in the brand colour', () => {
    expect(assets.icon.body).toContain(`fill="${palette.brand}"`)
    expect(assets.icon.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
  })
})
