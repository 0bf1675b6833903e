import { contact, socialLinks } from '#core/brand/brand.ts'
import { careerFormPage, careerSubject, resumeField } from '#app/content/career-form-page.ts'
import { resultHeadings } from '#app/content/forms.ts'
import { apiMessages, CAREER_API_PATH } from '#core/forms/api.ts'
import { HONEYPOT_FIELD } from '#core/forms/honeypot.ts'
import { resumeMessages } from '#core/forms/resume.ts'
import type { Page } from '@playwright/test'
import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures.ts'
import { apiPattern, forgiveFailedRequests, holdRequests } from './form-support.ts'

test.describe('Job application page', () => {
  test.beforeEach(async ({ page }) => {
    await gotoHydrated(page, '/career-form')
  })

  test('has the application fields with labels, limits and the resume rules', async ({ page }) => {
    await expect(page.locator('main h1')).toHaveText(careerFormPage.title)
    const form = page.getByRole('form', { name: careerFormPage.form.heading })
    // Role queries use the accessible name, which leaves out the aria-hidden asterisk.
    const field = (name: string) => form.getByRole('textbox', { name, exact: true })
    const resume = form.locator('#career-resume')
    await expect(resume).toHaveAccessibleName('Resume')
    for (const control of [
      field('Name'),
      field('Phone'),
      field('Email'),
      resume,
      field('Message'),
    ]) {
      await expect(control).toHaveAttribute('required', '')
      await expect(control).toHaveAttribute('aria-required', 'true')
    }
    await expect(form.locator('label [aria-hidden="true"]')).toHaveText(['*', '*', '*', '*', '*'])
    await expect(field('Name')).toHaveAttribute('maxlength', '50')
    await expect(field('Email')).toHaveAttribute('maxlength', '50')
    await expect(field('Phone')).toHaveAttribute('maxlength', '10')
    await expect(field('Phone')).toHaveAttribute('inputmode', 'numeric')
    await expect(field('Message')).toHaveAttribute('rows', '5')

    await expect(resume).toHaveAttribute('type', 'file')
    await expect(resume).toHaveAttribute('accept', '.doc,.docx,.pdf')
    await expect(resume).toHaveAccessibleDescription('DOC, DOCX or PDF, up to 5 MB')
    await resume.setInputFiles({
      name: 'resume.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n'),
    })
    await expect(resume).toHaveJSProperty('files.length', 1)
  })

  test('shows the preset subject and sends it with the form', async ({ page }) => {
    expect(careerSubject).toBe('New Job Application from Paystra')
    const form = page.locator('.career-form')
    await expect(form.locator('.form-subject')).toContainText(careerSubject)
    await expect(form.locator('input[type="hidden"][name="subject"]')).toHaveValue(careerSubject)
  })

  test('the GET IN TOUCH panel shows the HR e-mail, two phones, exact hours and social links', async ({
    page,
  }) => {
    const panel = page.getByRole('complementary', { name: 'GET IN TOUCH' })
    await expect(panel.getByRole('heading', { level: 2 })).toHaveText('GET IN TOUCH')
    await expect(panel.getByRole('link', { name: contact.hrEmail })).toHaveAttribute(
      'href',
      `mailto:${contact.hrEmail}`,
    )
    await expect(panel.locator('a[href^="tel:"]')).toHaveCount(2)
    for (const phone of contact.phones) {
      await expect(panel.getByRole('link', { name: phone.display })).toHaveAttribute(
        'href',
        `tel:${phone.tel}`,
      )
    }
    await expect(panel.getByText('Mon - Sat 09:30 - 18:00', { exact: true })).toBeVisible()
    for (const link of socialLinks) {
      await expect(panel.getByRole('link', { name: link.label })).toHaveAttribute(
        'target',
        '_blank',
      )
    }
  })
})

const filled = {
  Name: 'Arjun Rao',
  Phone: '9123456780',
  Email: 'arjun.rao@mail.in',
  Message: 'Backend engineer with four years of Node.js and PostgreSQL; I can join in 30 days.',
}

/** A small but real PDF: the server checks the content, not only the name. */
const resumePdf = {
  name: 'arjun-rao-resume.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  ),
}

const careerApi = apiPattern(CAREER_API_PATH)

declare global {
  interface Window {
    __sentForms?: Record<string, string>[]
  }
}

