/**
 * A sandbox account made and used without any script: the plain form, the keys page, the
 * console with its keys, its new link and its deletion; each page free of axe violations and of
 * horizontal scroll at 375 and 1280 px.
 */
import { expect, expectNoAxeViolations, expectNoHorizontalScroll, test } from './fixtures.ts'
import type { Page } from '@playwright/test'
import { forgiveFailedRequests } from './form-support.ts'

async function checkPage(page: Page, what: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await expectNoHorizontalScroll(page, `${what} at ${width} px`)
    await expectNoAxeViolations(page, `${what} at ${width} px`)
  }
}

test('the account form, the keys page and the console have no axe violations and fit 375 to 1280 px', async ({
  page,
}) => {
  test.slow()
  await page.goto('/sandbox/accounts/new')
  await checkPage(page, 'the account form')
  await page.getByRole('button', { name: 'Create a sandbox account' }).click()
  await expect(page.getByRole('heading', { name: 'Your sandbox account is ready' })).toBeVisible()
  await checkPage(page, 'the keys page')
  await page.getByRole('link', { name: /\/console\// }).click()
  await expect(page.getByRole('heading', { name: 'Test store: sandbox console' })).toBeVisible()
  await checkPage(page, 'the console')
})

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false })

  test('an account is made, opened in its console, given a new link and deleted', async ({
    page,
    pageErrors,
  }) => {
    await page.goto('/sandbox/accounts/new')
    await expect(page.getByRole('heading', { name: 'Create a sandbox account' })).toBeVisible()

    // A refused name keeps what was typed, says why, and stores nothing.
    await page.getByLabel('Business name on your payment pages').fill('Shop <b>')
    await page.getByRole('button', { name: 'Create a sandbox account' }).click()
    const field = page.getByLabel('Business name on your payment pages')
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field).toHaveValue('Shop <b>')
    await expect(page.getByText('Invalid account name')).toBeVisible()

    await field.fill('Masala Mart')
    await page.getByRole('button', { name: 'Create a sandbox account' }).click()
    await expect(page.getByRole('heading', { name: 'Your sandbox account is ready' })).toBeVisible()
    const payId = (
      await page.locator('.gw-keys__row', { hasText: 'PAY_ID' }).locator('dd').innerText()
    ).trim()
    expect(payId).toMatch(/^\d{16}$/)
    await expect(page.locator('.gw-keys__row', { hasText: 'SALT' }).first()).toBeVisible()

    await page.getByRole('link', { name: /\/console\// }).click()
    await expect(page.getByRole('heading', { name: 'Masala Mart: sandbox console' })).toBeVisible()
    await expect(page.getByText(payId).first()).toBeVisible()
    await expect(page.getByText('No payments yet.')).toBeVisible()

    // The clock moves a day forward from the console, with a plain form.
    const clock = page.locator('#clock strong')
    const before = (await clock.innerText()).slice(0, 10)
    await page.getByRole('button', { name: '+1 day' }).click()
    await expect(page.getByRole('heading', { name: 'Clock' })).toBeVisible()
    const after = (await clock.innerText()).slice(0, 10)
    const day = (text: string) => new Date(`${text}T00:00:00Z`).getTime()
    expect(day(after) - day(before)).toBe(24 * 60 * 60 * 1000)
    const firstLink = page.url()

    await page.getByRole('button', { name: 'Make a new console link' }).click()
    await expect(page.getByRole('heading', { name: 'Masala Mart: sandbox console' })).toBeVisible()
    const secondLink = page.url()
    expect(secondLink).not.toBe(firstLink)
    await page.goto(firstLink)
    await expect(page.getByRole('heading', { name: 'No such console' })).toBeVisible()

    await page.goto(secondLink)
    await page.getByLabel('Type the PAY_ID to confirm').fill(payId)
    await page.getByRole('button', { name: 'Delete the account and all its data' }).click()
    await expect(page.getByRole('heading', { name: 'Account deleted' })).toBeVisible()
    await page.goto(secondLink)
    await expect(page.getByRole('heading', { name: 'No such console' })).toBeVisible()
    // The old links' 404s, which the browser logs as failed loads.
    forgiveFailedRequests(pageErrors)
  })
})
