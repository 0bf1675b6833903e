import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DataDirLockedError, lockDataDir } from './data-lock.ts'

describe('lockDataDir', () => {
  it('takes the lock, and gives it back on release', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lock-'))
    const release = lockDataDir(dir)
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid))
    release()
    expect(() => readFileSync(path.join(dir, 'server.lock'))).toThrow()
  })

  it('refuses a folder held by another live process', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lock-'))
    writeFileSync(path.join(dir, 'server.lock'), String(process.ppid))
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError)
    expect(() => lockDataDir(dir)).toThrow(`process ${process.ppid}`)
  })

  it('takes over a lock left by a process that has ended', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lock-'))
    writeFileSync(path.join(dir, 'server.lock'), '999999999')
    expect(() => lockDataDir(dir)()).not.toThrow()
  })
})
