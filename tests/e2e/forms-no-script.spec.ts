import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page, Route } from '@playwright/test'
import { contactPage } from '#app/content/contact-page.ts'
import { resumeField } from '#app/content/career-form-page.ts'
import { resultHeadings } from '#app/content/forms.ts'
import { apiMessages } from '#core/forms/api.ts'
import { resumeMessages } from '#core/forms/resume.ts'
import { e2eDataDir } from '#tests/support/browser-settings.ts'
import { pdfBytes, pngBytes } from '#tests/support/documents.ts'
import { expect, expectNoAxeViolations, test } from './fixtures.ts'
import { forgiveFailedRequests } from './form-support.ts'

// The contact and job application forms before their scripts run: JavaScript off, or a slow
// phone that has not loaded the page's modules yet. The form posts itself to its page, and the
// server answers with the page.

const mailDir = path.join(e2eDataDir(), 'mail')

function mailsContaining(text: string): string[] {
  let files: string[]
  try {
    files = readdirSync(mailDir)
  } catch {
    return []
  }
  return files
    .map((file) => readFileSync(path.join(mailDir, file), 'utf8'))
    .filter((content) => content.includes(text))
}

/** A value no other test (or earlier run against the same server) sends. */
function unique(label: string) {
  return `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
}

// These tests post a form within milliseconds of the page's arrival, faster than anyone can: a
// navigation while the previous page's cross-fade (a view transition) still runs makes Chromium
// abort it with a page error, which is about timing, not the forms. Reduced motion turns the
// cross-fade off (app/styles/global.css).
test.use({ reducedMotion: 'reduce' })

test.beforeEach(async ({ page }) => {
  await page.route(/openstreetmap\.org/, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Map</title>' }),
  )
})

async function fillContact(page: Page, values: Record<string, string>) {
  const form = page.locator('form.contact-form')
  for (const [label, value] of Object.entries(values)) {
    await form.getByRole('textbox', { name: label, exact: true }).fill(value)
  }
}

/** Fills in the job application form (a valid phone number) and chooses a resume. */
async function fillApplication(
  page: Page,
  values: {
    name: string
    email: string
    message: string
    resume: { name: string; buffer: Buffer }
  },
) {
  const form = page.locator('form').filter({ has: page.getByLabel(resumeField.label) })
  await form.getByLabel('Name').fill(values.name)
  await form.getByLabel('Phone').fill('9123456780')
  await form.getByLabel('Email').fill(values.email)
  await form.getByLabel('Message').fill(values.message)
  await form
    .getByLabel(resumeField.label)
    .setInputFiles({ ...values.resume, mimeType: 'application/pdf' })
  return form
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the contact form comes back with its errors and values, then sends once', async ({
    page,
    pageErrors,
  }) => {
    const subject = unique('No-script check')
    await page.goto('/contact')
    await fillContact(page, {
      Name: 'Asha Verma',
      Phone: '12345',
      Email: 'asha@',
      Subject: subject,
      Message: 'We want to accept UPI.',
    })
    await page.getByRole('button', { name: contactPage.form.submitLabel }).click()

    // The page again: a summary at the top, each error beside its field, every value kept.
    const summary = page.getByRole('alert').filter({ hasText: 'need your attention' })
    await expect(summary.getByRole('heading')).toHaveText('3 fields need your attention.')
    await expect(summary.getByRole('link')).toHaveText([
      'Company: Please enter your Company',
      'Phone: Please enter valid Mobile Number',
      'Email: Please enter valid Email ID',
    ])
    const field = (name: string) => page.getByRole('textbox', { name, exact: true })
    await expect(field('Name')).toHaveValue('Asha Verma')
    await expect(field('Phone')).toHaveValue('12345')
    await expect(field('Subject')).toHaveValue(subject)
    await expect(field('Message')).toHaveValue('We want to accept UPI.')
    await expect(field('Email')).toHaveAttribute('aria-invalid', 'true')
    await expect(field('Email')).toHaveAccessibleDescription('Please enter valid Email ID')

    // A summary line takes the visitor to its field.
    await summary.getByRole('link', { name: /^Email:/ }).click()
    await expect(field('Email')).toBeFocused()

    await fillContact(page, { Company: 'Verma Textiles', Phone: '9876543210' })
    await field('Email').fill('asha@example.com')
    await page.getByRole('button', { name: contactPage.form.submitLabel }).click()

    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('heading')).toHaveText(resultHeadings.contact.SUCCESS)
    await expect(dialog).toContainText(apiMessages.contactSent)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()

    await expect.poll(() => mailsContaining(subject).length, { timeout: 15_000 }).toBe(1)
    // A refresh asks for the page again; it posts nothing, and the dialog is gone.
    const reload = await page.reload()
    expect(reload?.request().method()).toBe('GET')
    await expect(page.getByRole('dialog')).toBeHidden()
    await expect(field('Subject')).toHaveValue('')
    expect(mailsContaining(subject)).toHaveLength(1)
    // The page that came back with errors is answered 400, which Chromium logs.
    forgiveFailedRequests(pageErrors)
  })

  test('a job application with a PDF is sent; a picture renamed .pdf is refused', async ({
    page,
    pageErrors,
  }) => {
    const name = `Ravi ${'abcdefghij'[Math.floor(Math.random() * 10)]}${'klmnopqrst'[Math.floor(Math.random() * 10)]} Kumar`
    await page.goto('/career-form')
    const form = await fillApplication(page, {
      name,
      email: 'ravi@example.com',
      message: 'I would like to join the payments team.',
      resume: { name: 'holiday-photo.pdf', buffer: pngBytes() },
    })
    await form.getByRole('button', { name: 'Submit' }).click()

    const resume = page.getByLabel(resumeField.label)
    await expect(resume).toHaveAttribute('aria-invalid', 'true')
    await expect(resume).toHaveAccessibleDescription(
      `${resumeField.hint}. ${resumeField.chooseAgain} ${resumeMessages.badFormat}`,
    )
    await expect(page.getByRole('alert').getByRole('link')).toHaveText([
      `${resumeField.label}: ${resumeMessages.badFormat}`,
    ])
    await expect(form.getByLabel('Name')).toHaveValue(name)
    await expect(form.getByLabel('Message')).toHaveValue('I would like to join the payments team.')

    await resume.setInputFiles({
      name: 'ravi-kumar-resume.pdf',
      mimeType: 'application/pdf',
      buffer: pdfBytes('Ravi Kumar, backend engineer'),
    })
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByRole('dialog')).toContainText(apiMessages.applicationSent)

    const subject = `New Job Application from Paystra: ${name}`
    await expect.poll(() => mailsContaining(subject).length, { timeout: 15_000 }).toBe(1)
    const [mail] = mailsContaining(subject)
    expect(mail).toContain('filename=ravi-kumar-resume.pdf')
    expect(mail).not.toContain('holiday-photo')
    forgiveFailedRequests(pageErrors)
  })
})

/**
 * Keeps every script from the page until `release`: a phone on a slow network, where the
 * visitor fills in and sends the form before the page's modules have arrived.
 */
async function holdScripts(page: Page) {
  const held: Route[] = []
  let holding = true
  await page.route(/\.js(\?|$)/, (route) => {
    if (holding) held.push(route)
    else void route.continue()
  })
  return () => {
    holding = false
    // A request of a page already left has nobody waiting for it.
    for (const route of held.splice(0)) route.continue().catch(() => {})
  }
}

function pagePost(page: Page, pathname: string) {
  return page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && new URL(response.url()).pathname === pathname,
  )
}

test.describe("before the page's modules have loaded", () => {
  test('a message is checked, stored, mailed once and answered; the answers pass axe', async ({
    page,
    pageErrors,
  }) => {
    const release = await holdScripts(page)
    const subject = unique('Slow phone')
    await page.goto('/contact', { waitUntil: 'commit' })
    await fillContact(page, {
      Name: 'Meera Nair',
      Company: 'Nair Spices',
      Phone: '99887',
      Email: 'meera@example.com',
      Subject: subject,
      Message: 'Sent before the scripts arrived.',
    })
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined()
    let posted = pagePost(page, '/contact')
    await page.getByRole('button', { name: contactPage.form.submitLabel }).click()
    expect((await posted).status()).toBe(400)
    await expect(page.getByRole('alert')).toContainText('Phone: Please enter valid Mobile Number')
    await expectNoAxeViolations(page)

    await fillContact(page, { Phone: '9988776655' })
    posted = pagePost(page, '/contact')
    await page.getByRole('button', { name: contactPage.form.submitLabel }).click()
    expect((await posted).status()).toBe(303)
    const dialog = page.getByRole('dialog')
    await expect(dialog).toContainText(apiMessages.contactSent)
    await expectNoAxeViolations(page)
    await expect.poll(() => mailsContaining(subject).length, { timeout: 15_000 }).toBe(1)

    // Once the scripts run, the dialog is the modal one: the page behind is inert, Escape closes it.
    release()
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    expect(await page.locator('dialog').evaluate((element) => element.matches(':modal'))).toBe(true)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    expect(mailsContaining(subject)).toHaveLength(1)
    forgiveFailedRequests(pageErrors)
  })

  test('a refused resume: the error, the note beside the file and the summary pass axe', async ({
    page,
    pageErrors,
  }) => {
    await holdScripts(page)
    await page.goto('/career-form', { waitUntil: 'commit' })
    const form = page.locator('form').filter({ has: page.getByLabel(resumeField.label) })
    await form.getByLabel('Name').fill('Ravi Kumar')
    await form.getByLabel(resumeField.label).setInputFiles({
      name: 'photo.pdf',
      mimeType: 'application/pdf',
      buffer: pngBytes(),
    })
    const posted = pagePost(page, '/career-form')
    await form.getByRole('button', { name: 'Submit' }).click()
    expect((await posted).status()).toBe(400)
    await expect(page.getByRole('alert').getByRole('link')).toHaveCount(4)
    await expect(page.getByLabel(resumeField.label)).toHaveAccessibleDescription(
      `${resumeField.hint}. ${resumeField.chooseAgain} ${resumeMessages.badFormat}`,
    )
    await expectNoAxeViolations(page)
    forgiveFailedRequests(pageErrors)
  })
})

test('what is typed and chosen before the scripts run survives hydration and is sent', async ({
  page,
}) => {
  const release = await holdScripts(page)
  await page.goto('/career-form', { waitUntil: 'commit' })
  // A person's name takes letters only.
  const name = `Early Typist ${unique('')
    .replace(/[^a-z]/g, '')
    .slice(0, 8)}`
  const form = await fillApplication(page, {
    name,
    email: 'early@example.com',
    message: 'Typed while the page was still loading.',
    resume: { name: 'early.pdf', buffer: pdfBytes('Early typist') },
  })
  release()
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  await expect(form.getByLabel('Name')).toHaveValue(name)
  await expect(form.getByLabel('Message')).toHaveValue('Typed while the page was still loading.')

  // Sent by the script now, to the API, with the file chosen before it ran.
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/sendCareerEmail'))
  await form.getByRole('button', { name: 'Submit' }).click()
  await sent
  await expect(page.getByRole('dialog')).toContainText(apiMessages.applicationSent)
  const subject = `New Job Application from Paystra: ${name}`
  await expect.poll(() => mailsContaining(subject).length, { timeout: 15_000 }).toBe(1)
  expect(mailsContaining(subject)[0]).toContain('filename=early.pdf')
})
