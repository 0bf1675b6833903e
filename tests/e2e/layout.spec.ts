import { pages } from '#app/content/pages.ts'
import { expect, gotoHydrated, test } from './fixtures.ts'

// Header and footer behaviour is checked on /about: the home page opens a modal launch popup,
// which has tests of its own in home.spec.ts.

test.describe('routes', () => {
  // One load per page for what its head and its screen say: its title, its description,
  // canonical link and Open Graph tags.
  for (const entry of pages) {
    test(`${entry.path} renders its screen with its own title, description, canonical link and Open Graph tags`, async ({
      page,
    }) => {
      const response = await page.goto(entry.path)
      expect(response?.status()).toBe(200)
      await expect(page).toHaveTitle(entry.title)
      await expect(page.locator('main')).not.toBeEmpty()
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        'content',
        entry.description,
      )
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        new RegExp(`${entry.path === '/' ? '/' : entry.path}$`),
      )
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
        'content',
        entry.title,
      )
    })
  }

  test('an unknown path is a real HTTP redirect to /', async ({ request }) => {
    const response = await request.get('/no-such-page', { maxRedirects: 0 })
    expect(response.status()).toBe(302)
    expect(response.headers()['location']).toBe('/')
  })

  test('an unknown path opened in the browser lands on the home page', async ({ page }) => {
    await page.goto('/no/such/page')
    await expect(page).toHaveURL(/\/$/)
  })

  test('an unknown path reached inside the app redirects to /', async ({ page }) => {
    // A page that runs React Router in the browser: static pages have no client router.
    await gotoHydrated(page, '/contact')
    await page.evaluate(() => {
      const router = (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): void } }
      ).__reactRouterDataRouter
      router.navigate('/not-a-route')
    })
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('link', { name: 'Home', exact: true }).first()).toHaveAttribute(
      'aria-current',
      'page',
    )
    // Loaded as a document, so the static home page's own modules ran.
    await expect(page.getByRole('dialog', { name: 'We have a new name' })).toBeVisible()
    expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(false)
  })
})

test.describe('navigation', () => {
  test('client navigation marks the current page and scrolls to the top', async ({ page }) => {
    await gotoHydrated(page, '/about')
    await page.evaluate(() => window.scrollTo(0, 600))
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('link', { name: 'Pricing' }).click()
    await expect(page).toHaveURL(/\/pricing$/)
    await expect(nav.getByRole('link', { name: 'Pricing' })).toHaveAttribute('aria-current', 'page')
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute(
      'aria-current',
      'page',
    )
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  })

  test('static pages are prerendered on hover from the rules every page names', async ({
    page,
    request,
  }) => {
    const response = await request.get('/about')
    expect(response.headers()['speculation-rules']).toBe('"/speculation-rules.json"')
    const rules = await request.get('/speculation-rules.json')
    expect(rules.headers()['content-type']).toBe('application/speculationrules+json')
    expect(JSON.stringify(await rules.json())).toContain('"href_matches":"/pricing"')

    await gotoHydrated(page, '/about')
    const nav = page.getByRole('navigation', { name: 'Main' })
    const prerendered = page.context().waitForEvent('request', {
      predicate: (request) => new URL(request.url()).pathname === '/pricing',
    })
    await nav.getByRole('link', { name: 'Pricing' }).hover()
    await prerendered
    await nav.getByRole('link', { name: 'Pricing' }).click()
    await expect(page).toHaveURL(/\/pricing$/)
    await expect(page.getByRole('tab', { name: 'Payouts' })).toBeVisible()
  })

  test('a link to a #section opens at that section, not at the top', async ({ page }) => {
    await gotoHydrated(page, '/policy#sensitive-data')
    await expect(page.locator('#sensitive-data')).toBeInViewport()
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300)
  })

  test('merchant-hosted-checkout opens 180 px down', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 500 })
    await gotoHydrated(page, '/merchant-hosted-demo')
    await page.evaluate(() => {
      const router = (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): void } }
      ).__reactRouterDataRouter
      router.navigate('/merchant-hosted-checkout')
    })
    await expect(page).toHaveURL(/merchant-hosted-checkout$/)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(180)
  })

  test('the header links in the order docs/product.md gives, with Login opening the portal in a new tab', async ({
    page,
  }) => {
    await page.goto('/about')
    const nav = page.getByRole('navigation', { name: 'Main' })
    const names = await nav
      .locator('.site-nav__list > li > a, .site-nav__list > li > div > button')
      .allInnerTexts()
    expect(names.map((name) => name.trim())).toEqual([
      'Home',
      'About',
      'Services',
      'Developers',
      'Live Demo',
      'Pricing',
      'Contact',
    ])
    const login = nav.getByRole('link', { name: /Login/ })
    await expect(login).toHaveAttribute('target', '_blank')
    await expect(login).toHaveAttribute('href', /^https?:\/\/.+\/login$/)
  })
})

