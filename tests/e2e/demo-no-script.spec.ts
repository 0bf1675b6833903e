import type { Page } from '@playwright/test'
import { expect, expectNoAxeViolations, test } from './fixtures.ts'
import { payByCard } from './sandbox-pages.ts'

/**
 * The live demos with JavaScript off (or before a slow phone has loaded the page's modules):
 * Pay posts the page's form to its route's action, the answer continues to the gateway with one
 * button, the sandbox's pages take the payment and the result comes back to /demo/response.
 */
// Reduced motion: the site opts in to cross-document view transitions, and Chromium reports one
// it aborts (towards the sandbox's pages, which do not opt in, and now and then between pages
// loaded without scripts) as a page error. The site's scripts skip the first (app/root.tsx);
// without scripts only the visitor's settings can. The payments are not affected; the error
// would only fail this suite's no-page-error rule.
test.use({ javaScriptEnabled: false, reducedMotion: 'reduce' })

const continueLabel = 'Continue to payment'

/**
 * axe runs as a script in the page, which a page without scripts refuses. So the page as the
 * browser laid it out without them (its <noscript> content shown, no script in it) is copied
 * into a page of the same origin that allows scripts, and axe reads that.
 */
async function expectNoAxeViolationsWithoutScripts(page: Page) {
  const root = page.locator('html')
  const [lang, markup] = await Promise.all([root.getAttribute('lang'), root.innerHTML()])
  const laidOutWithoutScripts = markup
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<\/?noscript>/gi, '')
  const withScripts = await page.context().browser()!.newContext({ javaScriptEnabled: true })
  const copy = await withScripts.newPage()
  try {
    await copy.goto(new URL('/robots.txt', page.url()).href)
    await copy.setContent(`<!doctype html><html lang="${lang}">${laidOutWithoutScripts}</html>`)
    await expectNoAxeViolations(copy)
  } finally {
    await withScripts.close()
  }
}

/**
 * Pay looks unavailable until a method is chosen, yet a person can press it; Playwright's click
 * would wait for it to become enabled. Hovering first waits for the page to be painted and the
 * button steady: Chromium drops a press on a page not painted yet.
 */
async function pressPay(page: Page) {
  const { pay } = checkoutParts(page)
  await pay.hover()
  await pay.click({ force: true })
}

/** The continuation page: one button in the page's main, posting the signed order onwards. */
async function continueToGateway(page: Page, demoPath: string) {
  await expect(page).toHaveURL(new RegExp(`${demoPath}(\\?|$)`))
  await expect(page.getByRole('heading', { name: 'Your order is ready' })).toBeVisible()
  await expect(page.locator('main').getByRole('button')).toHaveText([continueLabel])
  await page.getByRole('button', { name: continueLabel }).click()
}

/** The sandbox's result page posts back to the store on its own only with scripts. */
async function returnToStore(page: Page) {
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await expect(page).toHaveURL(/\/demo\/response\?payment=[0-9a-f-]{36}$/)
}

function checkoutParts(page: Page) {
  const summary = page.getByRole('complementary', { name: 'Payment Summary' })
  return {
    tab: (name: string) => page.getByRole('tab', { name }),
    tile: (name: string) => page.getByRole('button', { name, exact: true }),
    pay: summary.getByRole('button', { name: 'Pay', exact: true }),
    alert: summary.getByRole('alert'),
    upi: page.getByRole('textbox', { name: 'UPI ID' }),
  }
}

