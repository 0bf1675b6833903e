import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { palette } from '#core/brand/brand.ts'
import { paletteCss } from '#core/brand/palette-css.ts'

export interface Asset {
  body: string
  type: string
  /** Short content hash, appended to the URL so browsers may cache the file forever. */
  version: string
}

/**
 * The folder of the stylesheet and page script. Beside this module when run from source;
 * from the working directory when the server is bundled into one file (like the migrations).
 */
function assetsDir(): string {
  const besideModule = fileURLToPath(new URL('./assets/', import.meta.url))
  return existsSync(path.join(besideModule, 'gateway.css'))
    ? besideModule
    : path.resolve('gateway/assets')
}

function asset(body: string, type: string): Asset {
  const version = createHash('sha256').update(body).digest('hex').slice(0, 10)
  return { body, type, version }
}

/**
 * The stylesheet starts with the site's colour custom properties, made from the brand's palette
 * as the site's are (core/brand/palette-css.ts), so gateway.css names colours without copying
 * them; the icon is drawn in the palette's brand colour.
 */
export function loadAssets(dir = assetsDir()): Record<'css' | 'js' | 'icon', Asset> {
  const read = (file: string) => readFileSync(path.join(dir, file), 'utf8')
  return {
    css: asset(paletteCss() + read('gateway.css'), 'text/css; charset=utf-8'),
    js: asset(read('gateway.js'), 'text/javascript; charset=utf-8'),
    icon: asset(iconSvg(), 'image/svg+xml'),
  }
}

/** The sandbox's icon: a white padlock on the brand colour. */
function iconSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${palette.brand}"/><rect x="9" y="14.5" width="14" height="10" rx="2" fill="none" stroke="#fff" stroke-width="2"/><path d="M12 14.5v-3a4 4 0 0 1 8 0v3" fill="none" stroke="#fff" stroke-width="2"/><circle cx="16" cy="19.5" r="1.5" fill="#fff"/></svg>\n`
}

/**
 * `checkout.js`: `window.PaystraCheckout = { origin, open(form, frameName) }`. open() sends the
 * merchant's signed form into the named frame, in checkout mode.
 */
export function checkoutScript(gatewayUrl: string): string {
  const origin = new URL(gatewayUrl).origin
  const action = `${gatewayUrl}/paymentrequest?mode=checkout`
  return `/* Paystra Checkout (sandbox). Docs: open(form, frameName) posts the signed form into the frame;
   the frame answers with postMessage({ isPageVisible }) and postMessage({ closeIframe, response }).
   Accept messages only when event.origin === PaystraCheckout.origin. */
(function () {
  'use strict';
  var origin = ${JSON.stringify(origin)};
  var action = ${JSON.stringify(action)};
  function open(form, frameName) {
    if (!form || typeof form.submit !== 'function') {
      throw new TypeError('PaystraCheckout.open(form, frameName): form must be a <form> element');
    }
    if (typeof frameName !== 'string' || frameName === '') {
      throw new TypeError('PaystraCheckout.open(form, frameName): frameName must name an iframe');
    }
    form.target = frameName;
    form.action = action;
    form.method = 'post';
    form.submit();
  }
  window.PaystraCheckout = Object.freeze({ origin: origin, open: open });
})();
`
}
