import { describe, expect, it } from 'vitest'
import { careerSubject, validateCareerForm } from './career-form.ts'
import { RESUME_MAX_BYTES, resumeAccept, resumeError, resumeExtension } from './resume.ts'

describe('career form rules', () => {
  it('presets the subject to "New Job Application from" and the product name', () => {
    expect(careerSubject).toBe('New Job Application from Paystra')
  })

  it('validates name, phone, e-mail and message with the same messages as the contact form', () => {
    expect(validateCareerForm({}).errors).toEqual({
      name: 'Please enter your Name',
      phone: 'Please enter your Phone',
      email: 'Please enter your Email',
      message: 'Please enter your Message',
    })
    expect(
      validateCareerForm({ name: 'R2D2', phone: '123', email: 'a@b', message: '!' }).errors,
    ).toEqual({
      name: 'Please enter valid Name',
      phone: 'Please enter valid Mobile Number',
      email: 'Please enter valid Email ID',
      message: 'Please enter valid Message',
    })
    expect(
      validateCareerForm({
        name: 'Ravi Kumar',
        phone: '9123456780',
        email: 'ravi@example.com',
        message: 'I am applying for the backend role.',
      }).ok,
    ).toBe(true)
  })
})

describe('resume rules', () => {
  it('accepts .doc, .docx and .pdf in any letter case', () => {
    expect(resumeAccept).toBe('.doc,.docx,.pdf')
    expect(resumeExtension('cv.PDF')).toBe('.pdf')
    expect(resumeExtension('my.cv.docx')).toBe('.docx')
    expect(resumeExtension('cv.doc')).toBe('.doc')
    expect(resumeExtension('cv.exe')).toBeUndefined()
    expect(resumeExtension('pdf')).toBeUndefined()
    expect(resumeExtension('.pdf')).toBeUndefined()
  })

  it('says "Please upload your resume" when no file is chosen', () => {
    expect(resumeError(undefined)).toBe('Please upload your resume')
    expect(resumeError({ name: '', size: 0 })).toBe('Please upload your resume')
  })

  it('says "Please upload valid file format" for other types and empty files', () => {
    expect(resumeError({ name: 'cv.png', size: 100 })).toBe('Please upload valid file format')
    expect(resumeError({ name: 'cv.pdf', size: 0 })).toBe('Please upload valid file format')
  })

  it('allows exactly 5,000,000 bytes and says "Maximum file size should be 5 MB" above', () => {
    expect(RESUME_MAX_BYTES).toBe(5_000_000)
    expect(resumeError({ name: 'cv.pdf', size: 5_000_000 })).toBeUndefined()
    expect(resumeError({ name: 'cv.pdf', size: 5_000_001 })).toBe(
      'Maximum file size should be 5 MB',
    )
  })
})