test.describe('Live Demo dropdown', () => {
  test('lists the three demos, each opening in a new tab', async ({ page }) => {
    await gotoHydrated(page, '/about')
    const button = page.getByRole('button', { name: 'Live Demo' })
    await expect(button).toHaveAttribute('aria-expanded', 'false')
    await button.click()
    await expect(button).toHaveAttribute('aria-expanded', 'true')
    const expected = [
      ['PG Hosted', '/pg-hosted-demo'],
      ['Merchant Hosted', '/merchant-hosted-demo'],
      ['Checkout Js', '/checkout-demo'],
    ]
    for (const [name, href] of expected) {
      const link = page.getByRole('link', { name: new RegExp(`^${name}`) })
      await expect(link).toBeVisible()
      await expect(link).toHaveAttribute('href', href!)
      await expect(link).toHaveAttribute('target', '_blank')
    }
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('link', { name: /^PG Hosted/ }).click(),
    ])
    await expect(popup).toHaveURL(/\/pg-hosted-demo$/)
  })

  test('works with the keyboard and closes on Escape', async ({ page }) => {
    await gotoHydrated(page, '/about')
    const button = page.getByRole('button', { name: 'Live Demo' })
    await button.focus()
    await page.keyboard.press('Enter')
    await expect(button).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('ArrowDown')
    await expect(page.getByRole('link', { name: /^PG Hosted/ })).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(page.getByRole('link', { name: /^Merchant Hosted/ })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(button).toHaveAttribute('aria-expanded', 'false')
    await expect(page.getByRole('link', { name: /^PG Hosted/ })).toBeHidden()
    await expect(button).toBeFocused()
  })

  test('closes on a click outside', async ({ page }) => {
    await gotoHydrated(page, '/about')
    const button = page.getByRole('button', { name: 'Live Demo' })
    await button.click()
    await expect(page.getByRole('link', { name: /^Checkout Js/ })).toBeVisible()
    await page.locator('footer').click({ position: { x: 5, y: 5 } })
    await expect(button).toHaveAttribute('aria-expanded', 'false')
  })
})

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 375, height: 800 } })

  test('collapses below 992 px behind a Menu button that opens and closes', async ({ page }) => {
    await gotoHydrated(page, '/about')
    const menu = page.getByRole('button', { name: 'Menu' })
    const pricing = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Pricing' })
    await expect(menu).toBeVisible()
    await expect(pricing).toBeHidden()
    await menu.click()
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    await expect(pricing).toBeVisible()
    await menu.click()
    await expect(pricing).toBeHidden()
  })

  test('closes on Escape and on a click outside, and after navigating', async ({ page }) => {
    await gotoHydrated(page, '/about')
    const menu = page.getByRole('button', { name: 'Menu' })
    const nav = page.getByRole('navigation', { name: 'Main' })
    await menu.click()
    await page.keyboard.press('Escape')
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await expect(menu).toBeFocused()
    await menu.click()
    // Below the open menu panel, on the page itself.
    await page.mouse.click(200, 780)
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await menu.click()
    await nav.getByRole('link', { name: 'About' }).click()
    await expect(menu, 'a link to the page already shown').toHaveAttribute('aria-expanded', 'false')
    await menu.click()
    await nav.getByRole('link', { name: 'Services' }).click()
    await expect(page).toHaveURL(/\/services$/)
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
  })

  test('is reachable with the keyboard alone', async ({ page }) => {
    await gotoHydrated(page, '/about')
    const menu = page.getByRole('button', { name: 'Menu' })
    await menu.focus()
    await page.keyboard.press('Enter')
    await page.keyboard.press('Tab')
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }),
    ).toBeFocused()
  })

  test('is not shown at 992 px and wider', async ({ page }) => {
    await page.setViewportSize({ width: 992, height: 800 })
    await page.goto('/about')
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden()
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }),
    ).toBeVisible()
  })
})

