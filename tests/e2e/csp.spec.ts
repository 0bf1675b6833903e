import type { Page } from '@playwright/test'
import { externalLinks } from '#core/brand/brand.ts'
import { prerenderedPaths } from '#app/content/pages.ts'
import { expect, gotoHydrated, test as base } from './fixtures.ts'
import { payByCard } from './sandbox-pages.ts'

/**
 * The Content Security Policy (docs/decisions/011) allows no inline script without a hash or
 * the response's nonce. Prerendered pages are static (ADR 019): no inline script at all, only
 * their enhancement modules from the site. A policy that blocked React Router's scripts would
 * leave the forms and demos looking right but dead, so this proves hydration and client-side
 * navigation under it on pages rendered per request (nonce), and that the demos, the gateway's
 * frame and the contact map still work. Every `securitypolicyviolation` in any frame
 * fails the test, besides the console errors the shared fixture already fails on.
 */

const dev = process.env.E2E_DEV === '1'

const test = base.extend<{ violations: string[] }>({
  violations: [
    async ({ page }, use) => {
      const violations: string[] = []
      // A binding survives navigations and reaches every frame, unlike a page variable.
      await page.exposeBinding('reportCspViolation', ({ frame }, line: string) => {
        violations.push(`${frame.url()}: ${line}`)
      })
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { reportCspViolation(line: string): void })
            .reportCspViolation
          void report(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`)
        })
      })
      await use(violations)
      expect(violations, 'Content Security Policy violations').toEqual([])
    },
    { auto: true },
  ],
})

function scriptSources(policy: string | undefined): string[] {
  const directive = policy?.split(';').find((part) => part.trim().startsWith('script-src '))
  return directive?.trim().split(/\s+/).slice(1) ?? []
}

/** Marks the document, so a full page load (which would clear the mark) is told apart. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    ;(window as unknown as { sameDocument: boolean }).sameDocument = true
  })
}

async function expectSameDocument(page: Page) {
  expect(
    await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    'navigated without loading a new document',
  ).toBe(true)
}

function countDocumentLoads(page: Page): () => number {
  let loads = 0
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && request.frame() === page.mainFrame()) loads += 1
  })
  return () => loads
}

test.describe('prerendered pages', () => {
  test.skip(dev, 'the development server renders every page per request')

  test('are static: no inline script, and only their modules from the site', async ({
    page,
    request,
  }) => {
    for (const path of prerenderedPaths()) {
      const response = await request.get(path)
      const sources = scriptSources(response.headers()['content-security-policy'])
      expect(sources, path).toEqual(["'self'"])
      const html = await response.text()
      expect(html, path).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
      expect(html, path).not.toContain('modulepreload')
      expect(html, path).not.toContain('__reactRouterContext')
    }

    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
    })
    await gotoHydrated(page, '/about')
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/header-[\w-]+\.js$/)])
  })

  test('a static page reached from a hydrated one loads as a document, with its module', async ({
    page,
  }) => {
    const documentLoads = countDocumentLoads(page)
    await gotoHydrated(page, '/contact')
    await page.locator('header').getByRole('link', { name: 'Pricing', exact: true }).click()
    await expect(page).toHaveURL(/\/pricing$/)
    await expect.poll(documentLoads).toBe(2)
    await expect(page.getByRole('tab', { name: 'Payouts' })).toBeVisible()
    expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(false)
  })
})

test.describe('pages rendered per request', () => {
  test('carry a new nonce on each response, and every inline script has it', async ({
    page,
    request,
  }) => {
    const nonces = new Set<string>()
    for (let i = 0; i < 3; i++) {
      const response = await request.get('/contact')
      const sources = scriptSources(response.headers()['content-security-policy'])
      expect(sources).not.toContain("'unsafe-inline'")
      const nonce = sources.find((source) => source.startsWith("'nonce-"))
      expect(nonce).toBeTruthy()
      nonces.add(nonce!)
    }
    expect(nonces.size).toBe(3)

    const response = await page.goto('/contact')
    const nonce = scriptSources(response!.headers()['content-security-policy'])
      .find((source) => source.startsWith("'nonce-"))!
      .slice("'nonce-".length, -1)
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    const scriptNonces = await page.evaluate(() =>
      [...document.querySelectorAll('script:not([src])')].map(
        (script) => (script as HTMLScriptElement).nonce,
      ),
    )
    expect(scriptNonces.length).toBeGreaterThan(1)
    for (const scriptNonce of scriptNonces) expect(scriptNonce).toBe(nonce)
  })

  test('hydrate and navigate on the client, loading route data under connect-src', async ({
    page,
  }) => {
    const documentLoads = countDocumentLoads(page)
    await gotoHydrated(page, '/career-form')
    await markDocument(page)
    await page.locator('header').getByRole('link', { name: 'Contact', exact: true }).click()
    await expect(page).toHaveURL(/\/contact$/)
    await expect(page.locator('main h1')).toBeVisible()
    // A demo page has a loader: its data comes from the server as a fetch, not a new page.
    const data = page.waitForResponse((response) => /checkout-demo\.data/.test(response.url()))
    await page.evaluate(() => {
      const router = (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): void } }
      ).__reactRouterDataRouter
      router.navigate('/checkout-demo')
    })
    expect((await data).status()).toBe(200)
    await expect(page).toHaveURL(/\/checkout-demo$/)
    await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeVisible()
    await expectSameDocument(page)
    expect(documentLoads()).toBe(1)
  })
})

test('the contact map loads in its frame', async ({ page }) => {
  // The network is closed here; the map gets a stand-in page, but the policy is checked first.
  await page.route(/openstreetmap\.org/, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Map</title><p>Map of Raj Nagar Extension</p>',
    }),
  )
  await gotoHydrated(page, '/contact')
  await page.locator('.office-map').scrollIntoViewIfNeeded()
  const frame = page.frameLocator('iframe[title="Office location map"]')
  await expect(page.locator('iframe[title="Office location map"]')).toHaveAttribute(
    'src',
    externalLinks.mapEmbed,
  )
  await expect(frame.getByText('Map of Raj Nagar Extension')).toBeVisible()
})

test.describe('the demos under the policy', () => {
  test('PG Hosted: the form posts to the gateway and the result page shows the payment', async ({
    page,
  }) => {
    await gotoHydrated(page, '/pg-hosted-demo')
    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    await expect(page).toHaveURL(/\/sandbox\/pay\//)
    await payByCard(page, '4111 1111 1111 1111')
    await expect(page).toHaveURL(/\/demo\/response\?payment=/)
    await expect(page.locator('main h1')).toHaveText('Payment Successful')
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  })

  test('Checkout Js: checkout.js loads, the gateway frame shows and reports back', async ({
    page,
  }) => {
    await gotoHydrated(page, '/checkout-demo')
    await page.waitForFunction(() => typeof window.PaystraCheckout?.open === 'function')
    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    const frame = page.frameLocator('iframe[name="paystra-checkout-frame"]')
    await expect(frame.getByText('Paystra Demo Store')).toBeVisible()
    await frame.getByRole('tab', { name: 'UPI' }).click()
    await frame.getByRole('textbox', { name: 'UPI ID' }).fill('success@upi')
    await frame.getByRole('button', { name: 'Verify and pay' }).click()
    await expect(page.getByRole('dialog', { name: 'Payment Successful' })).toBeVisible()
  })

  test('Merchant Hosted: the signed request reaches the bank page and comes back', async ({
    page,
  }) => {
    await gotoHydrated(page, '/merchant-hosted-demo')
    await page.getByRole('link', { name: 'Proceed to Payment Page' }).click()
    await expect(page).toHaveURL(/\/merchant-hosted-checkout$/)
    await page.getByRole('button', { name: 'HDFC' }).click()
    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    await expect(page).toHaveURL(/\/sandbox\/pay\/.+\/bank$/)
    await page.getByRole('button', { name: 'Success', exact: true }).click()
    await expect(page.locator('main h1')).toHaveText('Payment Successful')
  })
})
