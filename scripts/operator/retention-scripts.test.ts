import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from '#server/db/database.ts'
import { saveContactMessage } from '#server/forms/submissions.ts'

/**
 * `npm run prune` and `npm run erase` as an operator runs them, against embedded PGlite in a
 * folder of their own (never the test database: DATABASE_URL is cleared for them).
 */

const run = promisify(execFile)
const dataDir = mkdtempSync(path.join(tmpdir(), 'paystra-retention-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
// Each case's mail files are its own, whether it passed or not.
afterEach(() => rmSync(path.join(dataDir, 'mail'), { recursive: true, force: true }))

/**
 * Slow by nature: each script is a new Node process that opens PGlite and applies the migrations,
 * 8 to 15 s on a busy 2-core machine, and a case runs up to three of them.
 */
const SCRIPT_CASE_MS = 120_000

async function script(
  name: 'prune' | 'erase',
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', `scripts/operator/${name}.ts`, ...args],
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

describe('npm run erase', { timeout: SCRIPT_CASE_MS }, () => {
  // Every refusal of the parser is unit-tested (erase-args.test.ts); this one shows how the
  // command reports them: one line on stderr, nothing on stdout, exit code 2.
  it('refuses a malformed address with exit code 2 and one line, before opening anything', async () => {
    const result = await script('erase', ['--email', 'asha'])
    expect(result.code).toBe(2)
    expect(result.stderr.trim()).toBe('"asha" is not an e-mail address')
    expect(result.stdout).toBe('')
  })

  it('erases the address’s records and mail files and prints them per kind, with their ids', async () => {
    // What the server stored and "sent" before it was stopped.
    const store = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') })
    const addresses = {
      from: 'no-reply@paystra.example',
      contactInbox: 'contact@paystra.example',
      careersInbox: 'careers@paystra.example',
    }
    const message = { company: 'Traders', phone: '9876543210', subject: 'Pricing', message: 'Hi' }
    const id = await saveContactMessage(
      store.db,
      { ...message, name: 'Asha', email: 'asha@example.com' },
      undefined,
      addresses,
    )
    await saveContactMessage(
      store.db,
      { ...message, name: 'Ravi', email: 'ravi@example.com' },
      undefined,
      addresses,
    )
    await store.close()
    mkdirSync(path.join(dataDir, 'mail'))
    writeFileSync(
      path.join(dataDir, 'mail', '1-a.eml'),
      'Reply-To: Asha <asha@example.com>\r\n\r\nHi',
    )
    writeFileSync(
      path.join(dataDir, 'mail', '2-b.eml'),
      'Reply-To: Ravi <ravi@example.com>\r\n\r\nHi',
    )

    const result = await script('erase', ['--email', 'Asha@Example.com'])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout).toContain(`contact messages: 1 (${id})`)
    expect(result.stdout).toMatch(/^job applications \(with resumes\): 0$/m)
    expect(result.stdout).toMatch(/^mails: 1 \(\d+\)$/m)
    expect(result.stdout).toMatch(/^mail files: 1 \(1-a\.eml\)$/m)
    expect(result.stdout).toMatch(/Erased 3 records of asha@example\.com\./)
    expect(existsSync(path.join(dataDir, 'mail', '2-b.eml'))).toBe(true)

    const again = await script('erase', ['--email', 'asha@example.com'])
    expect(again.stdout).toMatch(/^contact messages: 0$/m)
    expect(again.stdout).toMatch(/Nothing stored for asha@example\.com\./)
  })
})

describe('npm run prune', { timeout: SCRIPT_CASE_MS }, () => {
  it('refuses arguments', async () => {
    const result = await script('prune', ['--now'])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/Unknown argument --now/)
  })

  it('runs a pass and prints every kind with its count', async () => {
    const mailDir = path.join(dataDir, 'mail')
    const day = 24 * 60 * 60 * 1000
    mkdirSync(mailDir, { recursive: true })
    writeFileSync(path.join(mailDir, `${Date.now() - 8 * day}-old.eml`), 'Subject: old\r\n\r\n')
    writeFileSync(path.join(mailDir, `${Date.now() - 6 * day}-new.eml`), 'Subject: new\r\n\r\n')
    const result = await script('prune', [], { RETENTION_MAIL_DAYS: '7' })
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/Kept: mail 7 days, job applications 180 days/)
    for (const kind of ['delivered mails', 'job applications', 'sandbox transactions']) {
      expect(result.stdout).toMatch(new RegExp(`^${kind}: 0$`, 'm'))
    }
    expect(result.stdout).toMatch(/^mail files: 1$/m)
    expect(result.stdout).toMatch(/Deleted 0 rows and 1 file\./)
    expect(readdirSync(mailDir)).toEqual([expect.stringMatching(/-new\.eml$/)])

    const again = await script('prune', [], { RETENTION_MAIL_DAYS: '7' })
    expect(again.stdout).toMatch(/Nothing was old enough to delete\./)
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
