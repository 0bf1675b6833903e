import { webhookSignature } from '#core/protocol/webhook.ts'
import type { SandboxMerchant } from '#gateway/merchants.ts'

/**
 * The X-Paystra-Signature of a delivery: `t=<unix seconds>,v1=<signature>`, with a second `v1`
 * made with the secret a rotation replaced while that secret is still honoured, so a receiver
 * checking either secret accepts it during the switch (every kit accepts any matching `v1`).
 */
export function deliverySignature(
  merchant: Pick<SandboxMerchant, 'webhookSecret' | 'previousWebhookSecret'>,
  body: string,
  realNow: Date,
): string {
  const timestamp = Math.floor(realNow.getTime() / 1000)
  const signatures = [webhookSignature(merchant.webhookSecret, timestamp, body)]
  const previous = merchant.previousWebhookSecret
  if (previous && previous.until.getTime() > realNow.getTime()) {
    signatures.push(webhookSignature(previous.secret, timestamp, body))
  }
  return [`t=${timestamp}`, ...signatures.map((signature) => `v1=${signature}`)].join(',')
}
