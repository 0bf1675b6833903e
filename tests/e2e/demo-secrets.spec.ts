import type { Response } from '@playwright/test'
import { demoPathOfFlow } from '#app/content/demo.ts'
import { expect, gotoHydrated, test } from './fixtures.ts'

/**
 * The salt, the merchant-hosted key and the sandbox's key salt stay on the server (docs/architecture.md
 * "Demo merchant"). Whatever a browser downloads for the demo pages, whether the development
 * server's modules or the built assets, must not contain them. server/demo/client-assets.test.ts
 * checks every file of a build as well.
 */
const secrets = {
  PG_SALT: 'a1b2c3d4e5f60718',
  PG_MERCHANT_HOSTED_KEY: '034A0B731C8AE0736BD8D47D1B3017B3',
  SANDBOX_KEY_SALT: 'f0e1d2c3b4a59687',
}

test('no script, style or page sent for the demos holds the salt or a key', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const bodies = new Map<string, Promise<string>>()
  page.on('response', (response: Response) => {
    const url = response.url()
    if (!url.startsWith(baseURL!) || bodies.has(url)) return
    bodies.set(
      url,
      response.text().catch(() => ''),
    )
  })

  for (const path of [
    ...new Set(Object.values(demoPathOfFlow)),
    '/merchant-hosted-demo',
    '/demo/response',
  ]) {
    await gotoHydrated(page, path)
  }

  const scripts = [...bodies.keys()].filter((url) => /\.(m?js|tsx?|css)(\?|$)/.test(url))
  expect(scripts.length, 'scripts were downloaded').toBeGreaterThan(3)
  const leaks: string[] = []
  for (const [url, body] of bodies) {
    const text = await body
    for (const [name, value] of Object.entries(secrets)) {
      if (text.includes(value) || text.includes(value.toLowerCase()))
        leaks.push(`${name} in ${url}`)
    }
  }
  expect(leaks).toEqual([])
})
