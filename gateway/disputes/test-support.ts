/**
 * Shared by the dispute tests: a payment on the hosted page with a dispute test card, signed
 * calls to the dispute APIs, and the evidence files they send.
 */
import { deflateSync } from 'node:zlib'
import type { Fields } from '#core/protocol/fields.ts'
import { withHash } from '#core/protocol/hash.ts'
import type { SandboxMerchant } from '#gateway/merchants.ts'
import { documentedPath, expectDocumentedAnswer } from '#gateway/openapi/validate-answer.ts'

/**
 * A signed call to a dispute API. Its answer is held to the OpenAPI document once the document
 * describes the path (gateway/openapi is written apart from the sandbox).
 */
export async function callDispute(
  url: string,
  merchant: SandboxMerchant,
  fields: Fields,
): Promise<{ status: number; json: Fields }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(withHash(fields, merchant.salt)),
  })
  const json = (await response.json()) as Fields
  if (isDocumented(url)) expectDocumentedAnswer({ url, status: response.status, body: json })
  return { status: response.status, json }
}

function isDocumented(url: string): boolean {
  try {
    documentedPath(url)
    return true
  } catch {
    return false
  }
}

/**
 * Pays an order of `amount` paise on the sandbox's hosted page with `card`, as a customer would
 * (the payment request, then the card form); answers once the payment is captured.
 */
export async function payOnHostedPage(
  base: string,
  merchant: SandboxMerchant,
  payment: { orderId: string; amount: string; card: string; notifyUrl?: string },
): Promise<void> {
  const request = withHash(
    {
      PAY_ID: merchant.payId,
      ORDER_ID: payment.orderId,
      AMOUNT: payment.amount,
      TXNTYPE: 'SALE',
      CURRENCY_CODE: '356',
      RETURN_URL: 'https://shop.paystra.example/return',
      CUST_NAME: 'Asha Rao',
      CUST_EMAIL: 'asha@example.com',
      ...(payment.notifyUrl ? { NOTIFY_URL: payment.notifyUrl } : {}),
    },
    merchant.salt,
  )
  const started = await fetch(`${base}/paymentrequest`, {
    method: 'POST',
    body: new URLSearchParams(request),
    redirect: 'manual',
  })
  const page = started.headers.get('location')
  if (started.status !== 303 || !page) throw new Error(`paymentrequest answered ${started.status}`)
  const paid = await fetch(new URL(`${page}/card`, base), {
    method: 'POST',
    body: new URLSearchParams({
      number: payment.card,
      expiry: '12/35',
      cvv: '123',
      name: 'Asha Rao',
    }),
  })
  if (!paid.ok) throw new Error(`the card form answered ${paid.status}`)
}

/** A real, minimal one-page PDF: a delivery note. */
export function deliveryNotePdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    stream('BT /F1 12 Tf 24 96 Td (Delivered 30 Nov 2026, signed A. Rao) Tj ET'),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(body.length)
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}

function stream(content: string): string {
  return `<< /Length ${content.length} >>\nstream\n${content}\nendstream`
}

/** A real 1×1 PNG. */
export function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    // 1 × 1, 8-bit greyscale.
    chunk('IHDR', Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0])),
    chunk('IDAT', deflateSync(Buffer.from([0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff
  for (const byte of bytes) {
    crc ^= byte
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1
  }
  return (crc ^ 0xffffffff) >>> 0
}
