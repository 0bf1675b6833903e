import type { Locator, Page } from '@playwright/test'
import { amountErrors } from '#core/pricing/fees.ts'
import {
  expect,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  gotoHydrated,
  test,
} from './fixtures.ts'

const tabLabels = ['Payment Gateway', 'Subscription', 'Payouts', 'Paylinks', 'Auto Collection']

/** Rates docs/product.md#business-constants-and-limits states for each tab, as the page must show them. */
const keyRates: Record<string, string[]> = {
  'Payment Gateway': ['0.00%', '0.40%', '0.90%', '2.00%', '2.10%', '3.00%', 'Up to ₹2,000'],
  Subscription: ['₹6.00', '₹7.00', '₹4.00', '₹15.00', 'Above ₹250 up to ₹1,000'],
  Payouts: ['NEFT', 'RTGS', 'IMPS', '₹5.00', '₹8.00', '₹12.00', 'Above ₹10,000 up to ₹25,000'],
  Paylinks: ['₹1.00', '₹5.00', 'beneficiary validation'],
  'Auto Collection': ['₹5.00', '₹7.50', '₹10.00', '₹15.00', 'Above ₹25,000'],
}

async function openTab(page: Page, label: string): Promise<Locator> {
  await page.getByRole('tab', { name: label }).click()
  return page.getByRole('tabpanel', { name: label })
}

/** The calculator's result line for a label, e.g. "You receive ₹1,990.56". */
function resultLine(panel: Locator, label: string | RegExp) {
  return panel.locator('.fee-calculator__lines > div').filter({ hasText: label })
}

async function calculate(panel: Locator, amountLabel: string, amount: string) {
  const input = panel.getByLabel(amountLabel)
  await input.fill(amount)
  return input
}

test.beforeEach(async ({ page }) => {
  await gotoHydrated(page, '/pricing')
})

test('the Standard Plan tabs follow the WAI-ARIA tabs pattern', async ({ page }) => {
  const tabs = page.getByRole('tab')
  await expect(tabs).toHaveText(tabLabels)
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tabpanel')).toHaveCount(1)
  await expect(page.getByRole('tabpanel')).toHaveAccessibleName('Payment Gateway')

  await page.getByRole('tab', { name: 'Payouts' }).click()
  await expect(page.getByRole('tab', { name: 'Payouts' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tab', { name: 'Payment Gateway' })).toHaveAttribute(
    'aria-selected',
    'false',
  )
  await expect(page.getByRole('tabpanel')).toHaveCount(1)
  await expect(page.getByRole('tabpanel')).toHaveAccessibleName('Payouts')

  // One tab stop for the list; arrows move focus and selection and wrap.
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('tab', { name: 'Paylinks' })).toBeFocused()
  await expect(page.getByRole('tabpanel')).toHaveAccessibleName('Paylinks')
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('tab', { name: 'Payment Gateway' })).toBeFocused()
  await page.keyboard.press('ArrowLeft')
  await expect(page.getByRole('tabpanel')).toHaveAccessibleName('Auto Collection')
  await page.keyboard.press('Home')
  await expect(page.getByRole('tabpanel')).toHaveAccessibleName('Payment Gateway')
  await page.keyboard.press('End')
  await expect(page.getByRole('tab', { name: 'Auto Collection' })).toBeFocused()
  await expect(page.getByRole('tabpanel')).toHaveCount(1)

  // Tab leaves the list for the panel instead of walking through the other tabs.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('tabpanel')).toBeFocused()
})

for (const label of tabLabels) {
  test(`the ${label} panel shows its rates in a table`, async ({ page }) => {
    const panel = await openTab(page, label)
    const table = panel.getByRole('table')
    await expect(table).toBeVisible()
    for (const rate of keyRates[label] ?? []) {
      await expect(table, rate).toContainText(rate)
    }
  })
}

