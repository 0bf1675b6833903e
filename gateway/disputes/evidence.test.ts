import { describe, expect, it } from 'vitest'
import { checkAnswer, decodedLength, MAX_EVIDENCE_FILE_BYTES } from './evidence.ts'
import { zipBytes } from '#tests/support/documents.ts'
import { deliveryNotePdf, tinyPng } from '#tests/support/evidence-files.ts'

const pdf = deliveryNotePdf().toString('base64')
const contest = (fields: Record<string, string> = {}) =>
  checkAnswer({ ACTION: 'CONTEST', EVIDENCE: 'Delivered and signed for.', ...fields })
const codeOf = async (result: ReturnType<typeof checkAnswer>) => {
  const checked = await result
  return checked.ok ? '000' : checked.code
}

describe('the answer to a dispute', () => {
  it('ACCEPT needs nothing else; any other action is 347', async () => {
    expect(await checkAnswer({ ACTION: 'ACCEPT', EVIDENCE: '' })).toEqual({
      ok: true,
      answer: { action: 'ACCEPT' },
    })
    for (const action of [undefined, '', 'accept', 'REFUND']) {
      expect(await codeOf(checkAnswer(action === undefined ? {} : { ACTION: action }))).toBe('347')
    }
  })

  it('CONTEST takes 1 to 5,000 characters of evidence, counted as characters', async () => {
    expect(await contest()).toEqual({
      ok: true,
      answer: { action: 'CONTEST', evidence: 'Delivered and signed for.' },
    })
    expect(await codeOf(checkAnswer({ ACTION: 'CONTEST' }))).toBe('350')
    expect(await codeOf(contest({ EVIDENCE: '   \n' }))).toBe('350')
    expect(await codeOf(contest({ EVIDENCE: '₹'.repeat(5000) }))).toBe('000')
    expect(await codeOf(contest({ EVIDENCE: '🙂'.repeat(5000) }))).toBe('000')
    expect(await codeOf(contest({ EVIDENCE: 'a'.repeat(5001) }))).toBe('350')
  })

  it('a file is a PDF, JPEG or PNG by its content, named with a matching extension', async () => {
    expect(
      await contest({ EVIDENCE_FILE: pdf, EVIDENCE_FILE_NAME: 'Delivery note (1).PDF' }),
    ).toEqual({
      ok: true,
      answer: {
        action: 'CONTEST',
        evidence: 'Delivered and signed for.',
        file: { base64: pdf, name: 'Delivery note (1).PDF' },
      },
    })
    const png = tinyPng().toString('base64')
    expect(await codeOf(contest({ EVIDENCE_FILE: png, EVIDENCE_FILE_NAME: 'receipt.png' }))).toBe(
      '000',
    )
    const jpeg = Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 0xff, 0xd9,
    ]).toString('base64')
    expect(await codeOf(contest({ EVIDENCE_FILE: jpeg, EVIDENCE_FILE_NAME: 'photo.jpeg' }))).toBe(
      '000',
    )
    for (const [file, name] of [
      [png, 'receipt.pdf'],
      [Buffer.from('Delivered on Monday').toString('base64'), 'note.pdf'],
      [pdf, undefined],
      [undefined, 'note.pdf'],
      ['', 'note.pdf'],
      ['not base64!', 'note.pdf'],
      [pdf.slice(0, -1), 'note.pdf'],
      [pdf, '../note.pdf'],
      [pdf, '.pdf'],
      [pdf, 'note'],
      [pdf, 'C:\\note.pdf'],
    ] as const) {
      const fields: Record<string, string> = {}
      if (file !== undefined) fields.EVIDENCE_FILE = file
      if (name !== undefined) fields.EVIDENCE_FILE_NAME = name
      expect(await codeOf(contest(fields)), `${name} ${file?.slice(0, 10)}`).toBe('352')
    }
  })

  it('a PDF is judged whole: a PDF header in front of a page and an archive is 352', async () => {
    const polyglot = Buffer.concat([
      Buffer.from('%PDF-1.4\n<html><body><script>alert(document.cookie)</script></body></html>\n'),
      zipBytes({ 'receipt.exe': 'MZ' }),
      Buffer.from('\n%%EOF\n'),
    ]).toString('base64')
    expect(
      await codeOf(contest({ EVIDENCE_FILE: polyglot, EVIDENCE_FILE_NAME: 'receipt.pdf' })),
    ).toBe('352')
    // The same delivery note cut short, or with bytes after its %%EOF, is no whole PDF either.
    const note = deliveryNotePdf()
    for (const file of [
      note.subarray(0, note.length - 10),
      Buffer.concat([note, Buffer.from('x')]),
    ]) {
      const fields = { EVIDENCE_FILE: file.toString('base64'), EVIDENCE_FILE_NAME: 'note.pdf' }
      expect(await codeOf(contest(fields))).toBe('352')
    }
  })

  it('a file over 2 MB is 351, judged on its Base64 length before anything is decoded', async () => {
    const largest = Buffer.alloc(MAX_EVIDENCE_FILE_BYTES).toString('base64')
    const over = Buffer.alloc(MAX_EVIDENCE_FILE_BYTES + 1).toString('base64')
    expect(decodedLength(largest)).toBe(MAX_EVIDENCE_FILE_BYTES)
    expect(decodedLength(over)).toBe(MAX_EVIDENCE_FILE_BYTES + 1)
    // Zeros are no PDF, yet the size is judged first.
    expect(await codeOf(contest({ EVIDENCE_FILE: over, EVIDENCE_FILE_NAME: 'a.pdf' }))).toBe('351')
    expect(await codeOf(contest({ EVIDENCE_FILE: largest, EVIDENCE_FILE_NAME: 'a.pdf' }))).toBe(
      '352',
    )
    expect(
      await codeOf(contest({ EVIDENCE_FILE: '!'.repeat(3_000_000), EVIDENCE_FILE_NAME: 'a.pdf' })),
    ).toBe('351')
  })
})
