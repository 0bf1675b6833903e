import {
  demoPages,
  demoPayment,
  netBankingBanks,
  sandboxTestData,
  wallets,
} from '#app/content/demo.ts'
import { expect, gotoHydrated, test } from './fixtures.ts'

const productDemos = [
  { path: '/pg-hosted-demo', title: demoPages.pgHosted.title },
  { path: '/checkout-demo', title: demoPages.checkout.title },
]

for (const demo of productDemos) {
  test.describe(demo.title, () => {
    test('shows the laptop for ₹1.00, a Pay button, the test data and the flow', async ({
      page,
    }) => {
      await gotoHydrated(page, demo.path)
      const main = page.locator('main')
      await expect(main.locator('h1')).toHaveText(demo.title)

      const details = main.locator('.payment-details')
      await expect(details.getByRole('img', { name: /laptop/i })).toBeVisible()
      await expect(details.getByRole('heading', { name: 'Laptop' })).toBeVisible()
      // The laptop is priced 1.00, in rupees until another currency is chosen to pay in.
      await expect(details.locator('.payment-details__price')).toHaveText('₹1.00')
      const currency = details.getByRole('combobox', { name: 'Pay in' })
      await expect(currency).toHaveValue('INR')
      await expect(currency).toHaveAttribute('name', 'currency')
      await expect(currency.locator('option').first()).toHaveText('Indian Rupee (INR)')
      await expect(details.getByRole('textbox')).toHaveCount(0)
      await currency.selectOption('JPY')
      await expect(details.locator('.payment-details__price')).toHaveText('¥1')
      await currency.selectOption('KWD')
      await expect(details.locator('.payment-details__price')).toHaveText('KWD 1.000')
      await currency.selectOption('INR')
      await expect(details.locator('.payment-details__price')).toHaveText('₹1.00')

      const testData = main.getByRole('region', { name: 'Test data' })
      for (const value of sandboxTestData.flatMap((group) => group.rows.map((row) => row.value))) {
        await expect(testData.getByText(value, { exact: true })).toBeVisible()
      }
      await expect(testData).toContainText('Declined by the bank (004)')
      await expect(testData).toContainText('Insufficient funds (020)')

      const flow = main.getByRole('region', { name: 'How this flow works' })
      expect(await flow.locator('ol > li').count()).toBeGreaterThanOrEqual(4)

      // Paying through the sandbox is tested flow by flow in demo-flows.spec.ts.
      await expect(details.getByRole('button', { name: 'Pay' })).toBeEnabled()
    })
  })
}

test.describe('Merchant-hosted redirect page', () => {
  test('says it is redirecting and links to the checkout', async ({ page }) => {
    await gotoHydrated(page, '/merchant-hosted-demo')
    await expect(page.locator('main h1')).toHaveText(demoPages.merchantHosted.title)
    await expect(page.locator('main').getByRole('status')).toHaveText(
      'You are being redirected to Payment Page…',
    )
    const proceed = page.getByRole('link', { name: 'Proceed to Payment Page' })
    await expect(proceed).toHaveAttribute('href', '/merchant-hosted-checkout')
    await proceed.click()
    await expect(page).toHaveURL(/\/merchant-hosted-checkout$/)
    await expect(page.locator('main h1')).toHaveText(demoPages.merchantHosted.title)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(180)
  })

  test('the spinner stands still for visitors who ask for reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await gotoHydrated(page, '/merchant-hosted-demo')
    await expect(page.locator('.redirect-loader__spinner')).toHaveCSS('animation-name', 'none')
  })
})

test.describe('Merchant-hosted checkout', () => {
  test.beforeEach(async ({ page }) => {
    await gotoHydrated(page, '/merchant-hosted-checkout')
  })

  test('method tabs follow the WAI-ARIA pattern with arrow keys', async ({ page }) => {
    const tablist = page.getByRole('tablist', { name: 'Payment method' })
    const tabs = tablist.getByRole('tab')
    await expect(tabs).toHaveText(['Net Banking', 'Wallet', 'UPI'])
    const netBanking = tablist.getByRole('tab', { name: 'Net Banking' })
    await expect(netBanking).toHaveAttribute('aria-selected', 'true')
    await expect(netBanking).toHaveAttribute('tabindex', '0')
    await expect(tablist.getByRole('tab', { name: 'Wallet' })).toHaveAttribute('tabindex', '-1')

    const banks = page.getByRole('tabpanel', { name: 'Net Banking' })
    await expect(banks.getByRole('button')).toHaveCount(8)
    await expect(banks.locator('.method-tile__name')).toHaveText(
      netBankingBanks.map((bank) => bank.name),
    )
    for (const bank of netBankingBanks) {
      await expect(banks.getByRole('button', { name: bank.name })).toHaveAttribute(
        'data-code',
        bank.code,
      )
    }

    await netBanking.focus()
    await page.keyboard.press('ArrowRight')
    const wallet = tablist.getByRole('tab', { name: 'Wallet' })
    await expect(wallet).toBeFocused()
    await expect(wallet).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('tabpanel', { name: 'Net Banking' })).toBeHidden()
    const walletPanel = page.getByRole('tabpanel', { name: 'Wallet' })
    await expect(walletPanel.getByRole('button')).toHaveCount(3)
    for (const entry of wallets) {
      await expect(walletPanel.getByRole('button', { name: entry.name })).toHaveAttribute(
        'data-code',
        entry.code,
      )
    }

    await page.keyboard.press('ArrowRight')
    await expect(tablist.getByRole('tab', { name: 'UPI' })).toBeFocused()
    await expect(
      page.getByRole('tabpanel', { name: 'UPI' }).getByRole('textbox', { name: 'UPI ID' }),
    ).toBeVisible()

    await page.keyboard.press('ArrowRight')
    await expect(netBanking).toBeFocused()
    await page.keyboard.press('End')
    await expect(tablist.getByRole('tab', { name: 'UPI' })).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('Home')
    await expect(netBanking).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('ArrowLeft')
    await expect(tablist.getByRole('tab', { name: 'UPI' })).toBeFocused()
  })

  test('the payment summary shows the order, a disabled-looking Pay, cancel and the safety note', async ({
    page,
  }) => {
    const summary = page.getByRole('complementary', { name: 'Payment Summary' })
    await expect(summary).toContainText(demoPayment.merchantLabel)
    await expect(summary).toContainText(demoPayment.sampleOrderId)
    await expect(summary).toContainText('Amount payable')
    await expect(summary.locator('.payment-summary__amount dd')).toHaveText('₹1.00')
    const pay = summary.getByRole('button', { name: 'Pay' })
    await expect(pay).toHaveAttribute('aria-disabled', 'true')
    await expect(pay).toHaveCSS('opacity', '0.55')
    await expect(summary.getByRole('link', { name: 'cancel' })).toHaveAttribute(
      'href',
      '/merchant-hosted-demo',
    )
    await expect(summary.getByText('Safe and Secure Payments', { exact: true })).toBeVisible()
  })

  test('the page is tall enough for its 180 px landing offset', async ({ page }) => {
    const room = await page.evaluate(
      () => document.documentElement.scrollHeight - window.innerHeight,
    )
    expect(room).toBeGreaterThan(180)
  })
})
