/**
 * Renders public/og-image.jpg (1200×630), the picture link previews show. Run it again after a
 * brand change: `npm run og-image -w tools` (needs Chromium).
 */
import { chromium } from '@playwright/test'
import { brand, logoPalette, palette } from '../core/brand/brand.ts'
import { chromiumArgs } from '../tests/support/browser-settings.ts'
import { repositoryRoot } from './measure/repository.ts'

/** `#336699`, 0.35 → `rgba(51,102,153,.35)`: a palette colour seen through. */
function translucent(hex: string, alpha: number): string {
  const [red, green, blue] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16))
  return `rgba(${red},${green},${blue},${String(alpha).replace(/^0/, '')})`
}

const html = `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;box-sizing:border-box;padding:90px;font-family:Arial,sans-serif;color:#fff;
background:radial-gradient(circle at 85% 20%,${translucent(logoPalette.mint, 0.35)},transparent 45%),linear-gradient(135deg,${palette.brandStrong},${palette.brand} 60%,#5d43ea)">
<div style="display:flex;align-items:center;gap:24px">
<svg width="96" height="96" viewBox="0 0 40 40"><rect x="2" y="2" width="36" height="36" rx="10" fill="#fff"/>
<path d="M13 29V11h8.5a6 6 0 010 12H17" fill="none" stroke="${palette.brand}" stroke-width="3.4" stroke-linecap="round" stroke-linejoin="round"/>
<circle cx="27.5" cy="28.5" r="3" fill="${palette.accent}"/></svg>
<span style="font-size:64px;font-weight:700">${brand.name}</span></div>
<p style="font-size:58px;font-weight:700;line-height:1.15;margin:70px 0 24px">Accept every payment.<br>Settle T+1.</p>
<p style="font-size:30px;opacity:.9;margin:0">UPI · Cards · Net banking with 80+ banks · Wallets</p>
</div></body></html>`

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumArgs,
})
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } })
await page.setContent(html)
await page.screenshot({
  path: `${repositoryRoot}/public/og-image.jpg`,
  type: 'jpeg',
  quality: 88,
})
await browser.close()
console.log('Wrote public/og-image.jpg')
