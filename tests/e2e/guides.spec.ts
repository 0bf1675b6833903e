import { getDocumentProxy } from 'unpdf'
import { guideLinks } from '#app/guides/guide-links.ts'
import { developerApiFiles } from '#gateway/openapi/files.ts'
// Axe and horizontal scroll at 375 and 1280 px: tests/e2e/a11y.spec.ts, which covers every page.
import { expect, gotoHydrated, test } from './fixtures.ts'

/** The top-level entries of a PDF's outline: its section titles. */
async function pdfSections(bytes: Buffer): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes))
  const outline = (await pdf.getOutline()) ?? []
  return outline.map((entry) => entry.title.replace(/^\d+\.?\s+/, ''))
}

test.describe('integration guides', () => {
  for (const guide of guideLinks) {
    test(`${guide.path} reads like its PDF: title, sections, tables and samples`, async ({
      page,
      request,
    }) => {
      await gotoHydrated(page, guide.path)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(guide.title)
      const article = page.locator('.guide__article')
      const sections = await article.locator('h2').allTextContents()
      expect(sections.length).toBeGreaterThan(3)
      await expect(
        page.getByRole('navigation', { name: 'On this page' }).getByRole('link'),
      ).toHaveText(sections)
      expect(await article.locator('table').count()).toBeGreaterThan(0)
      expect(await article.locator('.code-sample').count()).toBeGreaterThan(0)

      const pdfLink = page.getByRole('link', { name: 'Download the PDF' })
      await expect(pdfLink).toHaveAttribute('href', guide.pdf)
      const pdf = await request.get(guide.pdf)
      expect(pdf.headers()['content-type']).toBe('application/pdf')
      expect(await pdfSections(await pdf.body())).toEqual(sections)
    })
  }

  test('the contents jump to a section and follow the reader', async ({ page }) => {
    await gotoHydrated(page, '/developers/docs/pg-hosted')
    const contents = page.getByRole('navigation', { name: 'On this page' })
    await contents.getByRole('link', { name: 'Response codes' }).click()
    await expect(page).toHaveURL(/#response-codes$/)
    await expect(page.getByRole('heading', { level: 2, name: 'Response codes' })).toBeInViewport()
    await expect(contents.getByRole('link', { name: 'Response codes' })).toHaveAttribute(
      'aria-current',
      'location',
    )
    await page
      .getByRole('heading', { level: 2, name: 'Test data' })
      .evaluate((heading) => heading.scrollIntoView({ block: 'start' }))
    await expect(contents.getByRole('link', { name: 'Test data' })).toHaveAttribute(
      'aria-current',
      'location',
    )
    await expect(contents.locator('[aria-current]')).toHaveCount(1)
  })

  test('search finds a field name in any guide as the reader types and jumps to it', async ({
    page,
  }) => {
    await gotoHydrated(page, '/developers/docs/pg-hosted')
    const search = page.getByRole('search')
    await search.getByRole('searchbox', { name: 'Search the guides' }).fill('REFUND_ORDER_ID')
    const results = search.getByRole('list', { name: 'Search results' }).getByRole('link')
    await expect(results.first()).toBeVisible()
    await expect(search.getByRole('status')).toHaveText(/\d+ sections? found\./)
    const href = (await results.first().getAttribute('href'))!
    expect(href).toMatch(/^\/developers\/docs\/[\w-]+#[\w-]+$/)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))
    const heading = page.locator(`[id="${href.split('#')[1]}"]`)
    await expect(heading).toBeInViewport()
    await expect(page.locator('.guide__article')).toContainText('REFUND_ORDER_ID')
  })

  test('the kit language is chosen once, for every group of samples on every guide', async ({
    page,
  }) => {
    await gotoHydrated(page, '/developers/docs/seamless')
    const groups = page.locator('.code-samples')
    expect(await groups.count()).toBeGreaterThan(1)
    const withNode = groups.filter({ has: page.locator('[data-language="Node.js"]') }).first()
    const picker = withNode.getByRole('group', { name: 'Language of the samples' })
    await picker.getByRole('button', { name: 'Node.js' }).click()
    await expect(picker.getByRole('button', { name: 'Node.js' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    /** Languages of the samples a reader sees in each group that has `language`. */
    const shown = (language: string) =>
      groups.evaluateAll(
        (all, wanted) =>
          all
            .filter((group) => group.querySelector(`[data-language="${wanted}"]`))
            .map((group) =>
              [...group.querySelectorAll<HTMLElement>('.code-sample')]
                .filter((sample) => !sample.hidden)
                .map((sample) => sample.dataset.language),
            ),
        language,
      )
    const onThisPage = await shown('Node.js')
    expect(onThisPage.length).toBeGreaterThan(1)
    for (const languages of onThisPage) expect(new Set(languages)).toEqual(new Set(['Node.js']))

    await gotoHydrated(page, '/developers/docs/pg-hosted')
    const onTheNext = await shown('Node.js')
    expect(onTheNext.length).toBeGreaterThan(0)
    for (const languages of onTheNext) expect(new Set(languages)).toEqual(new Set(['Node.js']))
  })

  test('a sample copies exactly its code, and says so', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await gotoHydrated(page, '/developers/docs/api')
    const sample = page.locator('.code-sample').first()
    const language = await sample.getAttribute('data-language')
    await sample.getByRole('button', { name: `Copy the ${language} sample` }).click()
    await expect(page.getByRole('status')).toHaveText(`Copied: ${language} sample`)
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied).toBe(await sample.locator('code').textContent())
  })

  test('another spelling of a guide path moves to the canonical one; an unknown guide goes home', async ({
    request,
    page,
  }) => {
    const guide = guideLinks[0]!
    for (const spelling of [
      `${guide.path}/`,
      guide.path.toUpperCase(),
      `${guide.path.toUpperCase()}/`,
    ]) {
      const response = await request.get(spelling, { maxRedirects: 0 })
      expect(response.status(), spelling).toBe(301)
      expect(new URL(response.headers().location!, 'http://site').pathname, spelling).toBe(
        guide.path,
      )
    }
    const unknown = await request.get('/developers/docs/no-such-guide/', { maxRedirects: 0 })
    expect(unknown.status()).toBe(302)
    expect(new URL(unknown.headers().location!, 'http://site').pathname).toBe('/')
    await page.goto(`${guide.path}/`)
    await expect(page).toHaveURL(new RegExp(`${guide.path}$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(guide.title)
  })

  test('the Developers page links every guide to its web page and its PDF', async ({ page }) => {
    await gotoHydrated(page, '/developers')
    const section = page.getByRole('region', { name: 'Integration guides' })
    for (const guide of guideLinks) {
      await expect(section.getByRole('link', { name: guide.title })).toHaveAttribute(
        'href',
        guide.path,
      )
      await expect(
        section.getByRole('link', { name: `PDF of the ${guide.label} guide` }),
      ).toHaveAttribute('href', guide.pdf)
    }
    await section.getByRole('link', { name: guideLinks[0]!.title }).click()
    await expect(page).toHaveURL(new RegExp(`${guideLinks[0]!.path}$`))
  })
})

test.describe('API reference', () => {
  test('is generated from the OpenAPI document the site serves', async ({ page, request }) => {
    const document = (await (await request.get(developerApiFiles.openApi.href)).json()) as {
      info: { title: string }
      paths: Record<string, Record<string, { summary: string }>>
      webhooks: Record<string, unknown>
    }
    await gotoHydrated(page, '/developers/docs/api-reference')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(document.info.title)
    const article = page.locator('.guide__article')
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        await expect(
          article.getByRole('heading', { level: 3, name: operation.summary }),
        ).toBeVisible()
        await expect(
          article.getByText(`${method.toUpperCase()} /sandbox${path}`, { exact: true }),
        ).toBeVisible()
      }
    }
    for (const type of Object.keys(document.webhooks)) {
      await expect(article.getByRole('heading', { level: 3, name: type })).toBeVisible()
    }
    for (const file of [
      developerApiFiles.openApi,
      developerApiFiles.postmanCollection,
      developerApiFiles.postmanEnvironment,
    ]) {
      const link = page.locator('.guide__aside').locator(`a[href="${file.href}"]`)
      await expect(link).toBeVisible()
      expect((await request.get(file.href)).status()).toBe(200)
    }
  })

  test('the Developers page links it, the OpenAPI document and the Postman files', async ({
    page,
  }) => {
    await gotoHydrated(page, '/developers')
    const section = page.getByRole('region', { name: 'Integration guides' })
    await expect(section.getByRole('link', { name: 'API reference' })).toHaveAttribute(
      'href',
      '/developers/docs/api-reference',
    )
    await expect(section.getByRole('link', { name: 'OpenAPI document' })).toHaveAttribute(
      'href',
      developerApiFiles.openApi.href,
    )
    await expect(section.getByRole('link', { name: 'Postman collection' })).toHaveAttribute(
      'href',
      developerApiFiles.postmanCollection.href,
    )
  })
})

test.describe('integration guides without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('read in full, with working contents and no copy buttons', async ({ page }) => {
    await page.goto('/developers/docs/payout')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payout Integration Guide')
    const contents = page.getByRole('navigation', { name: 'On this page' })
    const first = contents.getByRole('link').nth(1)
    const name = await first.textContent()
    await first.click()
    await expect(page.getByRole('heading', { level: 2, name: name! })).toBeInViewport()
    await expect(page.locator('.code-sample').first()).toBeVisible()
    // Every sample in every kit language, one after the other.
    for (const sample of await page.locator('.code-samples .code-sample').all()) {
      await expect(sample).toBeVisible()
    }
    await expect(page.getByRole('button', { name: /^Copy/ })).toHaveCount(0)
    await expect(page.getByRole('search')).toBeHidden()
  })
})
