import { contact, socialLinks } from '#app/content/brand.ts'
import { careerFormPage, careerSubject } from '#app/content/career-form-page.ts'
import { formInterimLead } from '#app/content/forms.ts'
import { expect, gotoHydrated, test } from './fixtures.ts'

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

  test('until sending is switched on, Submit says where to write instead', async ({ page }) => {
    await page.getByRole('button', { name: 'Submit' }).click()
    const status = page.locator('.career-form').getByRole('status')
    await expect(status).toContainText(formInterimLead)
    await expect(status.getByRole('link', { name: contact.hrEmail })).toBeVisible()
    await expect(page).toHaveURL(/\/career-form$/)
  })
})
