// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { apiMessages, CAREER_API_PATH } from '#core/forms/api.ts'
import { careerSubject } from '#core/forms/career-form.ts'
import { HONEYPOT_FIELD } from '#core/forms/honeypot.ts'
import { resumeMessages } from '#core/forms/resume.ts'
import { CareerForm } from './CareerForm.tsx'

type FetchArgs = [url: string, init: RequestInit]

function respondWith(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (..._args: FetchArgs) =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }),
  )
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

afterEach(() => {
  vi.unstubAllGlobals()
})

const filled = {
  Name: 'Arjun Rao',
  Phone: '9123456780',
  Email: 'arjun.rao@mail.in',
  Message: 'Backend engineer, four years of Node.js and PostgreSQL; can join in 30 days.',
}

function field(label: string) {
  return screen.getByRole('textbox', { name: label }) as HTMLInputElement
}
const resumeInput = () => screen.getByLabelText(/^Resume/) as HTMLInputElement
const submitButton = () => screen.getByRole('button', { name: /Submit|Sending/ })
const resumeErrorText = () => document.getElementById('career-resume-error')?.textContent

const pdf = () => new File(['%PDF-1.4\n'], 'arjun-rao.pdf', { type: 'application/pdf' })

async function fillAll(user: UserEvent, file: File | null = pdf()) {
  // Pasted, one input event a field: typing every character re-rendered the form each time,
  // most of these tests' time, and the tests of typing type their own characters.
  for (const [label, value] of Object.entries(filled)) {
    await user.click(field(label))
    await user.paste(value)
  }
  if (file) await user.upload(resumeInput(), file)
}

function renderForm() {
  // A person can switch the file picker to "All files", so accept must not hide a wrong file.
  const user = userEvent.setup({ applyAccept: false })
  render(
    <>
      <h2 id="heading">Apply for a role</h2>
      <CareerForm labelledBy="heading" />
    </>,
  )
  return user
}

describe('CareerForm', () => {
  test('the resume input accepts .doc, .docx and .pdf, and the subject is preset', () => {
    renderForm()
    expect(resumeInput().type).toBe('file')
    expect(resumeInput().accept).toBe('.doc,.docx,.pdf')
    expect(screen.getByText(careerSubject)).toBeTruthy()
    expect(careerSubject).toBe('New Job Application from Paystra')
  })

  test('a chosen file is checked at once: wrong type, too large, then a good one', async () => {
    const user = renderForm()
    await user.upload(resumeInput(), new File(['MZ'], 'setup.exe'))
    expect(resumeErrorText()).toBe('Please upload valid file format')
    expect(resumeInput().getAttribute('aria-invalid')).toBe('true')

    await user.upload(resumeInput(), new File([new Uint8Array(5_000_001)], 'cv.pdf'))
    expect(resumeErrorText()).toBe('Maximum file size should be 5 MB')

    await user.upload(resumeInput(), new File([new Uint8Array(5_000_000)], 'cv.docx'))
    expect(resumeErrorText()).toBeUndefined()
    expect(resumeInput().getAttribute('aria-invalid')).toBe('false')
  })

  test('a submit without a resume asks for one and sends nothing', async () => {
    const fetchMock = respondWith(200, {})
    const user = renderForm()
    await fillAll(user, null)
    await user.click(submitButton())
    expect(resumeErrorText()).toBe(resumeMessages.empty)
    expect(screen.getByRole('status').textContent).toBe('1 field needs your attention.')
    expect(document.activeElement).toBe(resumeInput())
    expect(fetchMock).not.toHaveBeenCalled()
  })

  test('an empty submit marks all five fields, in page order', async () => {
    const user = renderForm()
    await user.click(submitButton())
    expect(screen.getByRole('status').textContent).toBe('5 fields need your attention.')
    for (const text of [
      'Please enter your Name',
      'Please enter your Phone',
      'Please enter your Email',
      'Please upload your resume',
      'Please enter your Message',
    ]) {
      expect(screen.getByText(text)).toBeTruthy()
    }
    expect(document.activeElement).toBe(field('Name'))
  })

  test('posts multipart form data with the file, its name, the subject and the honeypot', async () => {
    const fetchMock = respondWith(200, {
      RESPONSE_STATUS: 'SUCCESS',
      RESPONSE_MESSAGE: apiMessages.applicationSent,
    })
    const user = renderForm()
    const file = pdf()
    await fillAll(user, file)
    await user.click(submitButton())
    await screen.findByRole('dialog', { name: 'Application sent' })

    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe(CAREER_API_PATH)
    const body = init.body as FormData
    expect(body).toBeInstanceOf(FormData)
    expect(init.headers).not.toHaveProperty('Content-Type')
    expect([...body.keys()].sort()).toEqual(
      ['email', 'file', 'fileName', 'message', 'name', 'phone', 'subject', HONEYPOT_FIELD].sort(),
    )
    expect(body.get('name')).toBe(filled.Name)
    expect(body.get('phone')).toBe(filled.Phone)
    expect(body.get('email')).toBe(filled.Email)
    expect(body.get('message')).toBe(filled.Message)
    expect(body.get('subject')).toBe(careerSubject)
    expect(body.get('fileName')).toBe('arjun-rao.pdf')
    expect((body.get('file') as File).name).toBe('arjun-rao.pdf')
    expect((body.get('file') as File).size).toBe(file.size)
    expect(body.get(HONEYPOT_FIELD)).toBe('')
  })

  test('success locks the form until Close, which empties it, file input included', async () => {
    respondWith(200, { RESPONSE_STATUS: 'SUCCESS', RESPONSE_MESSAGE: apiMessages.applicationSent })
    const user = renderForm()
    await fillAll(user)
    await user.click(submitButton())
    const dialog = await screen.findByRole('dialog', { name: 'Application sent' })
    expect(dialog.textContent).toContain(apiMessages.applicationSent)
    expect(resumeInput().disabled).toBe(true)
    expect(field('Message').disabled).toBe(true)

    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(resumeInput().files).toHaveLength(0)
    expect(resumeInput().disabled).toBe(false)
    expect(resumeInput().hasAttribute('aria-invalid')).toBe(false)
    for (const label of Object.keys(filled)) expect(field(label).value).toBe('')
  })

  test('a 400 shows the server message for the resume on the resume field and keeps the file', async () => {
    respondWith(400, {
      RESPONSE_STATUS: 'FAILED',
      RESPONSE_MESSAGE: apiMessages.invalid,
      ERRORS: { file: resumeMessages.badFormat },
    })
    const user = renderForm()
    await fillAll(user)
    await user.click(submitButton())
    await screen.findByRole('dialog', { name: 'Application not sent' })
    expect(resumeErrorText()).toBe(resumeMessages.badFormat)

    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(document.activeElement).toBe(resumeInput())
    expect(resumeInput().files).toHaveLength(1)
    expect(field('Name').value).toBe(filled.Name)
  })

  test('a network failure opens the dialog and keeps everything typed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    )
    const user = renderForm()
    await fillAll(user)
    await user.click(submitButton())
    const dialog = await screen.findByRole('dialog', { name: 'Application not sent' })
    expect(dialog.textContent).toContain(apiMessages.networkDown)
    await user.click(screen.getByRole('button', { name: 'Close' }))
    for (const [label, value] of Object.entries(filled)) expect(field(label).value).toBe(value)
    expect(resumeInput().files?.[0]?.name).toBe('arjun-rao.pdf')
  })
})