test('PG Hosted: Pay, Continue to payment, a card: "Payment Successful", and the order is this browser\'s', async ({
  page,
}) => {
  await page.goto('/pg-hosted-demo')
  await page.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Your order is ready' })).toBeVisible()
  await expectNoAxeViolationsWithoutScripts(page)
  await continueToGateway(page, '/pg-hosted-demo')

  await expect(page).toHaveURL(/\/sandbox\/pay\//)
  const orderId = await page.locator('dt', { hasText: 'Order ID' }).locator('+ dd').innerText()
  await payByCard(page, '4111 1111 1111 1111')
  await returnToStore(page)
  await expect(page.locator('main h1')).toHaveText('Payment Successful')

  // The action's cookie remembers the order: the look-up by order id finds it in this browser.
  await page.goto(`/demo/response?order=${orderId}`)
  await expect(page.locator('main h1')).toHaveText('Payment Successful')
})

test.describe('Merchant Hosted checkout', () => {
  test('a bank tile chosen, then Pay: Continue to payment, Success: "Payment Successful"', async ({
    page,
  }) => {
    await page.goto('/merchant-hosted-checkout')
    const { tile, pay } = checkoutParts(page)
    await tile('HDFC').click()
    await expect(page).toHaveURL(/[?&]mopType=1004(&|$)/)
    await expect(tile('HDFC')).toHaveAttribute('aria-pressed', 'true')
    await expect(pay).toHaveAttribute('aria-disabled', 'false')
    await pressPay(page)
    await expectNoAxeViolationsWithoutScripts(page)
    await continueToGateway(page, '/merchant-hosted-checkout')

    await expect(page.locator('main h1')).toHaveText('HDFC: approve this payment')
    await page.getByRole('button', { name: 'Success', exact: true }).click()
    await returnToStore(page)
    await expect(page.locator('main h1')).toHaveText('Payment Successful')
    await expect(page.locator('dt', { hasText: 'Payment method' }).locator('+ dd')).toHaveText(
      'Net Banking · HDFC',
    )
  })

  test('Pay without a bank says "Please select any bank" beside Pay', async ({ page }) => {
    await page.goto('/merchant-hosted-checkout')
    const { alert, tab } = checkoutParts(page)
    await pressPay(page)
    await expect(alert).toHaveText('Please select any bank')
    await expect(tab('Net Banking')).toHaveAttribute('aria-selected', 'true')
    await expectNoAxeViolationsWithoutScripts(page)
  })

  test('a wallet tab chosen by its link, Pay without a wallet says "Please select any wallet"', async ({
    page,
  }) => {
    await page.goto('/merchant-hosted-checkout')
    const { tab, alert, tile } = checkoutParts(page)
    await tab('Wallet').click()
    await expect(page).toHaveURL(/\?paymentType=WL$/)
    await expect(tab('Wallet')).toHaveAttribute('aria-selected', 'true')
    await expect(tile('Paytm')).toBeVisible()
    await pressPay(page)
    await expect(alert).toHaveText('Please select any wallet')
  })

  test('a bad UPI ID is refused beside its field and kept; a good one pays: "Payment Successful"', async ({
    page,
  }) => {
    await page.goto('/merchant-hosted-checkout')
    const { tab, pay, upi } = checkoutParts(page)
    await tab('UPI').click()
    await expect(pay).toHaveAttribute('aria-disabled', 'false')
    await upi.fill('aarav@u')
    await pressPay(page)

    const field = page.locator('.form-field', { has: upi })
    await expect(field.locator('.form-field__error')).toHaveText('Invalid UPI ID')
    await expect(upi).toHaveAttribute('aria-invalid', 'true')
    await expect(upi).toHaveValue('aarav@u')
    await expect(upi).toBeFocused()
    await expect(tab('UPI')).toHaveAttribute('aria-selected', 'true')
    await expectNoAxeViolationsWithoutScripts(page)

    await upi.fill('')
    await pressPay(page)
    await expect(field.locator('.form-field__error')).toHaveText('Please Enter UPI ID')

    await upi.fill('success@upi')
    await pressPay(page)
    await continueToGateway(page, '/merchant-hosted-checkout')
    await returnToStore(page)
    await expect(page.locator('main h1')).toHaveText('Payment Successful')
    await expect(page.locator('dt', { hasText: 'Payment method' }).locator('+ dd')).toHaveText(
      'UPI',
    )
  })
})

// getByText skips a <noscript>'s content, which the browser shows without scripts.
const needsScripts = (page: Page) => page.locator('.checkout-demo__no-script')

test('Checkout Js says it needs JavaScript and links the PG Hosted demo', async ({ page }) => {
  await page.goto('/checkout-demo')
  await expect(needsScripts(page)).toBeVisible()
  await expect(needsScripts(page)).toContainText('so it needs JavaScript')
  await page.getByRole('link', { name: 'PG Hosted demo' }).click()
  await expect(page).toHaveURL(/\/pg-hosted-demo$/)
})

test('Checkout Js: the no-script message passes axe', async ({ page }) => {
  await page.goto('/checkout-demo')
  await expect(needsScripts(page)).toBeVisible()
  await expectNoAxeViolationsWithoutScripts(page)
})
