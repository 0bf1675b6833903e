import { type Request, type Response, Router } from 'express'
import QRCode from 'qrcode'
import { gatewayBase } from './api/qr.ts'
import { qrContent } from './api/qr-checks.ts'
import { formFields, testUpiOutcome } from './checks.ts'
import {
  context,
  finish,
  load,
  notFound,
  type PageSetup,
  showPage,
  showResponse,
  whenOpen,
} from './pages/tools.ts'
import type { SandboxTransaction } from './store.ts'
import { qrScanPage, type ScanKind } from './views/qr-page.ts'

/** How the QR codes are drawn: medium error correction, the standard quiet zone, 360 px. */
export const QR_IMAGE = { type: 'png', errorCorrectionLevel: 'M', margin: 4, width: 360 } as const

function scanKind(transaction: SandboxTransaction): ScanKind | undefined {
  if (transaction.mode === 'qr-upi') return 'UPI'
  if (transaction.mode === 'qr-pg') return 'PG'
  return undefined
}

/**
 * A QR payment's image (`/qr/<id>.png`), its sandbox scan page (`/qr/<id>`) and the test UPI
 * IDs that pay a UPI QR from that page (`POST /qr/<id>/upi`).
 */
export function qrPages(setup: PageSetup): Router {
  const router = Router()

  /** The QR payment named in the URL; anything else is 404. */
  const loadQr = async (req: Request, res: Response) => {
    const loaded = await load(setup, req, res)
    if (!loaded) return undefined
    const kind = scanKind(loaded.transaction)
    if (!kind) {
      notFound(setup, req, res)
      return undefined
    }
    return { ...loaded, kind }
  }

  router.get('/qr/:id.png', ...setup.pageLimit, async (req, res) => {
    const loaded = await loadQr(req, res)
    if (!loaded) return
    const content = qrContent(
      loaded.kind,
      loaded.merchant,
      loaded.transaction,
      gatewayBase(req, setup.publicUrl),
    )
    const image = await QRCode.toBuffer(content, QR_IMAGE)
    res.type('image/png')
    // The code of a payment never changes; a merchant's page on any origin may show it.
    res.setHeader('Cache-Control', 'private, max-age=3600')
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin')
    res.send(image)
  })

  router.get('/qr/:id', ...setup.pageLimit, async (req, res) => {
    const loaded = await loadQr(req, res)
    if (!loaded) return
    if (loaded.transaction.responseCode) return showResponse(setup, req, res, loaded, false)
    const body = qrScanPage(
      context(setup, req, loaded.language),
      loaded.transaction,
      loaded.merchant.name,
      loaded.kind,
    )
    showPage(res, loaded, body)
  })

  router.post(
    '/qr/:id/upi',
    ...setup.pageLimit,
    setup.form,
    whenOpen(setup, async (req, res, loaded) => {
      const { transaction } = loaded
      const outcome = testUpiOutcome(formFields(req.body)?.vpa ?? '')
      if (scanKind(transaction) !== 'UPI' || !outcome) {
        return res.redirect(303, `${req.baseUrl}/qr/${transaction.id}`)
      }
      await finish(setup, req, res, transaction, {
        code: outcome.code,
        paymentType: 'UP',
        mopType: 'UP',
        late: 'settlesAs' in outcome,
      })
    }),
  )
  return router
}
