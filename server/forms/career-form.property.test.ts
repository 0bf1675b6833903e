import { Readable } from 'node:stream'
import type { IncomingMessage } from 'node:http'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { readUpload, safeFileName } from '#gateway/multipart.ts'
import {
  validEmail,
  validFreeText,
  validName,
  validPhone,
  wellFormedText,
} from '#tests/support/arbitraries.ts'
import { pdfBytes } from '#tests/support/documents.ts'
import {
  type CareerField,
  careerFormRules,
  careerSubject,
  validateCareerForm,
} from '#core/forms/career-form.ts'
import { MESSAGE_MAX } from '#core/forms/fields.ts'
import { HONEYPOT_FIELD } from '#core/forms/honeypot.ts'
import { RESUME_EXTENSIONS, resumeError, resumeExtension } from '#core/forms/resume.ts'

/** A message near the cap, with line breaks: what a long cover letter looks like. */
const longMessage = fc
  .tuple(validFreeText(200), fc.constantFrom('\n', '\n\n', ' '), fc.integer({ min: 1, max: 60 }))
  .map(([paragraph, gap, times]) =>
    Array(times).fill(paragraph).join(gap).slice(0, MESSAGE_MAX).trim(),
  )
  .filter((message) => validateCareerForm({ message }).errors.message === undefined)

const validApplication = fc.record({
  name: validName,
  phone: validPhone,
  email: validEmail,
  message: fc.oneof(validFreeText(MESSAGE_MAX), longMessage),
})

/**
 * A resume's name as a person's computer gives it: any text but folders and control characters
 * (no file system hands those to a browser), then a resume extension. The browser escapes `"`.
 */
const resumeName = fc
  .tuple(
    wellFormedText(40).map((base) => base.replace(/[\\/"\p{Cc}]/gu, '')),
    fc.constantFrom(...RESUME_EXTENSIONS, '.PDF', '.Docx'),
  )
  .map(([base, extension]) => `${base.trim() || 'resume'}${extension}`)

/** Parses a FormData body as POST /api/sendCareerEmail does, with the server's limits. */
async function throughServerParser(form: FormData) {
  const encoded = new Response(form)
  const bytes = Buffer.from(await encoded.arrayBuffer())
  const req = Object.assign(Readable.from([bytes]), {
    headers: {
      'content-type': encoded.headers.get('content-type')!,
      'content-length': String(bytes.length),
    },
  }) as unknown as IncomingMessage
  return readUpload(req, { fileField: 'file', maxFileBytes: 5_000_000, maxFieldBytes: 16 * 1024 })
}

describe('a job application the form accepts', () => {
  it('round-trips through the server parser: the same text, the same file and file name', async () => {
    await fc.assert(
      fc.asyncProperty(validApplication, resumeName, async (application, fileName) => {
        const { values, ok } = validateCareerForm(application)
        expect(ok).toBe(true)
        const content = pdfBytes()
        expect(resumeError({ name: fileName, size: content.length })).toBeUndefined()
        // What CareerForm sends, in its order.
        const form = new FormData()
        for (const name of Object.keys(values) as CareerField[]) form.append(name, values[name])
        form.append('file', new Blob([new Uint8Array(content)]), fileName)
        form.append('fileName', fileName)
        form.append('subject', careerSubject)
        form.append(HONEYPOT_FIELD, '')

        const upload = await throughServerParser(form)
        expect(upload.repeated).toEqual([])
        expect(upload.file?.content.equals(content)).toBe(true)
        expect(upload.file?.fileName).toBe(fileName)
        expect(upload.fields.fileName).toBe(fileName)
        const onServer = validateCareerForm(upload.fields)
        expect(onServer.errors).toEqual({})
        expect(onServer.values).toEqual(values)
        const stored = safeFileName(upload.file!.fileName)
        expect(resumeExtension(stored)).toBe(resumeExtension(fileName))
      }),
      { numRuns: 150 },
    )
  })

  it('stays valid when typed: every field passes its own filter unchanged', () => {
    fc.assert(
      fc.property(validApplication, (application) => {
        for (const name of Object.keys(careerFormRules) as CareerField[]) {
          expect(careerFormRules[name].filter(application[name])).toBe(application[name])
        }
      }),
    )
  })
})
