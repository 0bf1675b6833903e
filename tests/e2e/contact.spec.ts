import { contact, externalLinks, socialLinks } from '#core/brand/brand.ts'
import { contactFields, contactPage } from '#app/content/contact-page.ts'
import { resultHeadings } from '#app/content/forms.ts'
import { apiMessages, CONTACT_API_PATH } from '#core/forms/api.ts'
import { HONEYPOT_FIELD } from '#core/forms/honeypot.ts'
import type { Page } from '@playwright/test'
import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures.ts'
import { apiPattern, forgiveFailedRequests, holdRequests, pasteText } from './form-support.ts'

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

const filled = {
  Name: 'Priya Mehta',
  Company: 'Mehta Textiles Pvt Ltd',
  Phone: '9876543210',
  Email: 'priya@mehtatextiles.in',
  Subject: 'Payment gateway for our online store',
  Message: 'We take about 2,000 orders a month and want UPI, cards and net banking.',
}

const contactApi = apiPattern(CONTACT_API_PATH)

function contactForm(page: Page) {
  const form = page.getByRole('form', { name: contactPage.form.heading })
  return {
    form,
    field: (name: string) => form.getByRole('textbox', { name, exact: true }),
    submit: form.getByRole('button', { name: /^(Submit|Sending…)$/ }),
    status: form.getByRole('status'),
    errorOf: (name: string) => form.locator(`#contact-${name}-error`),
  }
}

async function fillAll(page: Page) {
  const { field } = contactForm(page)
  for (const [label, value] of Object.entries(filled)) await field(label).fill(value)
}

test.describe('Contact form: typing and checking', () => {
  test.beforeEach(async ({ page }) => {
    await gotoHydrated(page, '/contact')
  })

  test('strips what a field never accepts as it is typed or pasted, and caps its length', async ({
    page,
  }) => {
    const { field } = contactForm(page)
    await field('Name').pressSequentially('Pr1ya M3hta!')
    await expect(field('Name')).toHaveValue('Prya Mhta')
    await field('Phone').pressSequentially('+91 98765-432109')
    await expect(field('Phone')).toHaveValue('9198765432')
    await field('Email').pressSequentially('priya+1 @@mail.in')
    await expect(field('Email')).toHaveValue('priya1@mail.in')
    await field('Company').pressSequentially('x'.repeat(55))
    await expect(field('Company')).toHaveValue('x'.repeat(50))
    await field('Subject').pressSequentially(' ')
    await expect(field('Subject')).toHaveValue('')

    await field('Phone').fill('')
    await field('Phone').focus()
    await pasteText(page, '98765 43210')
    await expect(field('Phone')).toHaveValue('9876543210')
  })

  test('on blur an empty field says so, a wrong one says what is wrong, a right one is marked valid', async ({
    page,
  }) => {
    const { field, errorOf } = contactForm(page)
    const empty = {
      name: 'Please enter your Name',
      company: 'Please enter your Company',
      phone: 'Please enter your Phone',
      email: 'Please enter your Email',
      subject: 'Please enter your Subject',
      message: 'Please enter your Message',
    }
    for (const definition of contactFields) {
      await field(definition.label).focus()
      await field(definition.label).blur()
      await expect(errorOf(definition.name)).toHaveText(empty[definition.name])
      await expect(field(definition.label)).toHaveAttribute('aria-invalid', 'true')
      await expect(field(definition.label)).toHaveAttribute(
        'aria-describedby',
        `contact-${definition.name}-error`,
      )
    }

    const wrong: [string, string, string, string][] = [
      ['Company', 'company', '!!!', 'Please enter valid Company'],
      ['Phone', 'phone', '98765', 'Please enter valid Mobile Number'],
      ['Email', 'email', 'priya@mail', 'Please enter valid Email ID'],
      ['Subject', 'subject', '???', 'Please enter valid Subject'],
      ['Message', 'message', '...', 'Please enter valid Message'],
    ]
    for (const [label, name, value, message] of wrong) {
      await field(label).fill(value)
      await expect(errorOf(name), 'the error hides while the field is edited').toHaveCount(0)
      await field(label).blur()
      await expect(errorOf(name)).toHaveText(message)
    }

    await field('Email').fill('priya@mehtatextiles.in')
    await field('Email').blur()
    await expect(errorOf('email')).toHaveCount(0)
    await expect(field('Email')).toHaveAttribute('aria-invalid', 'false')
    const emailField = page.locator('.form-field:has(#contact-email)')
    await expect(emailField).toHaveAttribute('data-state', 'valid')
    await expect(emailField.locator('.form-field__valid-mark')).toBeVisible()
  })

  test('Submit with empty fields sends nothing, says how many need attention and focuses the first', async ({
    page,
  }) => {
    let requests = 0
    await page.route(contactApi, (route) => {
      requests += 1
      return route.abort()
    })
    const { field, submit, status } = contactForm(page)
    await field('Name').fill(filled.Name)
    await submit.click()
    await expect(status).toHaveText('5 fields need your attention.')
    await expect(field('Company')).toBeFocused()
    await expect(field('Name')).toHaveAttribute('aria-invalid', 'false')
    expect(requests).toBe(0)
    await expectNoAxeViolations(page)
  })
})

