import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { eraseMailFiles, pruneMailFiles } from './mail-files.ts'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'paystra-mail-files-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const message = (replyTo: string) =>
  [
    'From: Paystra Website <no-reply@paystra.example>',
    'To: careers@paystra.example',
    `Reply-To: ${replyTo}`,
    'Subject: Application',
    '',
    'Email: someone.else@example.com',
    '',
  ].join('\r\n')

describe('mail files of the file transport', () => {
  it('are pruned by the time in their name, just older going and just newer staying', async () => {
    const cutoff = new Date('2026-10-01T00:00:00Z')
    writeFileSync(path.join(dir, `${cutoff.getTime() - 1}-a@paystra.example.eml`), message('a'))
    writeFileSync(path.join(dir, `${cutoff.getTime() + 1}-b@paystra.example.eml`), message('b'))
    writeFileSync(path.join(dir, 'notes.txt'), 'not mail')
    expect(await pruneMailFiles(dir, cutoff)).toBe(1)
    expect(readdirSync(dir).sort()).toEqual([
      `${cutoff.getTime() + 1}-b@paystra.example.eml`,
      'notes.txt',
    ])
  })

  it('are erased when a header names the address, whatever its case, and only then', async () => {
    writeFileSync(path.join(dir, '1-a.eml'), message('Asha <Asha@Example.com>'))
    writeFileSync(path.join(dir, '2-b.eml'), message('asha@example.com'))
    writeFileSync(path.join(dir, '3-c.eml'), message('Nasha <nasha@example.com>'))
    // The address only in the body is someone else's mail mentioning it: headers decide.
    writeFileSync(
      path.join(dir, '4-d.eml'),
      message('Ravi <ravi@example.com>').replace('someone.else', 'asha'),
    )
    expect((await eraseMailFiles(dir, 'asha@example.com')).sort()).toEqual(['1-a.eml', '2-b.eml'])
    expect(readdirSync(dir).sort()).toEqual(['3-c.eml', '4-d.eml'])
  })

  it('are none when the folder does not exist', async () => {
    const missing = path.join(dir, 'mail')
    expect(await pruneMailFiles(missing, new Date())).toBe(0)
    expect(await eraseMailFiles(missing, 'asha@example.com')).toEqual([])
  })
})
