import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

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

export function loadAssets(dir = assetsDir()): Record<'css' | 'js' | 'icon', Asset> {
  const read = (file: string, type: string): Asset => {
    const body = readFileSync(path.join(dir, file), 'utf8')
    const version = createHash('sha256').update(body).digest('hex').slice(0, 10)
    return { body, type, version }
  }
  return {
    css: read('gateway.css', 'text/css; charset=utf-8'),
    js: read('gateway.js', 'text/javascript; charset=utf-8'),
    icon: read('favicon.svg', 'image/svg+xml'),
  }
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
