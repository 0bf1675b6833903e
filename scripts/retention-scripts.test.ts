import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'

/**
 * `npm run prune` and `npm run erase` as an operator runs them, against embedded PGlite in a
 * folder of their own (never the test database: DATABASE_URL is cleared for them).
 */

const run = promisify(execFile)
const dataDir = mkdtempSync(path.join(tmpdir(), 'paystra-retention-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

async function script(
  name: 'prune' | 'erase',
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', `scripts/${name}.ts`, ...args],
      {
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, ...env },
        timeout: 60_000,
      },
    )
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

describe('npm run erase', () => {
  it('refuses a missing, empty or malformed address, and unknown arguments', async () => {
    const cases: [string[], RegExp][] = [
      [[], /Missing --email/],
      [['--email'], /Give the e-mail address/],
      [['--email', 'asha'], /"asha" is not an e-mail address/],
      [['--email=asha@'], /is not an e-mail address/],
      [['--emial', 'asha@example.com'], /Unknown argument --emial/],
      [['--email', 'a@example.com', '--email', 'b@example.com'], /Give one --email/],
    ]
    for (const [args, message] of cases) {
      const result = await script('erase', args)
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr).toMatch(message)
      expect(result.stdout).toBe('')
    }
  })

  it('prints what it removed per kind', async () => {
    const result = await script('erase', ['--email', 'Asha@Example.com'])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^contact messages: 0$/m)
    expect(result.stdout).toMatch(/^job applications \(with resumes\): 0$/m)
    expect(result.stdout).toMatch(/^mails: 0$/m)
    expect(result.stdout).toMatch(/Nothing stored for asha@example\.com\./)
  })
})

describe('npm run prune', () => {
  it('refuses arguments', async () => {
    const result = await script('prune', ['--now'])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/Unknown argument --now/)
  })

  it('runs a pass and prints every kind with its count', async () => {
    const result = await script('prune', [], { RETENTION_MAIL_DAYS: '7' })
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/Kept: mail 7 days, job applications 180 days/)
    for (const kind of ['delivered mails', 'job applications', 'sandbox transactions']) {
      expect(result.stdout).toMatch(new RegExp(`^${kind}: 0$`, 'm'))
    }
    expect(result.stdout).toMatch(/Nothing was old enough to delete\./)
  })

  it('refuses clearly while a server holds the PGlite folder', async () => {
    // This test process stands for the running server.
    writeFileSync(path.join(dataDir, 'server.lock'), String(process.pid))
    try {
      for (const [name, args] of [
        ['prune', []],
        ['erase', ['--email', 'asha@example.com']],
      ] as const) {
        const result = await script(name, [...args])
        expect(result.code, name).toBe(2)
        expect(result.stderr).toMatch(new RegExp(`Another server \\(process ${process.pid}\\)`))
      }
    } finally {
      rmSync(path.join(dataDir, 'server.lock'), { force: true })
    }
  })
})
