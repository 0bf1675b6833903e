import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { crossSiteVerdict } from './cross-site.ts'

const site = 'https://www.paystra.example'
const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage

describe('crossSiteVerdict', () => {
  it("passes a browser's post from our own pages, or one the visitor started", () => {
    expect(crossSiteVerdict(request({ 'sec-fetch-site': 'same-origin' }), site).ok).toBe(true)
    expect(crossSiteVerdict(request({ 'sec-fetch-site': 'none' }), site).ok).toBe(true)
  })

  it('passes our own pages posting to a form API on another host', () => {
    const fromOurPage = request({
      'sec-fetch-site': 'same-site',
      origin: site,
      host: 'api.example',
    })
    expect(crossSiteVerdict(fromOurPage, site).ok).toBe(true)
  })

  it('refuses what another site, even a sister subdomain, made the browser send', () => {
    for (const value of ['cross-site', 'same-site']) {
      const verdict = crossSiteVerdict(
        request({
          'sec-fetch-site': value,
          origin: 'https://shop.paystra.example',
          host: 'www.paystra.example',
        }),
        site,
      )
      expect(verdict).toEqual({ ok: false, reason: `sec-fetch-site ${value}` })
    }
  })

  it('without Sec-Fetch-Site, reads Origin: ours (configured or addressed) passes, any other fails', () => {
    expect(crossSiteVerdict(request({ origin: site }), site).ok).toBe(true)
    expect(
      crossSiteVerdict(request({ origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' }), site)
        .ok,
    ).toBe(true)
    expect(
      crossSiteVerdict(
        request({ origin: 'https://evil.example', host: 'www.paystra.example' }),
        site,
      ),
    ).toEqual({ ok: false, reason: 'origin' })
    // A sandboxed frame or a privacy-minded browser says "null": not ours.
    expect(
      crossSiteVerdict(request({ origin: 'null', host: 'www.paystra.example' }), site).ok,
    ).toBe(false)
  })

  it('passes a request that names neither: not a page in a browser, so nothing is forged', () => {
    expect(crossSiteVerdict(request({ host: 'www.paystra.example' }), site).ok).toBe(true)
  })
})
