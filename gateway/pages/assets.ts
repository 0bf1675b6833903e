import type { Router } from 'express'
import { checkoutScript } from '#gateway/assets.ts'
import { gatewayBase } from '#gateway/api/qr.ts'
import type { PageSetup } from './tools.ts'

const assetPaths = { css: 'gateway.css', js: 'gateway.js', icon: 'favicon.svg' } as const

/**
 * The pages' stylesheet, script and icon (cached for good when asked for by their version),
 * and `checkout.js`, which merchants' pages load from any origin.
 */
export function assetRoutes(router: Router, setup: PageSetup): void {
  for (const [name, asset] of Object.entries(setup.assets)) {
    router.get(`/assets/${assetPaths[name as keyof typeof assetPaths]}`, (req, res) => {
      res.type(asset.type)
      res.setHeader(
        'Cache-Control',
        req.query.v === asset.version ? 'public, max-age=31536000, immutable' : 'no-cache',
      )
      res.send(asset.body)
    })
  }

  router.get('/checkout.js', (req, res) => {
    // The gateway's address comes from configuration: a script cached for everyone must not
    // carry the Host or X-Forwarded-* headers of whoever asked first.
    const gatewayUrl = gatewayBase(req, setup.publicUrl)
    res.type('text/javascript; charset=utf-8')
    res.setHeader('Cache-Control', setup.publicUrl ? 'public, max-age=300' : 'private, max-age=300')
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin')
    res.setHeader('Access-Control-Allow-Origin', '*')
    res.send(checkoutScript(gatewayUrl.replace(/\/+$/, '')))
  })
}
