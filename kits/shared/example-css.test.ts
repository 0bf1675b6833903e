/**
 * The examples' stylesheet lives once, in kits/shared/example.css: no language's source may carry
 * a copy of its own, and every kit archive ships it where the examples look for it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import {
  archivePlans,
  excludedNames,
  exampleStylesheet,
  exampleStylesheetInArchive,
} from '#scripts/build/downloads/archive-plan.ts'
import { archiveFiles } from '#scripts/build/downloads/zip-archive.ts'
import { kitLanguageIds } from '#kits/manifest.ts'

const kitsDir = path.resolve(import.meta.dirname, '..')

/** Rules only a page stylesheet has; the shared file's own custom property is the giveaway. */
const stylesheetMarks = [/--brand-strong\s*:/, /box-sizing\s*:\s*border-box/]

function sourceFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => !excludedNames.has(name) && name !== 'data')
    .flatMap((name) => {
      const file = path.join(dir, name)
      return statSync(file).isDirectory() ? sourceFiles(file) : [file]
    })
}

function embeddedCopies(language: string): string[] {
  return sourceFiles(path.join(kitsDir, language))
    .filter((file) => stylesheetMarks.some((mark) => mark.test(readFileSync(file, 'utf8'))))
    .map((file) => path.relative(kitsDir, file))
}

describe('the examples stylesheet', () => {
  test('is kept in kits/shared/example.css', () => {
    expect(readFileSync(exampleStylesheet, 'utf8')).toMatch(stylesheetMarks[0]!)
  })

  test.each(kitLanguageIds)('%s reads it instead of carrying a copy in its source', (language) => {
    expect(embeddedCopies(language)).toEqual([])
  })

  const kitPlans = archivePlans().filter((plan) => plan.download.href.includes('kits/'))

  test('there are kit archives to check', () => {
    expect(kitPlans.length).toBeGreaterThan(0)
  })

  test.each(kitPlans.map((plan) => [plan.download.href, plan] as const))(
    '%s ships it beside the example layer, as example/example.css',
    (_href, plan) => {
      const file = archiveFiles(plan).find(
        (candidate) => candidate.name === `${plan.root}/${exampleStylesheetInArchive}`,
      )
      expect(file?.source).toBe(exampleStylesheet)
    },
  )
})
