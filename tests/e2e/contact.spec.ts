import { contact, externalLinks, socialLinks } from '#app/content/brand.ts'
import { contactFields, contactPage } from '#app/content/contact-page.ts'
import { formInterimLead } from '#app/content/forms.ts'
import { expect, gotoHydrated, test } from './fixtures.ts'

test.beforeEach(async ({ page }) => {
  // The network is closed here; the map frame gets a stand-in page so nothing fails to load.
  await page.route(/openstreetmap\.org/, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Map</title>' }),
  )
})

test.describe('Contact page', () => {
  test('shows the address, e-mail, phones, exact opening hours and social links', async ({
    page,
  }) => {
    await gotoHydrated(page, '/contact')
    const main = page.locator('main')
    await expect(main.locator('h1')).toHaveText('Contact Us')

    const details = main.locator('.contact-details')
    for (const line of contact.address.lines) await expect(details).toContainText(line)
    await expect(details.getByRole('link', { name: contact.email })).toHaveAttribute(
      'href',
      `mailto:${contact.email}`,
    )
    for (const phone of contact.phones) {
      await expect(details.getByRole('link', { name: phone.display })).toHaveAttribute(
        'href',
        `tel:${phone.tel}`,
      )
    }
    await expect(details.getByText(contact.hours, { exact: true })).toHaveText(
      'Mon-Sat 09:30-18:00',
    )

    const social = details.locator('.social-links a')
    await expect(social).toHaveCount(4)
    for (const link of socialLinks) {
      const anchor = details.getByRole('link', { name: link.label })
      await expect(anchor).toHaveAttribute('href', link.href)
      await expect(anchor).toHaveAttribute('target', '_blank')
      await expect(anchor).toHaveAccessibleName(/opens in a new tab/)
    }
  })

  test('the message form has labelled, required fields with their limits', async ({ page }) => {
    await gotoHydrated(page, '/contact')
    const form = page.getByRole('form', { name: contactPage.form.heading })
    // Role queries use the accessible name, which leaves out the aria-hidden asterisk.
    const field = (name: string) => form.getByRole('textbox', { name, exact: true })
    for (const definition of contactFields) {
      const control = field(definition.label)
      await expect(control).toBeVisible()
      await expect(control).toHaveAttribute('required', '')
      await expect(control).toHaveAttribute('aria-required', 'true')
      const label = form.locator(`label[for="contact-${definition.name}"]`)
      await expect(label.locator('[aria-hidden="true"]')).toHaveText('*')
    }
    for (const name of ['Name', 'Company', 'Email', 'Subject']) {
      await expect(field(name)).toHaveAttribute('maxlength', '50')
    }
    const phone = field('Phone')
    await expect(phone).toHaveAttribute('maxlength', '10')
    await expect(phone).toHaveAttribute('inputmode', 'numeric')
    await expect(field('Email')).toHaveAttribute('type', 'email')
    const message = field('Message')
    await expect(message).toHaveJSProperty('tagName', 'TEXTAREA')
    await expect(message).toHaveAttribute('rows', '5')
    await expect(form.getByRole('button', { name: 'Submit' })).toBeEnabled()
  })

  test('until sending is switched on, Submit stays on the page and says where to write', async ({
    page,
  }) => {
    await gotoHydrated(page, '/contact')
    const name = page.getByRole('textbox', { name: 'Name', exact: true })
    await name.fill('Priya Mehta')
    await page.getByRole('button', { name: 'Submit' }).click()
    const status = page.locator('.contact-form').getByRole('status')
    await expect(status).toContainText(formInterimLead)
    await expect(status.getByRole('link', { name: contact.email })).toHaveAttribute(
      'href',
      `mailto:${contact.email}`,
    )
    await expect(page).toHaveURL(/\/contact$/)
    await expect(name).toHaveValue('Priya Mehta')
  })
})

test.describe('Office map', () => {
  test('loads the map frame only when the section scrolls near the viewport', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await gotoHydrated(page, '/contact')
    const section = page.locator('.office-map')
    await expect(section.locator('svg.office-map__art')).toBeAttached()
    await expect(section.getByRole('button', { name: contactPage.map.showLabel })).toBeVisible()
    const link = section.getByRole('link', { name: /^Open the map/ })
    await expect(link).toHaveAttribute('href', externalLinks.mapLink)
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(page.locator('iframe')).toHaveCount(0)

    await section.scrollIntoViewIfNeeded()
    const frame = page.locator('iframe')
    await expect(frame).toHaveCount(1)
    await expect(frame).toHaveAttribute('title', 'Office location map')
    await expect(frame).toHaveAttribute('loading', 'lazy')
    await expect(frame).toHaveAttribute('src', externalLinks.mapEmbed)
    await expect(link).toBeVisible()
  })

  test('the server HTML carries the plain link and no frame', async ({ request }) => {
    const html = await (await request.get('/contact')).text()
    expect(html).toContain(externalLinks.mapLink.replaceAll('&', '&amp;'))
    expect(html).not.toContain('<iframe')
  })

  test('"Show map" inserts the frame and moves focus to it where scrolling cannot', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      // @ts-expect-error: removing the API imitates a browser without it.
      delete window.IntersectionObserver
    })
    await gotoHydrated(page, '/contact')
    await page.getByRole('button', { name: 'Show map' }).click()
    const frame = page.getByTitle('Office location map')
    await expect(frame).toHaveAttribute('src', externalLinks.mapEmbed)
    await expect(frame).toBeFocused()
  })
})
