import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { safeFileName } from '#gateway/multipart.ts'
import { anyText, isWellFormed, wellFormedText } from '#tests/support/arbitraries.ts'
import {
  RESUME_EXTENSIONS,
  RESUME_MAX_BYTES,
  resumeError,
  resumeExtension,
  resumeMessages,
} from '#core/forms/resume.ts'

const extension = fc.constantFrom(
  ...RESUME_EXTENSIONS,
  '.PDF',
  '.DocX',
  '.exe',
  '.png',
  '.pdf.exe',
  '',
)
const fileName = fc.tuple(anyText(30), extension).map(([base, ending]) => base + ending)
const size = fc.oneof(
  fc.integer({ min: 0, max: 10 }),
  fc.integer({ min: 0, max: RESUME_MAX_BYTES * 2 }),
  fc.integer({ min: RESUME_MAX_BYTES - 2, max: RESUME_MAX_BYTES + 2 }),
)

describe('resume rules', () => {
  it('find an extension only among .doc, .docx and .pdf, in any letter case, after a name', () => {
    fc.assert(
      fc.property(fileName, (name) => {
        const found = resumeExtension(name)
        if (found === undefined) return
        expect(RESUME_EXTENSIONS).toContain(found)
        expect(name.toLowerCase().endsWith(found)).toBe(true)
        expect(name.length).toBeGreaterThan(found.length)
      }),
    )
  })

  it('judge a file by its name first, then its size, with one message each', () => {
    fc.assert(
      fc.property(fileName, size, (name, bytes) => {
        const error = resumeError({ name, size: bytes })
        if (name === '') expect(error).toBe(resumeMessages.empty)
        else if (!resumeExtension(name)) expect(error).toBe(resumeMessages.badFormat)
        else if (bytes > RESUME_MAX_BYTES) expect(error).toBe(resumeMessages.tooLarge)
        else if (bytes === 0) expect(error).toBe(resumeMessages.badFormat)
        else expect(error).toBeUndefined()
      }),
    )
  })
})

describe('the name the server stores (safeFileName)', () => {
  it('holds no folder, no control character and none of " < > | : * ?, at most 120 characters', () => {
    fc.assert(
      fc.property(fc.oneof(fileName, anyText(300)), (name) => {
        const stored = safeFileName(name)
        expect(stored).not.toMatch(/[\\/"<>|:*?]/)
        for (const char of stored) expect(char < ' ' || char === '\u007f').toBe(false)
        expect(Array.from(stored).length).toBeLessThanOrEqual(124)
        expect(stored).toBe(stored.trim())
        expect(safeFileName(stored)).toBe(stored)
      }),
    )
  })

  it('keeps the resume extension of every name the browser accepts, so both agree', () => {
    fc.assert(
      fc.property(
        fc.tuple(wellFormedText(200), fc.constantFrom(...RESUME_EXTENSIONS, '.PDF')),
        ([base, ending]) => {
          const name = base.replace(/[\\/]/g, '') + ending
          if (resumeError({ name, size: 1 }) !== undefined) return
          expect(resumeExtension(safeFileName(name))).toBe(resumeExtension(name))
        },
      ),
    )
  })

  it('never halves a character: a well-formed name stays well-formed', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          wellFormedText(400),
          fc.string({ unit: fc.constantFrom('😀', 'a', 'नाम'), minLength: 60, maxLength: 200 }),
        ),
        (name) => {
          expect(isWellFormed(safeFileName(`${name}.pdf`))).toBe(true)
        },
      ),
    )
  })

  it('drops the folders of a path, with either separator', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('..', '.', 'etc', 'C:', 'Users', ''), { maxLength: 5 }),
        fc.constantFrom('/', '\\'),
        fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 _-]{0,19}\.pdf$/),
        (folders, separator, name) => {
          expect(safeFileName([...folders, name].join(separator))).toBe(name)
        },
      ),
    )
  })
})
