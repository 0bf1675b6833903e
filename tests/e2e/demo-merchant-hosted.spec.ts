import type { Page } from '@playwright/test'
import { netBankingBanks, wallets } from '#app/content/demo.ts'
import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures.ts'

/** The merchant-hosted checkout's own rules (docs/product.md#ui-states, #pattern-library), before anything reaches the gateway. */

function parts(page: Page) {
  const summary = page.getByRole('complementary', { name: 'Payment Summary' })
  return {
    tab: (name: string) =>
      page.getByRole('tablist', { name: 'Payment method' }).getByRole('tab', { name }),
    panel: (name: string) => page.getByRole('tabpanel', { name }),
    pay: summary.getByRole('button', { name: 'Pay' }),
    alert: summary.getByRole('alert'),
    upi: page.getByRole('textbox', { name: 'UPI ID' }),
  }
}

test.beforeEach(async ({ page }) => {
  await gotoHydrated(page, '/merchant-hosted-checkout')
})

test('Pay stays focusable but looks disabled, and on Net Banking asks for a bank', async ({
  page,
}) => {
  const { pay, alert } = parts(page)
  await expect(pay).toHaveAttribute('aria-disabled', 'true')
  await pay.focus()
  await expect(pay).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(alert).toHaveText('Please select any bank')
  await expect(page).toHaveURL(/\/merchant-hosted-checkout$/)
})

test('a bank tile sets the method, clears the error and activates Pay; one tile at a time', async ({
  page,
}) => {
  const { panel, pay, alert } = parts(page)
  // aria-disabled: Playwright would wait for it to become enabled; a person can press it.
  await pay.click({ force: true })
  await expect(alert).toHaveText('Please select any bank')
  const banks = panel('Net Banking')
  await banks.getByRole('button', { name: 'ICICI' }).click()
  await expect(alert).toHaveText('')
  await expect(banks.getByRole('button', { name: 'ICICI' })).toHaveAttribute('aria-pressed', 'true')
  await expect(pay).toHaveAttribute('aria-disabled', 'false')
  await expect(pay).not.toHaveCSS('opacity', '0.55')

  await banks.getByRole('button', { name: 'SBI' }).click()
  await expect(banks.getByRole('button', { name: 'ICICI' })).toHaveAttribute(
    'aria-pressed',
    'false',
  )
  await expect(banks.locator('[aria-pressed="true"]')).toHaveAttribute(
    'data-code',
    netBankingBanks.find((bank) => bank.name === 'SBI')!.code,
  )
})

test('changing tab clears the chosen method and deactivates Pay', async ({ page }) => {
  const { tab, panel, pay } = parts(page)
  await panel('Net Banking').getByRole('button', { name: 'HDFC' }).click()
  await expect(pay).toHaveAttribute('aria-disabled', 'false')
  await tab('Wallet').click()
  await expect(pay).toHaveAttribute('aria-disabled', 'true')
  await panel('Wallet').getByRole('button', { name: 'Paytm' }).click()
  await expect(panel('Wallet').getByRole('button', { name: 'Paytm' })).toHaveAttribute(
    'data-code',
    wallets[0].code,
  )
  await expect(pay).toHaveAttribute('aria-disabled', 'false')
  await tab('Net Banking').click()
  await expect(panel('Net Banking').locator('[aria-pressed="true"]')).toHaveCount(0)
  await expect(pay).toHaveAttribute('aria-disabled', 'true')
})

test.describe('the UPI ID field', () => {
  test.beforeEach(async ({ page }) => {
    await parts(page).tab('UPI').click()
  })

  test('keeps only letters, digits, dot, @ and hyphen and blocks special keys', async ({
    page,
  }) => {
    const { upi } = parts(page)
    await upi.pressSequentially('aa rav_#!$sh+arma@ok(axis)')
    await expect(upi).toHaveValue('aaravsharma@okaxis')
    await upi.fill('  success@upi  ')
    await expect(upi).toHaveValue('success@upi')
  })

  test('refuses paste and drop', async ({ page, context }) => {
    const { upi } = parts(page)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.evaluate(() => navigator.clipboard.writeText('success@upi'))
    await upi.focus()
    await page.keyboard.press('ControlOrMeta+V')
    await expect(upi).toHaveValue('')
    const dropped = await upi.evaluate((input) => {
      const data = new DataTransfer()
      data.setData('text/plain', 'success@upi')
      return input.dispatchEvent(
        new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }),
      )
    })
    expect(dropped).toBe(false)
    const copied = await upi.evaluate((input) =>
      input.dispatchEvent(new ClipboardEvent('copy', { bubbles: true, cancelable: true })),
    )
    expect(copied).toBe(false)
  })

  test('on blur: "Please Enter UPI ID" when empty, "Invalid UPI ID" when malformed', async ({
    page,
  }) => {
    const { upi, pay } = parts(page)
    await upi.focus()
    await page.keyboard.press('Tab')
    const field = page.locator('.form-field', { has: upi })
    await expect(field.locator('.form-field__error')).toHaveText('Please Enter UPI ID')
    await expect(upi).toHaveAttribute('aria-invalid', 'true')

    await upi.pressSequentially('aarav@u')
    await expect(field.locator('.form-field__error')).toHaveCount(0)
    await upi.blur()
    await expect(field.locator('.form-field__error')).toHaveText('Invalid UPI ID')
    await expect(pay).toHaveAttribute('aria-disabled', 'true')
    await expectNoAxeViolations(page)
  })

  test('a valid UPI ID activates Pay; Pay without one judges the field', async ({ page }) => {
    const { upi, pay } = parts(page)
    await pay.click({ force: true })
    await expect(page.locator('.form-field__error')).toHaveText('Please Enter UPI ID')
    await expect(upi).toBeFocused()
    await upi.pressSequentially('success@upi')
    await expect(pay).toHaveAttribute('aria-disabled', 'false')
    await upi.blur()
    await expect(upi).toHaveAttribute('aria-invalid', 'false')
  })
})