test('Payment Gateway calculator: the debit card slab edge and UPI at zero', async ({ page }) => {
  const panel = page.getByRole('tabpanel', { name: 'Payment Gateway' })
  await panel.getByLabel('Payment method').selectOption({ label: 'Debit card' })
  await calculate(panel, 'Payment amount (₹)', '2000')
  await expect(resultLine(panel, 'Debit card (0.40%)')).toContainText('₹8.00')
  await expect(resultLine(panel, 'You receive')).toContainText('₹1,990.56')

  await calculate(panel, 'Payment amount (₹)', '2000.01')
  await expect(resultLine(panel, 'Debit card (0.90%)')).toContainText('₹18.00')
  await expect(resultLine(panel, 'You receive')).toContainText('₹1,978.77')

  await panel.getByLabel('Payment method').selectOption({ label: 'UPI and RuPay Debit' })
  await calculate(panel, 'Payment amount (₹)', '1,50,000')
  await expect(resultLine(panel, 'Total charges incl. GST')).toContainText('₹0.00')
  await expect(resultLine(panel, 'You receive')).toContainText('₹1,50,000.00')
})

test('the amount field explains bad input once the visitor leaves it', async ({ page }) => {
  const panel = page.getByRole('tabpanel', { name: 'Payment Gateway' })
  const input = await calculate(panel, 'Payment amount (₹)', 'abc')
  await expect(input).toHaveAttribute('inputmode', 'decimal')
  await input.press('Tab')
  await expect(panel.getByText(amountErrors.notNumber)).toBeVisible()
  await expect(input).toHaveAttribute('aria-invalid', 'true')

  await input.fill('')
  await input.blur()
  await expect(panel.getByText('Enter an amount in rupees, like 1500 or 1500.50.')).toBeVisible()

  await input.fill('-20')
  await input.press('Enter')
  await expect(panel.getByText(amountErrors.negative)).toBeVisible()

  await input.fill('10.505')
  await input.blur()
  await expect(panel.getByText(amountErrors.tooManyDecimals)).toBeVisible()

  await input.fill('500')
  await expect(input).not.toHaveAttribute('aria-invalid', 'true')
  await expect(resultLine(panel, 'You receive')).toBeVisible()
})

test('Subscription calculator: UPI AutoPay slabs at ₹250 and ₹1,000', async ({ page }) => {
  const panel = await openTab(page, 'Subscription')
  await panel.getByLabel('How the debit is collected').selectOption({
    label: 'UPI AutoPay monthly presentation',
  })
  await calculate(panel, 'Debit amount (₹)', '250')
  await expect(resultLine(panel, /UPI AutoPay monthly presentation/)).toContainText('₹4.00')
  await calculate(panel, 'Debit amount (₹)', '250.01')
  await expect(resultLine(panel, /UPI AutoPay monthly presentation/)).toContainText('₹7.00')
  await calculate(panel, 'Debit amount (₹)', '1000.01')
  await expect(resultLine(panel, /UPI AutoPay monthly presentation/)).toContainText('₹15.00')
  await expect(resultLine(panel, 'You receive')).toContainText('₹982.31')

  await panel.getByLabel('How the debit is collected').selectOption({ label: 'Debit transaction' })
  await expect(resultLine(panel, /Debit transaction/)).toContainText('₹7.00')
})

test('Payouts calculator: IMPS slabs, NEFT flat, and the RTGS minimum', async ({ page }) => {
  const panel = await openTab(page, 'Payouts')
  const rail = panel.getByLabel('Transfer rail')
  await rail.selectOption({ label: 'IMPS' })
  await calculate(panel, 'Transfer amount (₹)', '10000')
  await expect(resultLine(panel, 'Total debited')).toContainText('₹10,005.90')
  await calculate(panel, 'Transfer amount (₹)', '25000.01')
  await expect(resultLine(panel, 'IMPS (₹12.00)')).toContainText('₹12.00')
  await expect(resultLine(panel, 'Total debited')).toContainText('₹25,014.17')

  await rail.selectOption({ label: 'NEFT' })
  await expect(resultLine(panel, 'NEFT (₹5.00)')).toContainText('₹5.00')

  await rail.selectOption({ label: 'RTGS' })
  await expect(panel.getByText(/RTGS transfers start at ₹2,00,000/)).toBeVisible()
  await calculate(panel, 'Transfer amount (₹)', '200000')
  await expect(resultLine(panel, 'Total debited')).toContainText('₹2,00,005.90')
})

