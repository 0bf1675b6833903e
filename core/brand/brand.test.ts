/**
 * The brand's colours are written out once, in brand.ts; every other file names them
 * (`var(--brand)` or `rgba(var(--brand-rgb), 0.25)` in CSS, `palette.brand` in code). Only the
 * allowed files below may hold one, as hex or as rgb() channels.
 */
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { logoPalette, palette } from './brand.ts'

const allowed: Record<string, string> = {
  'core/brand/brand.ts': 'the one place the colours are written',
  'kits/shared/example.css':
    "the kits' own copy (they ship alone), written from brand.ts into every kit archive and held to it by scripts/build/downloads/kit-brand.test.ts",
}

/** White is everybody's colour, not the brand's: `#fff` stays writable anywhere. */
const brandColours = Object.values({ ...palette, ...logoPalette }).filter(
  (colour) => colour !== '#ffffff',
)

/** `#336699` as written in CSS: the hex itself, or `rgb(51, 102, 153` / `rgba(51,102,153` before an alpha. */
function spellings(colour: string): string[] {
  const [red, green, blue] = [1, 3, 5].map((start) => parseInt(colour.slice(start, start + 2), 16))
  return [`${colour}\\b`, `rgba?\\(\\s*${red}\\s*,\\s*${green}\\s*,\\s*${blue}\\b`]
}

/** Tracked files (as they are in the working tree) holding one of the colours, in any case. */
function filesHolding(colours: readonly string[]): string[] {
  const pattern = colours.flatMap(spellings).join('|')
  try {
    return execFileSync('git', ['grep', '-l', '-I', '-i', '-E', pattern], {
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean)
  } catch (error) {
    // git grep exits with 1 when nothing matches.
    if ((error as { status?: number }).status === 1) return []
    throw error
  }
}

describe('brand colours', () => {
  const holders = filesHolding(brandColours)

  it('are found where they are written (the search works)', () => {
    expect(holders).toContain('core/brand/brand.ts')
  })

  it('are written in no other file: styles and code name them from the palette', () => {
    const strays = holders.filter((file) => !(file in allowed))
    expect(strays).toEqual([])
  })
})
