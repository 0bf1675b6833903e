/**
 * The colour custom properties every stylesheet uses (`var(--brand)`), written from the brand's
 * palette so no stylesheet keeps a copy of it: the site gets them from the Vite plugin below,
 * the gateway sandbox's stylesheet from gateway/assets.ts.
 */
import { logoPalette, palette } from './brand.ts'

export const siteColours = { ...palette, ...logoPalette } as const

export type ColourName = keyof typeof siteColours

/** `brandStrong` → `--brand-strong`. */
export function customPropertyName(name: string): string {
  return `--${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`
}

/** `#336699` → `51, 102, 153`. */
export function rgbChannels(hex: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) throw new Error(`Not a #rrggbb colour: "${hex}"`)
  return [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16)).join(', ')
}

/**
 * A `:root` rule declaring each colour twice: `--brand` as it is, and `--brand-rgb` as its
 * channels, for the translucent uses (`rgba(var(--brand-rgb), 0.25)`). That stays a legacy
 * rgba() colour, so gradients through it blend as before; color-mix() would not.
 */
export function paletteCss(colours: Record<string, string> = siteColours): string {
  const declarations = Object.entries(colours).map(([name, value]) => {
    const property = customPropertyName(name)
    return `  ${property}: ${value};\n  ${property}-rgb: ${rgbChannels(value)};\n`
  })
  return `:root {\n${declarations.join('')}}\n`
}
