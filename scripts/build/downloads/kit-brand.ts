/**
 * The brand facts a kit carries, written from core/brand/brand.ts when its archive is built.
 * A kit ships alone, so it keeps its own copy: the examples' stylesheet declares the brand's
 * colours as custom properties of its own names. The repository's copy (kits/shared/example.css,
 * what the examples read when run from here) must already hold what the builder writes;
 * kit-brand.test.ts fails when it drifts.
 */
import { palette } from '#core/brand/brand.ts'

/** The stylesheet's custom properties that carry a brand colour, and which colour each one is. */
export const exampleStylesheetColours = {
  '--brand': 'brand',
  '--brand-strong': 'brandStrong',
  '--soft': 'brandSoft',
  '--ink': 'ink',
  '--ok': 'success',
  '--bad': 'danger',
} as const satisfies Record<string, keyof typeof palette>

/** The stylesheet with each brand colour property set to the palette's value. */
export function brandExampleStylesheet(css: string): string {
  let branded = css
  for (const [property, colour] of Object.entries(exampleStylesheetColours)) {
    const declaration = new RegExp(`(^\\s*${property}\\s*:\\s*)[^;]+;`, 'm')
    if (!declaration.test(branded)) {
      throw new Error(`The kits' example stylesheet no longer declares ${property}`)
    }
    branded = branded.replace(declaration, `$1${palette[colour]};`)
  }
  return branded
}
