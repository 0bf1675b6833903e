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

/** What the archive's copy says of itself: to its reader, who has the kit and not this repository. */
export const archivedStylesheetHeader = `/*
 * The stylesheet of the kit's example pages. Each example reads it at start from
 * example/example.css and puts it in each page's <style>. The custom properties below are the
 * brand's colours; change them to give the examples your own.
 */
`

/**
 * The stylesheet as an archive ships it: the palette's colours, and its opening comment (which
 * tells this repository's reader where the file and its colours come from) replaced by one for
 * the kit's reader.
 */
export function archivedExampleStylesheet(css: string): string {
  const branded = brandExampleStylesheet(css)
  const header = /^\/\*[\s\S]*?\*\/\n/.exec(branded)
  if (!header) throw new Error("The kits' example stylesheet no longer opens with a comment")
  return archivedStylesheetHeader + branded.slice(header[0].length)
}
