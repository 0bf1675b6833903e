/**
 * Every download link on the site leads to a real file: saved under its promised name, with the
 * right type, and openable — an archive lists a README and a LICENSE under one folder, a PDF
 * parses and has text. The link set must cover every download the site offers. A kit's README
 * and env example name the sandbox of the site it was downloaded from.
 */
import type { Page } from '@playwright/test'
import { allDownloads, commandLineDownload } from '#app/content/downloads.ts'
import { developerApiFiles } from '#gateway/openapi/files.ts'
import { zipFiles } from '#scripts/build/downloads/zip-read.ts'
import { pdfText, zipEntries } from '#tests/support/download-contents.ts'
import { expect, gotoHydrated, test } from './fixtures.ts'

/** The text of one entry of a zip, or undefined when it has none of that name. */
async function zipEntryText(buffer: Buffer, name: string): Promise<string | undefined> {
  return (await zipFiles(buffer)).find((file) => file.name === name)?.bytes.toString('utf8')
}

async function downloadLinks(page: Page, path: string) {
  await gotoHydrated(page, path)
  const more = page.getByRole('button', { name: 'Show More' })
  if (await more.count()) await more.click()
  return page.locator('a[href^="/downloads/"]').evaluateAll((links) =>
    links.map((link) => ({
      href: link.getAttribute('href') ?? '',
      download: link.getAttribute('download') ?? '',
    })),
  )
}

test('every download link opens a real file under its promised name', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const links = [...(await downloadLinks(page, '/')), ...(await downloadLinks(page, '/developers'))]
  const hrefs = [...new Set(links.map((link) => link.href))].sort()
  const postman = [developerApiFiles.postmanCollection, developerApiFiles.postmanEnvironment]
  expect(hrefs).toEqual(
    [...allDownloads, ...postman, commandLineDownload].map((download) => download.href).sort(),
  )

  for (const link of links) {
    if (link.href === commandLineDownload.href) {
      expect(link.download, link.href).toBe(commandLineDownload.fileName)
      const response = await request.get(link.href, { maxRedirects: 0 })
      expect(response.status(), link.href).toBe(200)
      expect(response.headers()['content-disposition']).toBe(
        `attachment; filename="${commandLineDownload.fileName}"`,
      )
      const script = await response.text()
      expect(script.startsWith('#!/usr/bin/env node\n'), link.href).toBe(true)
      expect(script).toContain('listen --forward-to')
      continue
    }
    const postmanFile = postman.find((file) => file.href === link.href)
    if (postmanFile) {
      expect(link.download, link.href).toBe(postmanFile.fileName)
      const response = await request.get(link.href, { maxRedirects: 0 })
      expect(response.status(), link.href).toBe(200)
      expect(response.headers()['content-disposition']).toBe(
        `attachment; filename="${postmanFile.fileName}"`,
      )
      // A collection names itself in info.name, an environment in name.
      const file = (await response.json()) as { info?: { name?: string }; name?: string }
      expect(file.info?.name ?? file.name, link.href).toContain('Paystra')
      continue
    }
    const download = allDownloads.find((item) => item.href === link.href)!
    expect(link.download, link.href).toBe(download.fileName)
    const response = await request.get(link.href, { maxRedirects: 0 })
    expect(response.status(), link.href).toBe(200)
    expect(response.headers()['content-disposition']).toBe(
      `attachment; filename="${download.fileName}"`,
    )
    const body = await response.body()
    if (download.format === 'zip') {
      expect(response.headers()['content-type']).toBe('application/zip')
      const names = await zipEntries(body)
      const roots = new Set(names.map((name) => name.split('/')[0]))
      expect(roots.size, `${link.href} has one top folder`).toBe(1)
      const [root] = roots
      expect(names, link.href).toContain(`${root}/README.md`)
      expect(names, link.href).toContain(`${root}/LICENSE`)
      expect(
        names.some((name) => name.endsWith('paystra.env')),
        link.href,
      ).toBe(false)
      // Its README and env example state the site it came from, every {{FACT}} filled.
      const readme = await zipEntryText(body, `${root}/README.md`)
      expect(readme, link.href).not.toMatch(/\{\{\w+\}\}/)
      const env = await zipEntryText(body, `${root}/paystra.env.example`)
      if (env !== undefined) {
        expect(env, link.href).not.toMatch(/\{\{\w+\}\}/)
        expect(env.split('\n'), link.href).toContain(`PAYSTRA_BASE_URL=${baseURL}/sandbox`)
      }
    } else {
      expect(response.headers()['content-type']).toBe('application/pdf')
      const { pages, text } = await pdfText(body)
      expect(pages, link.href).toBeGreaterThan(1)
      expect(text, link.href).toContain('Paystra')
      expect(text.length, link.href).toBeGreaterThan(2000)
    }
  }
})

test('clicking a kit and a document downloads them under their names', async ({ page }) => {
  await gotoHydrated(page, '/developers')
  for (const download of [
    allDownloads.find((item) => item.format === 'pdf')!,
    allDownloads.find((item) => item.href.includes('/server-kits/'))!,
  ]) {
    const saved = page.waitForEvent('download')
    await page.locator(`a[href="${download.href}"]`).first().click()
    expect((await saved).suggestedFilename()).toBe(download.fileName)
  }
})
