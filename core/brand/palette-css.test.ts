import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { logoPalette, palette } from './brand.ts'
import { customPropertyName, paletteCss, rgbChannels } from './palette-css.ts'

describe('paletteCss', () => {
  it('names each colour as the stylesheets use it', () => {
    expect(customPropertyName('brand')).toBe('--brand')
    expect(customPropertyName('brandStrong')).toBe('--brand-strong')
    expect(customPropertyName('surfaceAlt')).toBe('--surface-alt')
  })

  it('spells a colour as channels for translucent uses, and refuses what is not #rrggbb', () => {
    expect(rgbChannels('#336699')).toBe('51, 102, 153')
    expect(rgbChannels('#FFFFFF')).toBe('255, 255, 255')
    expect(() => rgbChannels('#fff')).toThrow('Not a #rrggbb colour: "#fff"')
  })

  it('declares every colour of the palette and the logo, with its value and its channels', () => {
    const css = paletteCss()
    expect(css.startsWith(':root {\n')).toBe(true)
    expect(css).toContain(`  --brand: ${palette.brand};\n`)
    expect(css).toContain(`  --mint: ${logoPalette.mint};\n`)
    for (const [name, value] of Object.entries({ ...palette, ...logoPalette })) {
      expect(css).toContain(`  ${customPropertyName(name)}: ${value};\n`)
      expect(css).toContain(`  ${customPropertyName(name)}-rgb: ${rgbChannels(value)};\n`)
    }
  })

  it('is the only place the colour properties are declared: global.css keeps no copy', () => {
    const globalCss = readFileSync(new URL('../../app/styles/global.css', import.meta.url), 'utf8')
    for (const name of Object.keys({ ...palette, ...logoPalette })) {
      expect(globalCss).not.toMatch(new RegExp(`${customPropertyName(name)}\\s*:`))
    }
  })
})
