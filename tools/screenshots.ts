/**
 * Full-page screenshots of pages at phone and desktop widths, to look at what we ship:
 *   npm run screenshots -w tools -- [baseUrl] [outDir] [path ...]
 * Defaults: http://localhost:3000, test-results/screenshots of the repository, every page of the
 * page table. A relative outDir is read from the folder the command was typed in.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { pages } from '../app/content/pages.ts'
import { chromiumArgs } from '../tests/support/browser-settings.ts'
import { repositoryRoot, typedPath } from './measure/repository.ts'

const [baseUrl = 'http://localhost:3000', typedOutDir, ...only] = process.argv.slice(2)
const outDir = typedOutDir
  ? typedPath(typedOutDir)
  : path.join(repositoryRoot, 'test-results/screenshots')
const paths = only.length > 0 ? only : pages.map((page) => page.path)
const widths = [375, 1280]

mkdirSync(outDir, { recursive: true })
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumArgs,
})
for (const width of widths) {
  const page = await browser.newPage({ viewport: { width, height: 900 } })
  for (const urlPath of paths) {
    await page.goto(new URL(urlPath, baseUrl).toString(), { waitUntil: 'networkidle' })
    const name = urlPath === '/' ? 'home' : urlPath.slice(1).replaceAll('/', '_')
    const file = path.join(outDir, `${name}-${width}.png`)
    await page.screenshot({ path: file, fullPage: true })
    console.log(file)
  }
  await page.close()
}
await browser.close()
