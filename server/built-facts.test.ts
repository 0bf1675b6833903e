import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { factsDrift, writeBuiltFacts } from './built-facts.ts'

const folder = mkdtempSync(path.join(tmpdir(), 'built-facts-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

describe('the sandbox settings the pages were built with', () => {
  it('name nothing when the server runs with the same settings', () => {
    const file = path.join(folder, 'same.json')
    writeBuiltFacts(file, { SANDBOX_SETTLE_DELAY_MS: '5000' })
    expect(factsDrift(file, { SANDBOX_SETTLE_DELAY_MS: '5000' })).toEqual([])
  })

  it('name each fact a different setting changes, with what the pages say and what runs', () => {
    const file = path.join(folder, 'other.json')
    writeBuiltFacts(file, { SANDBOX_SETTLE_DELAY_MS: '5000', SITE_URL: 'https://pay.example' })
    expect(factsDrift(file, { SITE_URL: 'https://pay.example' })).toEqual([
      {
        name: 'SETTLE_DELAY',
        built: '30 seconds by default (`SANDBOX_SETTLE_DELAY_MS`); this sandbox: 5 seconds',
        running: '30 seconds (`SANDBOX_SETTLE_DELAY_MS`)',
      },
    ])
  })

  it('say nothing for a build made before the facts were written', () => {
    expect(factsDrift(path.join(folder, 'missing.json'), {})).toEqual([])
  })
})
