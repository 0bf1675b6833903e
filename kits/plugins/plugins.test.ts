/**
 * Each plugin exactly as its archive ships it (staged from the archive plan): every PHP file
 * passes `php -l`, and the plugin's own tests of its gateway class pass on the platform stand-ins.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { archivePlans } from '#scripts/build/downloads/archive-plan.ts'
import { stageArchive } from '#scripts/build/downloads/zip-archive.ts'
import { onPath } from '#kits/harness/processes.ts'

const runner = path.resolve(import.meta.dirname, 'run-tests.php')
const plans = archivePlans().filter((plan) => plan.download.href.startsWith('/downloads/plugins/'))

describe('e-commerce plugins as shipped', () => {
  let dir: string
  beforeAll(() => {
    if (!onPath('php')) throw new Error('The plugin tests need php on PATH (.ci/run installs it)')
    dir = mkdtempSync(path.join(tmpdir(), 'plugins-'))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  test.each(plans.map((plan) => [plan.download.label, plan] as const))(
    '%s lints clean and passes its tests',
    (_label, plan) => {
      const staged = stageArchive(plan, path.join(dir, path.basename(plan.download.href, '.zip')))
      const result = spawnSync('php', [runner, '--staged', staged], { encoding: 'utf8' })
      const output = `${result.stdout}${result.stderr}`
      expect(result.status, output).toBe(0)
      expect(output).toMatch(/php -l: \d+ files, 0 with errors/)
      expect(output).toMatch(/(\d+) tests, \1 passed, 0 failed/)
    },
  )
})