test.describe('header menus without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the Live Demo menu opens, lists the demos and closes on Escape, natively', async ({
    page,
  }) => {
    await page.goto('/about')
    const button = page.getByRole('button', { name: 'Live Demo' })
    await button.click()
    const pgHosted = page.getByRole('link', { name: /^PG Hosted/ })
    await expect(pgHosted).toBeVisible()
    await expect(pgHosted).toHaveAttribute('href', '/pg-hosted-demo')
    await expect(page.getByRole('link', { name: /^Checkout Js/ })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(pgHosted).toBeHidden()
  })

  test('the mobile menu opens at 375 px and its links lead to their pages', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto('/about')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link', { name: 'Pricing' })).toBeHidden()
    await page.getByRole('button', { name: 'Menu' }).click()
    await nav.getByRole('link', { name: 'Pricing' }).click()
    await expect(page).toHaveURL(/\/pricing$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  })
})

test.describe('footer', () => {
  test('has the quick links and help links of docs/product.md#routes-and-screens', async ({
    page,
  }) => {
    await page.goto('/about')
    const quick = page.getByRole('navigation', { name: 'Quick Links' })
    await expect(quick.getByRole('link')).toHaveText([
      'About Us',
      'Services',
      'Pricing',
      'Developers',
      'Contact',
      'Pamphlet',
    ])
    const help = page.getByRole('navigation', { name: 'Help' })
    await expect(help.getByRole('link')).toHaveText([
      'Privacy Policy',
      /^Terms of Use \(Website\)/,
      /^Terms & Conditions \(Merchant\)/,
      'FAQ',
      'Career',
      /^RBI Kehta Hai/,
    ])
  })

  test('opens the two terms documents, real PDFs, in a new tab', async ({ page, request }) => {
    await page.goto('/about')
    const help = page.getByRole('navigation', { name: 'Help' })
    for (const name of [/^Terms of Use \(Website\)/, /^Terms & Conditions \(Merchant\)/]) {
      const link = help.getByRole('link', { name })
      await expect(link).toHaveAttribute('target', '_blank')
      const href = await link.getAttribute('href')
      expect(href).toMatch(/^\/pdf\/.+\.pdf$/)
      const response = await request.get(href!)
      expect(response.status()).toBe(200)
      expect(response.headers()['content-type']).toBe('application/pdf')
      const body = await response.body()
      expect(body.subarray(0, 5).toString()).toBe('%PDF-')
    }
  })
})

test.describe('search engines', () => {
  test('robots.txt and sitemap.xml list the site', async ({ request }) => {
    const robots = await request.get('/robots.txt')
    expect(robots.status()).toBe(200)
    expect(await robots.text()).toContain('Sitemap: ')
    const sitemap = await request.get('/sitemap.xml')
    expect(sitemap.status()).toBe(200)
    const xml = await sitemap.text()
    for (const page of pages.filter((entry) => entry.indexed)) {
      expect(xml).toContain(`${page.path === '/' ? '' : page.path}</loc>`)
    }
  })

  test('marketing pages are prerendered: their text is in the HTML before any script runs', async ({
    request,
  }) => {
    for (const entry of pages.filter((page) => page.kind === 'marketing')) {
      const html = await (await request.get(entry.path)).text()
      expect(html, entry.path).toContain(`<title>${entry.title}</title>`)
      expect(html, entry.path).toContain('<main id="main"')
    }
  })
})
