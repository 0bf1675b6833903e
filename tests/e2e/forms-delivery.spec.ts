import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { e2eDataDir } from '#tests/support/browser-settings.ts'
import { expect, gotoHydrated, test } from './fixtures.ts'

// The whole path a visitor's words take: typed in Chromium, posted to the real API, stored, and
// delivered by the outbox worker. The e2e server has no SMTP_URL, so mail lands as .eml files.
const mailDir = path.join(e2eDataDir(), 'mail')

function mailContaining(text: string): string | undefined {
  let files: string[]
  try {
    files = readdirSync(mailDir)
  } catch {
    return undefined
  }
  return files
    .map((file) => readFileSync(path.join(mailDir, file), 'utf8'))
    .find((content) => content.includes(text))
}

test('a contact message sent from the page reaches the contact inbox', async ({ page }) => {
  const subject = `Delivery check ${Date.now()}`
  await gotoHydrated(page, '/contact')
  const form = page.locator('form.contact-form')
  await form.getByLabel('Name').fill('Asha Verma')
  await form.getByLabel('Company').fill('Verma Textiles')
  await form.getByLabel('Phone').fill('9876543210')
  await form.getByLabel('Email').fill('asha@example.com')
  await form.getByLabel('Subject').fill(subject)
  await form.getByLabel('Message').fill('We want to accept UPI on our website.')
  await form.getByRole('button', { name: 'Submit' }).click()

  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('Thank you for contacting us')
  await expect.poll(() => mailContaining(subject), { timeout: 15_000 }).toBeTruthy()
  const mail = mailContaining(subject)!
  expect(mail).toContain('To: contact@paystra.example')
  expect(mail).toContain('Reply-To: Asha Verma <asha@example.com>')
})

test('a job application sent from the page reaches careers with the resume attached', async ({
  page,
}) => {
  const name = `Ravi Kumar ${'abcdefghij'[new Date().getSeconds() % 10]}`
  await gotoHydrated(page, '/career-form')
  const form = page.locator('form').filter({ has: page.getByLabel('Resume') })
  await form.getByLabel('Name').fill(name)
  await form.getByLabel('Phone').fill('9123456780')
  await form.getByLabel('Email').fill('ravi@example.com')
  await form.getByLabel('Resume').setInputFiles({
    name: 'ravi-kumar-resume.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n% Ravi Kumar, backend engineer\n%%EOF\n'),
  })
  await form.getByLabel('Message').fill('I would like to join the payments team.')
  await form.getByRole('button', { name: /Submit|Apply/ }).click()

  await expect(page.getByRole('dialog')).toContainText('Thank you for applying')
  const subject = `New Job Application from Paystra: ${name}`
  await expect.poll(() => mailContaining(subject), { timeout: 15_000 }).toBeTruthy()
  const mail = mailContaining(subject)!
  expect(mail).toContain('To: careers@paystra.example')
  expect(mail).toContain('filename=ravi-kumar-resume.pdf')
})
