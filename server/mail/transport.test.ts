import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fileTransport } from './transport.ts'

const message = (subject: string) => ({
  from: 'Paystra Website <no-reply@paystra.example>',
  to: 'contact@paystra.example',
  subject,
  text: 'Hello',
  messageId: `<${subject}@paystra.example>`,
})

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'paystra-mail-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

describe('fileTransport', () => {
  it('writes each mail as an .eml file, making the folder for the first', async () => {
    const mailDir = path.join(dir, 'data/mail')
    const transport = fileTransport(mailDir)
    await transport.send(message('one'))
    await transport.send(message('two'))
    const files = (await readdir(mailDir)).sort()
    expect(files).toHaveLength(2)
    expect(files[0]).toMatch(/^\d+-one@paystra\.example\.eml$/)
    const text = await readFile(path.join(mailDir, files[0]!), 'utf8')
    expect(text).toContain('Subject: one')
    expect(text).toContain('Message-ID: <one@paystra.example>')
  })

  it('makes the folder again when it was removed while the server runs', async () => {
    const mailDir = path.join(dir, 'mail')
    const transport = fileTransport(mailDir)
    await transport.send(message('before'))
    await rm(mailDir, { recursive: true })
    await transport.send(message('after'))
    expect(await readdir(mailDir)).toEqual([expect.stringMatching(/-after@paystra\.example\.eml$/)])
  })

  it('tries to make the folder again after it could not', async () => {
    const blocker = path.join(dir, 'blocked')
    await writeFile(blocker, 'a file where the folder should be')
    const transport = fileTransport(path.join(blocker, 'mail'))
    await expect(transport.send(message('refused'))).rejects.toThrow(/ENOTDIR|EEXIST/)
    await rm(blocker)
    await transport.send(message('accepted'))
    expect(await readdir(path.join(blocker, 'mail'))).toHaveLength(1)
  })
})