/** Runs in the page: notes each FormData given to fetch, files as "file:name:size". */
function recordFormData() {
  const original = window.fetch.bind(window)
  window.__sentForms = []
  window.fetch = (input, init) => {
    if (init?.body instanceof FormData) {
      const entries: Record<string, string> = {}
      for (const [key, value] of init.body.entries()) {
        entries[key] = typeof value === 'string' ? value : `file:${value.name}:${value.size}`
      }
      window.__sentForms?.push(entries)
    }
    return original(input, init)
  }
}

function careerForm(page: Page) {
  const form = page.getByRole('form', { name: careerFormPage.form.heading })
  return {
    form,
    field: (name: string) => form.getByRole('textbox', { name, exact: true }),
    resume: form.locator('#career-resume'),
    resumeError: form.locator('#career-resume-error'),
    submit: form.getByRole('button', { name: /^(Submit|Sending…)$/ }),
    status: form.getByRole('status'),
    errorOf: (name: string) => form.locator(`#career-${name}-error`),
  }
}

async function fillAll(page: Page, file: typeof resumePdf | null = resumePdf) {
  const { field, resume } = careerForm(page)
  for (const [label, value] of Object.entries(filled)) await field(label).fill(value)
  if (file) await resume.setInputFiles(file)
}

test.describe('Job application form: typing and checking', () => {
  test.beforeEach(async ({ page }) => {
    await gotoHydrated(page, '/career-form')
  })

  test('filters the name and phone as typed and checks each field on blur', async ({ page }) => {
    const { field, errorOf } = careerForm(page)
    await field('Name').pressSequentially('Arjun R40!')
    await expect(field('Name')).toHaveValue('Arjun R')
    await field('Phone').pressSequentially('91234 567801')
    await expect(field('Phone')).toHaveValue('9123456780')
    await field('Email').pressSequentially('arjun@@mail.in')
    await expect(field('Email')).toHaveValue('arjun@mail.in')

    for (const [label, name, message] of [
      ['Name', 'name', 'Please enter your Name'],
      ['Phone', 'phone', 'Please enter your Phone'],
      ['Email', 'email', 'Please enter your Email'],
      ['Message', 'message', 'Please enter your Message'],
    ] as const) {
      await field(label).fill('')
      await field(label).blur()
      await expect(errorOf(name)).toHaveText(message)
    }
    await field('Phone').fill('91234')
    await field('Phone').blur()
    await expect(errorOf('phone')).toHaveText('Please enter valid Mobile Number')
    await field('Email').fill('arjun@mail')
    await field('Email').blur()
    await expect(errorOf('email')).toHaveText('Please enter valid Email ID')
    await field('Email').pressSequentially('.in')
    await expect(errorOf('email')).toHaveCount(0)
    await field('Email').blur()
    await expect(field('Email')).toHaveAttribute('aria-invalid', 'false')
  })

  test('the resume must be a .doc, .docx or .pdf of at most 5 MB', async ({ page }) => {
    const { resume, resumeError } = careerForm(page)
    await resume.setInputFiles({
      name: 'setup.exe',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('MZ'),
    })
    await expect(resumeError).toHaveText('Please upload valid file format')
    await expect(resume).toHaveAttribute('aria-invalid', 'true')
    await expect(resume).toHaveAccessibleDescription(
      `${resumeField.hint} Please upload valid file format`,
    )

    await resume.setInputFiles({
      name: 'cv.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(5_000_001),
    })
    await expect(resumeError).toHaveText('Maximum file size should be 5 MB')

    await resume.setInputFiles({
      name: 'cv.docx',
      mimeType: 'application/octet-stream',
      buffer: Buffer.alloc(5_000_000),
    })
    await expect(resumeError).toHaveCount(0)
    await expect(resume).toHaveAttribute('aria-invalid', 'false')
  })

  test('Submit without a resume asks for one, sends nothing and focuses the resume field', async ({
    page,
  }) => {
    let requests = 0
    await page.route(careerApi, (route) => {
      requests += 1
      return route.abort()
    })
    const { resume, resumeError, submit, status } = careerForm(page)
    await fillAll(page, null)
    await submit.click()
    await expect(resumeError).toHaveText(resumeMessages.empty)
    await expect(status).toHaveText('1 field needs your attention.')
    await expect(resume).toBeFocused()
    expect(requests).toBe(0)
    await expectNoAxeViolations(page)
  })
})

