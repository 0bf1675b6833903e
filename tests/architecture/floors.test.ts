import { execFile } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The floors of .dependency-cruiser.cjs, checked three ways: the rule file refuses an import
 * against the grain, every local import of the product resolves (an unresolved one would slip
 * past every rule), and the drawing in docs/architecture.md is the graph the tool finds.
 */
const root = path.resolve(import.meta.dirname, '../..')
const depcruise = path.join(root, 'node_modules/.bin/depcruise')
const run = promisify(execFile)

/** The floors, lowest first, as the drawing names them. */
const floors = ['core', 'jobs', 'gateway', 'app', 'server', 'scripts/build', 'scripts/operator']
const floorOf = (file: string) =>
  [...floors].reverse().find((floor) => file.startsWith(`${floor}/`))
const isTest = (file: string) => /\.(test|spec)\.tsx?$/.test(file)

interface Cruise {
  modules: {
    source: string
    dependencies: { module: string; resolved: string; couldNotResolve: boolean }[]
  }[]
  summary: { violations: { rule: { name: string }; from: string; to: string }[] }
}

async function cruise(cwd: string, targets: string[]): Promise<Cruise> {
  const config = path.join(root, '.dependency-cruiser.cjs')
  const args = [...targets, '--config', config, '--output-type', 'json']
  // depcruise exits non-zero when it finds violations; its JSON is on stdout either way.
  const output = await run(depcruise, args, { cwd, maxBuffer: 64 * 1024 * 1024 }).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
  )
  return JSON.parse(output.stdout) as Cruise
}

describe('a deliberately wrong import', () => {
  let tree: string

  // A small tree of its own with the repository's subpath imports, so the real rule file is
  // tried without writing into the repository while other tests read it.
  beforeAll(() => {
    tree = mkdtempSync(path.join(tmpdir(), 'floors-'))
    const { imports } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      imports: Record<string, string>
    }
    writeFileSync(path.join(tree, 'package.json'), JSON.stringify({ type: 'module', imports }))
    cpSync(path.join(root, 'tsconfig.json'), path.join(tree, 'tsconfig.json'))
    const files: Record<string, string> = {
      'core/pricing/fees.ts':
        "import { brand } from '#app/content/brand-copy.ts'\nexport const x = brand\n",
      'app/content/brand-copy.ts': "export const brand = 'x'\n",
      'gateway/views/layout.ts': "import { y } from '#server/config.ts'\nexport const z = y\n",
      'server/config.ts':
        "import { brand } from '#app/content/brand-copy.ts'\nexport const y = brand\n",
      'app/guides/load.ts': "import { q } from '#scripts/build/pdf/frame.ts'\nexport const r = q\n",
      'scripts/build/pdf/frame.ts': 'export const q = 1\n',
      'core/protocol/hash.test.ts': "import { y } from '#server/config.ts'\nexport const t = y\n",
      // A test is held to its floor: tests/support, yes; a higher floor, kits/ or tests/e2e, no.
      'server/app.test.ts':
        "import { q } from '#scripts/build/pdf/frame.ts'\nimport { s } from '#tests/support/s.ts'\n" +
        "import { e } from '#tests/e2e/e.ts'\nexport const t = [q, s, e]\n",
      'app/guides/load.test.ts': "import { k } from '#kits/manifest.ts'\nexport const t = k\n",
      'tests/support/s.ts': 'export const s = 1\n',
      'tests/e2e/e.ts': 'export const e = 1\n',
      'kits/manifest.ts': 'export const k = 1\n',
      // Beside the product, tests/ may import any floor.
      'tests/security/s.test.ts':
        "import { q } from '#scripts/build/pdf/frame.ts'\nexport const t = q\n",
    }
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(tree, file)), { recursive: true })
      writeFileSync(path.join(tree, file), text)
    }
  })
  afterAll(() => rmSync(tree, { recursive: true, force: true }))

  it('fails the rule for each arrow against the grain and passes the ones with it', async () => {
    const result = await cruise(tree, ['core', 'app', 'gateway', 'server', 'scripts', 'tests'])
    const found = result.summary.violations.map((v) => `${v.from} → ${v.to} (${v.rule.name})`)
    expect(found.sort()).toEqual(
      [
        'app/guides/load.ts → scripts/build/pdf/frame.ts (app-imports-only-below)',
        'app/guides/load.test.ts → kits/manifest.ts (app-imports-only-below)',
        'core/pricing/fees.ts → app/content/brand-copy.ts (core-imports-only-below)',
        'core/protocol/hash.test.ts → server/config.ts (core-imports-only-below)',
        'server/app.test.ts → scripts/build/pdf/frame.ts (server-imports-only-below)',
        'server/app.test.ts → tests/e2e/e.ts (tests-import-support-only)',
        'gateway/views/layout.ts → server/config.ts (gateway-imports-only-below)',
      ].sort(),
    )
  })
})

describe('the repository', () => {
  let result: Cruise

  beforeAll(async () => {
    result = await cruise(root, ['.'])
  }, 60_000)

  it('has no import against the grain', () => {
    expect(result.summary.violations.map((v) => `${v.from} → ${v.to}`)).toEqual([])
  })

  it('resolves every import of its own files, so no arrow escapes the rules', () => {
    const unresolved = result.modules.flatMap((m) =>
      m.dependencies
        .filter((d) => d.couldNotResolve && /^[.#]/.test(d.module))
        .map((d) => `${m.source} → ${d.module}`),
    )
    expect(unresolved).toEqual([])
    // The cruise really follows the subpath imports: the gateway's pages reach the brand in core.
    const layout = result.modules.find((m) => m.source === 'gateway/views/layout.ts')
    expect(layout?.dependencies.map((d) => d.resolved)).toContain('core/brand/brand.ts')
  })

  it('is drawn in docs/architecture.md as the tool finds it, with no arrow from a lower floor up', () => {
    const edges = new Set<string>()
    for (const module of result.modules) {
      const from = floorOf(module.source)
      if (!from || isTest(module.source)) continue
      for (const dependency of module.dependencies) {
        const to = floorOf(dependency.resolved)
        if (to && to !== from) edges.add(`${from} --> ${to}`)
      }
    }
    for (const edge of edges) {
      const [from, to] = edge.split(' --> ') as [string, string]
      expect(floors.indexOf(to), edge).toBeLessThan(floors.indexOf(from))
    }
    const architecture = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8')
    const drawing = /```mermaid\n(flowchart BT\n[\s\S]*?)```/.exec(architecture)?.[1] ?? ''
    const drawn = drawing
      .split('\n')
      .slice(1)
      .map((line) => line.trim().replace(/"/g, ''))
      .filter((line) => line.includes('-->'))
    expect(drawn.sort()).toEqual([...edges].sort())
  })
})
