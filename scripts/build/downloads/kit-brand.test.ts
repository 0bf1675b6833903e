import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { palette } from '#core/brand/brand.ts'
import { archivePlans, exampleStylesheet, exampleStylesheetInArchive } from './archive-plan.ts'
import { brandExampleStylesheet, exampleStylesheetColours } from './kit-brand.ts'
import { archivedContent, archiveFiles } from './zip-archive.ts'

const declarations = (values: Record<string, string>) =>
  `:root {\n${Object.entries(values)
    .map(([property, value]) => `  ${property}: ${value};\n`)
    .join('')}}\n`

describe("the kits' example stylesheet", () => {
  test('gets each brand colour property from the palette, and keeps the rest', () => {
    const stale = Object.fromEntries(
      Object.keys(exampleStylesheetColours).map((property) => [property, '#000000']),
    )
    const css = declarations({ ...stale, '--line': '#dcdfeb' }) + 'body { color: var(--ink); }\n'
    const branded = brandExampleStylesheet(css)
    expect(branded).toContain(`  --brand: ${palette.brand};\n`)
    expect(branded).toContain(`  --brand-strong: ${palette.brandStrong};\n`)
    expect(branded).toContain(`  --soft: ${palette.brandSoft};\n`)
    expect(branded).toContain(`  --bad: ${palette.danger};\n`)
    expect(branded).toContain('  --line: #dcdfeb;\n')
    expect(branded).toContain('body { color: var(--ink); }')
    expect(branded).not.toContain('#000000')
  })

  test('refuses a stylesheet that no longer declares a brand colour property', () => {
    expect(() => brandExampleStylesheet(declarations({ '--brand': '#000000' }))).toThrow(
      /no longer declares --brand-strong/,
    )
  })

  test("in the repository already holds the palette's colours (what the examples read when run from here)", () => {
    const source = readFileSync(exampleStylesheet, 'utf8')
    expect(brandExampleStylesheet(source)).toBe(source)
  })

  const kitPlans = archivePlans().filter((plan) => plan.download.href.includes('kits/'))

  test.each(kitPlans.map((plan) => [plan.download.href, plan] as const))(
    '%s ships it written from the palette',
    (_href, plan) => {
      const file = archiveFiles(plan).find(
        (candidate) => candidate.name === `${plan.root}/${exampleStylesheetInArchive}`,
      )!
      const shipped = archivedContent(file, null).toString('utf8')
      expect(shipped).toBe(brandExampleStylesheet(readFileSync(exampleStylesheet, 'utf8')))
      expect(shipped).toContain(`--brand: ${palette.brand};`)
      // Its reader has the kit, not this repository: its comment names no repository file.
      expect(shipped).not.toMatch(/kits\/shared|core\/brand|scripts\/build/)
    },
  )
})
