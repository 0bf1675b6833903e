import { paymentResultCopy } from '#app/content/demo.ts'
import type { DemoApiError, SignedForm } from '#app/content/demo-api.ts'

export type SignedFormAnswer =
  { ok: true; form: SignedForm } | { ok: false; message: string; field?: DemoApiError['field'] }

/**
 * Asks the demo merchant's server for the form to post to the gateway. Every failure ends in a
 * sentence the visitor can act on: the server's own message, or a plain network one.
 */
export async function requestSignedForm(path: string, body: unknown): Promise<SignedFormAnswer> {
  let response: Response
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    })
  } catch {
    return { ok: false, message: paymentResultCopy.requestFailed }
  }
  const answer = (await response.json().catch(() => null)) as SignedForm | DemoApiError | null
  if (response.ok && answer && 'fields' in answer && typeof answer.action === 'string') {
    return { ok: true, form: answer }
  }
  const refusal = answer && 'message' in answer ? answer : undefined
  const message = refusal?.message || paymentResultCopy.requestFailed
  return refusal?.field ? { ok: false, message, field: refusal.field } : { ok: false, message }
}