test('Paylinks calculator: link fee, validation and transaction charge', async ({ page }) => {
  const panel = await openTab(page, 'Paylinks')
  await panel.getByLabel('Link type').selectOption({ label: 'Validated link' })
  await panel.getByLabel('Customer pays with').selectOption({ label: 'Credit card' })
  await calculate(panel, 'Link amount (₹)', '1000')
  await expect(resultLine(panel, 'Validated link (₹1.00)')).toContainText('₹1.00')
  await expect(resultLine(panel, 'Beneficiary validation')).toContainText('₹5.00')
  await expect(resultLine(panel, /Credit card \(2\.00%\)/)).toContainText('₹20.00')
  // (1 + 5 + 20) × 1.18 = 30.68
  await expect(resultLine(panel, 'You receive')).toContainText('₹969.32')

  await panel.getByLabel('Link type').selectOption({ label: 'Normal link' })
  await expect(resultLine(panel, 'You receive')).toContainText('₹975.22')
})

test('Auto Collection calculator: slab edges at ₹10,000 and ₹25,000', async ({ page }) => {
  const panel = await openTab(page, 'Auto Collection')
  await calculate(panel, 'Transfer amount (₹)', '10000')
  await expect(resultLine(panel, /Per transaction/)).toContainText('₹7.50')
  await calculate(panel, 'Transfer amount (₹)', '10000.01')
  await expect(resultLine(panel, /Per transaction/)).toContainText('₹10.00')
  await calculate(panel, 'Transfer amount (₹)', '25000.01')
  await expect(resultLine(panel, /Per transaction/)).toContainText('₹15.00')
  await expect(panel.getByText(/Virtual account setup ₹5\.00/)).toBeVisible()
})

test('the Special Plan offers custom pricing and a Contact Us link to /contact', async ({
  page,
}) => {
  const special = page.getByRole('region', { name: 'Special Plan' })
  await expect(special).toContainText('Custom pricing for large volumes')
  await expect(special).toContainText('Online activation within 24 hours')
  await special.getByRole('link', { name: 'Contact Us' }).click()
  await expect(page).toHaveURL(/\/contact$/)
})

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })
    test('every panel, and an input error, passes axe without horizontal scroll', async ({
      page,
    }) => {
      // Six axe runs on a shared machine take longer than one page's budget.
      test.slow()
      for (const label of tabLabels) {
        await openTab(page, label)
        await expectNoHorizontalScroll(page)
        await expectNoAxeViolations(page)
      }
      const panel = page.getByRole('tabpanel')
      const input = panel.getByRole('textbox')
      await input.fill('12.345')
      await input.blur()
      await expect(panel.getByText(amountErrors.tooManyDecimals)).toBeVisible()
      await expectNoAxeViolations(page)
    })
  })
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('each product link shows its panel, and the calculator shows the default quote', async ({
    page,
  }) => {
    const products = page.getByRole('navigation', { name: 'Standard Plan products' })
    const gateway = page.locator('#pricing-panel-payment-gateway')
    await expect(gateway).toBeVisible()
    await expect(resultLine(gateway, 'You receive')).toContainText('₹1,990.56')
    await expect(page.locator('#pricing-panel-payouts')).toBeHidden()

    for (const label of tabLabels) {
      await products.getByRole('link', { name: label }).click()
      const panel = page.locator('.pricing-tabs__panel:target')
      await expect(panel).toBeVisible()
      await expect(page.locator('.pricing-tabs__panel:visible')).toHaveCount(1)
      for (const rate of keyRates[label] ?? []) {
        await expect(panel.getByRole('table'), rate).toContainText(rate)
      }
    }
  })
})
