/**
 * The customer's side of a payment, played over HTTP against the sandbox: submit the merchant's
 * form, choose a method on the hosted page, and carry the gateway's response back to the
 * merchant's RETURN_URL exactly as the auto-submitting page would.
 */
import { type Answer, follow, request } from './http.ts'
import { formPostingTo, type PageForm, pageForms } from './html-forms.ts'

export const testCards = {
  success: '4111111111111111',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const

export type CustomerChoice =
  | { method: 'card'; number: string }
  | { method: 'upi'; vpa: string }
  | { method: 'bank'; outcome: 'success' | 'failure' }
  | { method: 'cancel' }

/** Posts a form as the browser would and follows the gateway's redirect to its page. */
export async function submit(form: PageForm): Promise<Answer> {
  return follow(await request(form.action, { form: form.fields }))
}

/** The payment page's own address (`…/pay/<id>`), from any page of that payment. */
function paymentBase(page: Answer): string {
  const match = /^(.*\/pay\/[0-9a-f-]{36})/.exec(new URL(page.url).href)
  if (!match)
    throw new Error(`Not a sandbox payment page: ${page.url}\n${page.text.slice(0, 1500)}`)
  return match[1]!
}

/** On the sandbox's payment (or bank) page, makes the choice and returns the response page. */
export async function pay(page: Answer, choice: CustomerChoice): Promise<Answer> {
  if (page.status !== 200) throw new Error(`The sandbox answered ${page.status} at ${page.url}`)
  const base = paymentBase(page)
  switch (choice.method) {
    case 'card':
      return follow(
        await request(`${base}/card`, {
          form: { number: choice.number, expiry: '12/35', cvv: '123', name: 'Kit Test Customer' },
        }),
      )
    case 'upi':
      return follow(await request(`${base}/upi`, { form: { vpa: choice.vpa } }))
    case 'bank':
      return follow(await request(`${base}/bank`, { form: { outcome: choice.outcome } }))
    case 'cancel':
      return follow(await request(`${base}/cancel`, { form: {} }))
  }
}

/** The gateway's response form (PAY_ID + ENCDATA) on a response page. */
export function gatewayResponse(page: Answer): PageForm {
  const form = pageForms(page.text, page.url).find((candidate) => 'ENCDATA' in candidate.fields)
  if (!form) throw new Error(`No response form on ${page.url}:\n${page.text.slice(0, 2000)}`)
  return form
}

/** Carries the gateway's response to the merchant, asking for JSON. */
export async function returnToMerchant(page: Answer, change?: (encdata: string) => string) {
  const form = gatewayResponse(page)
  const fields = { ...form.fields }
  if (change) fields.ENCDATA = change(fields.ENCDATA!)
  return request(form.action, { form: fields, accept: 'application/json' })
}

/** The merchant's auto-submitting page → the sandbox page it leads to. */
export async function followMerchantForm(merchantPage: Answer, endpoint: string): Promise<Answer> {
  if (merchantPage.status !== 200) {
    throw new Error(
      `The kit answered ${merchantPage.status} at ${merchantPage.url}:\n${merchantPage.text.slice(0, 1500)}`,
    )
  }
  return submit(formPostingTo(merchantPage.text, merchantPage.url, endpoint))
}

/** Changes one character in the middle of ENCDATA, as a tampering customer would. */
export function tamper(encdata: string): string {
  const middle = Math.floor(encdata.length / 2)
  const replacement = encdata[middle] === 'A' ? 'B' : 'A'
  return encdata.slice(0, middle) + replacement + encdata.slice(middle + 1)
}