test.describe('Contact form: sending', () => {
  test('sends to the real API, shows its answer, locks the fields, and Close resets the form', async ({
    page,
  }) => {
    await gotoHydrated(page, '/contact')
    const { field, submit } = contactForm(page)
    await fillAll(page)
    const posted = page.waitForRequest(
      (request) => request.url().endsWith(CONTACT_API_PATH) && request.method() === 'POST',
    )
    await submit.click()
    const request = await posted
    expect(request.headers()['content-type']).toBe('application/json')
    expect(request.postDataJSON()).toEqual({
      name: filled.Name,
      company: filled.Company,
      phone: filled.Phone,
      email: filled.Email,
      subject: filled.Subject,
      message: filled.Message,
      [HONEYPOT_FIELD]: '',
    })

    const dialog = page.getByRole('dialog', { name: resultHeadings.contact.SUCCESS })
    await expect(dialog).toBeVisible()
    await expect(dialog).toHaveAttribute('aria-modal', 'true')
    await expect(dialog).toHaveAccessibleDescription(apiMessages.contactSent)
    const close = dialog.getByRole('button', { name: 'Close' })
    await expect(close).toBeFocused()
    for (const label of Object.keys(filled)) await expect(field(label)).toBeDisabled()
    await expectNoAxeViolations(page)

    await close.click()
    await expect(dialog).toBeHidden()
    for (const label of Object.keys(filled)) {
      await expect(field(label)).toHaveValue('')
      await expect(field(label)).toBeEnabled()
      await expect(field(label)).not.toHaveAttribute('aria-invalid')
    }
    await expect(page.locator('.contact-form .form-field__valid-mark')).toHaveCount(0)
    await expect(submit).toBeFocused()
  })

  test('when the API cannot be reached the dialog says so, and what was typed stays', async ({
    page,
    pageErrors,
  }) => {
    await page.route(contactApi, (route) => route.abort('failed'))
    await gotoHydrated(page, '/contact')
    const { field, submit } = contactForm(page)
    await fillAll(page)
    await submit.click()
    const dialog = page.getByRole('dialog', { name: resultHeadings.contact.FAILED })
    await expect(dialog).toContainText(apiMessages.networkDown)
    await expect(field('Name')).toBeEnabled()
    await expectNoAxeViolations(page)

    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    for (const [label, value] of Object.entries(filled))
      await expect(field(label)).toHaveValue(value)
    await expect(submit).toBeFocused()
    forgiveFailedRequests(pageErrors)
  })

  test('a server error (500) opens the failure dialog with a plain message', async ({
    page,
    pageErrors,
  }) => {
    await page.route(contactApi, (route) =>
      route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
    )
    await gotoHydrated(page, '/contact')
    await fillAll(page)
    await contactForm(page).submit.click()
    const dialog = page.getByRole('dialog', { name: resultHeadings.contact.FAILED })
    await expect(dialog).toContainText(apiMessages.serverError)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(contactForm(page).field('Message')).toHaveValue(filled.Message)
    forgiveFailedRequests(pageErrors)
  })

  test('a 400 puts the server message for each field on that field', async ({
    page,
    pageErrors,
  }) => {
    await page.route(contactApi, (route) =>
      route.fulfill({
        status: 400,
        json: {
          RESPONSE_STATUS: 'FAILED',
          RESPONSE_MESSAGE: apiMessages.invalid,
          ERRORS: { name: 'Please enter valid Name', email: 'Please enter valid Email ID' },
        },
      }),
    )
    await gotoHydrated(page, '/contact')
    await fillAll(page)
    const { field, submit, errorOf, status } = contactForm(page)
    await submit.click()
    const dialog = page.getByRole('dialog', { name: resultHeadings.contact.FAILED })
    await expect(dialog).toContainText(apiMessages.invalid)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(errorOf('name')).toHaveText('Please enter valid Name')
    await expect(errorOf('email')).toHaveText('Please enter valid Email ID')
    await expect(status).toHaveText('2 fields need your attention.')
    await expect(field('Name')).toBeFocused()
    await expect(field('Name')).toHaveValue(filled.Name)
    await expectNoAxeViolations(page)
    forgiveFailedRequests(pageErrors)
  })

  test('while sending, the button says "Sending…" and a second press sends nothing', async ({
    page,
  }) => {
    const held = await holdRequests(page, contactApi, {
      RESPONSE_STATUS: 'SUCCESS',
      RESPONSE_MESSAGE: apiMessages.contactSent,
    })
    await gotoHydrated(page, '/contact')
    await fillAll(page)
    const { field, submit, form } = contactForm(page)
    await submit.click()
    await expect(submit).toHaveText('Sending…')
    await expect(submit).toHaveAttribute('aria-disabled', 'true')
    await expect(form).toHaveAttribute('aria-busy', 'true')
    await submit.click({ force: true })
    await field('Name').press('Enter')
    await expect.poll(() => held.requests.length).toBe(1)

    held.release()
    await expect(page.getByRole('dialog', { name: resultHeadings.contact.SUCCESS })).toBeVisible()
    await expect(submit).toHaveText('Submit')
    expect(held.requests).toHaveLength(1)
  })
})
