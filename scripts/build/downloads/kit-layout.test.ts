/**
 * The kits' layout (docs/decisions/028-kits-core-and-examples.md): core/ is the library a
 * merchant installs and never reaches into example/, the web layer the examples run on; every
 * kit archive ships both, and every file a shipped Node.js module imports.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { archivePlans, excludedNames, exampleLayerFolder, repositoryRoot } from './archive-plan.ts'
import { archiveFiles } from './zip-archive.ts'

/** How each language's source names its example layer in an import. */
const importsOfTheExampleLayer: Record<string, { extension: string; pattern: RegExp }> = {
  nodejs: { extension: '.js', pattern: /(from|import\()\s*['"][^'"]*\/example\// },
  python: { extension: '.py', pattern: /^\s*(from|import)\s+paystra_example\b/m },
  java: { extension: '.java', pattern: /^import\s+(static\s+)?com\.paystra\.examples\./m },
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => !excludedNames.has(name) && name !== 'data')
    .flatMap((name) => {
      const file = path.join(dir, name)
      return statSync(file).isDirectory() ? filesUnder(file) : [file]
    })
}

const kitDir = (language: string) => path.join(repositoryRoot, 'kits', language)

describe.each(Object.entries(importsOfTheExampleLayer))(
  'the %s kit',
  (language, { extension, pattern }) => {
    test('keeps its web layer in example/, apart from core/', () => {
      const layer = filesUnder(path.join(kitDir(language), exampleLayerFolder))
      expect(layer.filter((file) => file.endsWith(extension)).length).toBeGreaterThan(2)
    })

    test('has a core that never imports the example layer', () => {
      const core = filesUnder(path.join(kitDir(language), 'core')).filter((file) =>
        file.endsWith(extension),
      )
      expect(core.length).toBeGreaterThan(3)
      const reaching = core.filter((file) => pattern.test(readFileSync(file, 'utf8')))
      expect(reaching.map((file) => path.relative(repositoryRoot, file))).toEqual([])
    })

    const plans = archivePlans().filter(
      (plan) =>
        plan.download.href.includes('kits/') && plan.download.href.endsWith(`${language}.zip`),
    )

    test.each(plans.map((plan) => [plan.download.href, plan] as const))(
      '%s ships core/ and example/ whole',
      (_href, plan) => {
        const names = new Set(archiveFiles(plan).map((file) => file.name))
        for (const folder of ['core', exampleLayerFolder]) {
          for (const file of filesUnder(path.join(kitDir(language), folder))) {
            const name = `${plan.root}/${folder}/${path.relative(path.join(kitDir(language), folder), file)}`
            expect(names, name).toContain(name.split(path.sep).join('/'))
          }
        }
      },
    )
  },
)

describe('Node.js kit archives', () => {
  const plans = archivePlans().filter(
    (plan) => plan.download.href.includes('kits/') && plan.download.href.endsWith('nodejs.zip'),
  )

  test.each(plans.map((plan) => [plan.download.href, plan] as const))(
    '%s holds every file its modules import',
    (_href, plan) => {
      const files = archiveFiles(plan)
      const names = new Set(files.map((file) => file.name))
      const missing = files
        .filter((file) => file.name.endsWith('.js'))
        .flatMap((file) =>
          [...readFileSync(file.source, 'utf8').matchAll(/from\s+'(\.{1,2}\/[^']+)'/g)].map(
            (match) => ({
              by: file.name,
              wants: path.posix.join(path.posix.dirname(file.name), match[1]!),
            }),
          ),
        )
        .filter(({ wants }) => !names.has(wants))
      expect(missing).toEqual([])
    },
  )
})
