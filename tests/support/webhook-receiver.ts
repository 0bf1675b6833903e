/** A merchant's webhook endpoint for the tests: a real HTTP server that records what it gets. */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect } from 'vitest'
import { verifyWebhook, type WebhookEvent } from '#core/protocol/webhook.ts'
import type { SandboxMerchant } from '#gateway/merchants.ts'
import { expectDocumentedWebhook } from './validate-answer.ts'

export interface Received {
  headers: IncomingHttpHeaders
  /** The body exactly as it arrived. */
  body: string
  at: number
}

/** How the endpoint answers the n-th delivery (0-based): a status, or never. */
export type Responder = (index: number, received: Received, res: ServerResponse) => void

export interface Receiver {
  url: string
  received: Received[]
  respond: Responder
  /**
   * Resolves once `count` deliveries have arrived (fails after `timeoutMs`), each an event the
   * OpenAPI document's webhooks describe.
   */
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>
  close(): Promise<void>
}

export const answer =
  (status: number, headers: Record<string, string> = {}): Responder =>
  (_index, _received, res) => {
    res.writeHead(status, headers).end(status < 300 ? 'ok' : 'not now')
  }

export async function startReceiver(respond: Responder = answer(200), port = 0): Promise<Receiver> {
  const received: Received[] = []
  const waiters: Array<() => void> = []
  const receiver: Receiver = {
    url: '',
    received,
    respond,
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs
      while (received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`${received.length} of ${count} deliveries within ${timeoutMs} ms`)
        }
        await new Promise<void>((resolve) => {
          waiters.push(resolve)
          setTimeout(resolve, 50)
        })
      }
      const deliveries = received.slice(0, count)
      for (const delivery of deliveries) expectDocumentedWebhook(JSON.parse(delivery.body))
      return deliveries
    },
    close: async () => {},
  }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const entry = {
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      }
      received.push(entry)
      receiver.respond(received.length - 1, entry, res)
      for (const wake of waiters.splice(0)) wake()
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    })
  return receiver
}

/** Verifies a delivery as a merchant would, over the raw bytes, and returns its event. */
export function verifiedEvent(
  delivery: Pick<Received, 'headers' | 'body'>,
  merchant: Pick<SandboxMerchant, 'webhookSecret' | 'salt'>,
): WebhookEvent {
  const result = verifyWebhook(
    delivery.body,
    delivery.headers['x-paystra-signature'] as string,
    merchant.webhookSecret,
    { salt: merchant.salt },
  )
  expect(result, 'the delivery verifies').toMatchObject({ ok: true })
  return (result as { event: WebhookEvent }).event
}
