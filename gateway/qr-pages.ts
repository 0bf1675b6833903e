import { type Request, type RequestHandler, type Response, Router } from 'express'
import QRCode from 'qrcode'
import { gatewayBase } from './api/qr.ts'
import { qrContent } from './api/qr-checks.ts'
import { formFields } from './checks.ts'
import type { Language } from './i18n/index.ts'
import type { SandboxMerchant } from './merchants.ts'
import type { ResponseCode } from './protocol/codes.ts'
import { testUpiOutcome } from './checks.ts'
import type { SandboxTransaction } from './store.ts'
import type { PageContext } from './views/layout.ts'
import { qrScanPage, type ScanKind } from './views/qr-page.ts'

/** How a payment ends: the code, the method, and what the acquirer needs to fill its fields. */
export interface FinishOutcome {
  code: ResponseCode
  paymentType: string
  mopType: string
  cardNumber?: string
  /** Pending now, confirmed by the bank after the sandbox's settle delay (late@upi). */
  late?: boolean
}

export interface LoadedPayment {
  transaction: SandboxTransaction
  merchant: SandboxMerchant
  language: Language
}

/** What the QR pages borrow from the payment pages (router.ts), so they behave the same. */
export interface PageTools {
  /** Loads the payment named in the URL, or answers 404. */
  load(req: Request, res: Response): Promise<LoadedPayment | undefined>
  /** Any action on a payment that already ended shows its outcome again. */
  whenOpen(
    action: (req: Request, res: Response, loaded: LoadedPayment) => Promise<void> | void,
  ): RequestHandler
  showResponse(req: Request, res: Response, loaded: LoadedPayment, fresh: boolean): void
  finish(
    req: Request,
    res: Response,
    transaction: SandboxTransaction,
    outcome: FinishOutcome,
  ): Promise<void>
  showPage(req: Request, res: Response, loaded: LoadedPayment, body: string): void
  notFound(req: Request, res: Response): void
  context(req: Request, language: Language): PageContext
  form: RequestHandler
  publicUrl?: string
}

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
export function qrPages(tools: PageTools): Router {
  const router = Router()

  /** The QR payment named in the URL; anything else is 404. */
  const loadQr = async (req: Request, res: Response) => {
    const loaded = await tools.load(req, res)
    if (!loaded) return undefined
    const kind = scanKind(loaded.transaction)
    if (!kind) {
      tools.notFound(req, res)
      return undefined
    }
    return { ...loaded, kind }
  }

  router.get('/qr/:id.png', async (req, res) => {
    const loaded = await loadQr(req, res)
    if (!loaded) return
    const content = qrContent(
      loaded.kind,
      loaded.merchant,
      loaded.transaction,
      gatewayBase(req, tools.publicUrl),
    )
    const image = await QRCode.toBuffer(content, QR_IMAGE)
    res.type('image/png')
    // The code of a payment never changes; a merchant's page on any origin may show it.
    res.setHeader('Cache-Control', 'private, max-age=3600')
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin')
    res.send(image)
  })

  router.get('/qr/:id', async (req, res) => {
    const loaded = await loadQr(req, res)
    if (!loaded) return
    if (loaded.transaction.responseCode) return tools.showResponse(req, res, loaded, false)
    const body = qrScanPage(
      tools.context(req, loaded.language),
      loaded.transaction,
      loaded.merchant.name,
      loaded.kind,
    )
    tools.showPage(req, res, loaded, body)
  })

  router.post(
    '/qr/:id/upi',
    tools.form,
    tools.whenOpen(async (req, res, loaded) => {
      const { transaction } = loaded
      const outcome = testUpiOutcome(formFields(req.body)?.vpa ?? '')
      if (scanKind(transaction) !== 'UPI' || !outcome) {
        return res.redirect(303, `${req.baseUrl}/qr/${transaction.id}`)
      }
      await tools.finish(req, res, transaction, {
        code: outcome.code,
        paymentType: 'UP',
        mopType: 'UP',
        late: 'settlesAs' in outcome,
      })
    }),
  )
  return router
}