test.describe('Job application form: sending', () => {
  test('sends the application to the real API, and Close resets the form and the file', async ({
    page,
  }) => {
    await page.addInitScript(recordFormData)
    await gotoHydrated(page, '/career-form')
    const { field, resume, submit } = careerForm(page)
    await fillAll(page)
    const posted = page.waitForRequest(
      (request) => request.url().endsWith(CAREER_API_PATH) && request.method() === 'POST',
    )
    await submit.click()
    const request = await posted
    expect(request.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    // Chromium does not expose a body holding a file, so the page records what it handed fetch.
    const sent = await page.evaluate(() => window.__sentForms?.[0])
    expect(sent).toEqual({
      name: filled.Name,
      phone: filled.Phone,
      email: filled.Email,
      message: filled.Message,
      file: `file:${resumePdf.name}:${resumePdf.buffer.length}`,
      fileName: resumePdf.name,
      subject: careerSubject,
      [HONEYPOT_FIELD]: '',
    })

    const dialog = page.getByRole('dialog', { name: resultHeadings.career.SUCCESS })
    await expect(dialog).toBeVisible()
    await expect(dialog).toHaveAccessibleDescription(apiMessages.applicationSent)
    await expect(resume).toBeDisabled()
    await expectNoAxeViolations(page)

    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()
    await expect(resume).toHaveJSProperty('files.length', 0)
    await expect(resume).toBeEnabled()
    for (const label of Object.keys(filled)) await expect(field(label)).toHaveValue('')
    await expect(page.locator('.career-form [aria-invalid]')).toHaveCount(0)
    await expect(submit).toBeFocused()
  })

  test('the real API refuses a renamed executable, and the message lands on the resume field', async ({
    page,
    pageErrors,
  }) => {
    await gotoHydrated(page, '/career-form')
    await fillAll(page, {
      name: 'resume.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('MZ\x90\x00 this is not a PDF'),
    })
    const { resumeError, resume, field } = careerForm(page)
    await careerForm(page).submit.click()
    const dialog = page.getByRole('dialog', { name: resultHeadings.career.FAILED })
    await expect(dialog).toContainText(apiMessages.invalid)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(resumeError).toHaveText(resumeMessages.badFormat)
    await expect(resume).toBeFocused()
    await expect(field('Name')).toHaveValue(filled.Name)
    forgiveFailedRequests(pageErrors)
  })

  test('when the API is down the dialog says so, and everything typed and chosen stays', async ({
    page,
    pageErrors,
  }) => {
    await page.route(careerApi, (route) => route.abort('failed'))
    await gotoHydrated(page, '/career-form')
    await fillAll(page)
    const { field, resume, submit } = careerForm(page)
    await submit.click()
    const dialog = page.getByRole('dialog', { name: resultHeadings.career.FAILED })
    await expect(dialog).toContainText(apiMessages.networkDown)
    await expectNoAxeViolations(page)
    await dialog.getByRole('button', { name: 'Close' }).click()
    for (const [label, value] of Object.entries(filled))
      await expect(field(label)).toHaveValue(value)
    await expect(resume).toHaveJSProperty('files.length', 1)
    await expect(submit).toBeFocused()
    forgiveFailedRequests(pageErrors)
  })

  test('a 500 opens the failure dialog with a plain message', async ({ page, pageErrors }) => {
    await page.route(careerApi, (route) => route.fulfill({ status: 500, body: 'oops' }))
    await gotoHydrated(page, '/career-form')
    await fillAll(page)
    await careerForm(page).submit.click()
    await expect(page.getByRole('dialog', { name: resultHeadings.career.FAILED })).toContainText(
      apiMessages.serverError,
    )
    forgiveFailedRequests(pageErrors)
  })

  test('a second press while sending sends nothing more', async ({ page }) => {
    const held = await holdRequests(page, careerApi, {
      RESPONSE_STATUS: 'SUCCESS',
      RESPONSE_MESSAGE: apiMessages.applicationSent,
    })
    await gotoHydrated(page, '/career-form')
    await fillAll(page)
    const { submit } = careerForm(page)
    await submit.click()
    await expect(submit).toHaveText('Sending…')
    await expect(submit).toBeDisabled()
    await submit.click({ force: true })
    await expect.poll(() => held.requests.length).toBe(1)
    held.release()
    await expect(page.getByRole('dialog', { name: resultHeadings.career.SUCCESS })).toBeVisible()
    expect(held.requests).toHaveLength(1)
  })
})
