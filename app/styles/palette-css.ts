/**
 * The colour custom properties every stylesheet uses (`var(--brand)`), written from the brand's
 * palette so no stylesheet keeps a copy of it: the site gets them from the Vite plugin below,
 * the gateway sandbox's stylesheet from gateway/assets.ts.
 */
import { logoPalette, palette } from '../content/brand.ts'

export const siteColours = { ...palette, ...logoPalette } as const

export type ColourName = keyof typeof siteColours

/** `brandStrong` → `--brand-strong`. */
export function customPropertyName(name: string): string {
  return `--${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`
}

/** A `:root` rule declaring one custom property per colour. */
export function paletteCss(colours: Record<string, string> = siteColours): string {
  const declarations = Object.entries(colours).map(
    ([name, value]) => `  ${customPropertyName(name)}: ${value};\n`,
  )
  return `:root {\n${declarations.join('')}}\n`
}
