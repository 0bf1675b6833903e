/**
 * What one visitor does in the soak, over plain HTTP: read a page, send one of the two forms,
 * or pay through one of the three demos with the sandbox, playing the customer with the kits'
 * harness. Each action throws when the site answers anything but what a visitor should see.
 */
import { CAREER_API_PATH, CONTACT_API_PATH } from '../../core/forms/api.ts'
import {
  CHECKOUT_VERIFY_PATH,
  type CheckoutVerifyAnswer,
  MERCHANT_HOSTED_REQUEST_PATH,
  PAYMENT_REQUEST_PATH,
  type SignedForm,
} from '../../app/content/demo-api.ts'
import { netBankingBanks, paymentResultCopy, wallets } from '../../app/content/demo.ts'
import { pages } from '../../app/content/pages.ts'
import { brand } from '../../core/brand/brand.ts'
import { pdfBytes } from '../../tests/support/documents.ts'
import {
  type CustomerChoice,
  gatewayResponse,
  pay,
  submit,
  testCards,
} from '../../kits/harness/customer.ts'
import { attributes, type PageForm } from '../../kits/harness/html-forms.ts'
import { type Answer, follow, request } from '../../kits/harness/http.ts'
import type { ActionKind } from './mix.ts'

export class UnexpectedAnswer extends Error {
  override name = 'UnexpectedAnswer'
}

function expectStatus(answer: Answer, status: number, what: string): Answer {
  if (answer.status !== status) {
    throw new UnexpectedAnswer(
      `${what}: ${answer.status} instead of ${status} at ${new URL(answer.url).pathname} ` +
        `(${answer.text.replace(/\s+/g, ' ').slice(0, 200)})`,
    )
  }
  return answer
}

/** Every route of the page table, in its order. */
export const soakPaths: readonly string[] = pages.map((page) => page.path)

/** Script, stylesheet and preload links of a page: what a first visit downloads with it. */
export function pageAssets(html: string, pageUrl: string): string[] {
  const found = new Set<string>()
  for (const match of html.matchAll(/<(link|script)\b[^>]*>/gi)) {
    const tag = attributes(match[0].replace(/^<\w+/, ''))
    const href = match[1]!.toLowerCase() === 'script' ? tag.src : tag.href
    const wanted =
      match[1]!.toLowerCase() === 'script' ||
      tag.rel === 'stylesheet' ||
      tag.rel === 'modulepreload'
    if (href && wanted) {
      const url = new URL(href, pageUrl)
      if (url.origin === new URL(pageUrl).origin) found.add(url.href)
    }
  }
  return [...found]
}

async function readPage(base: string, n: number) {
  const path = soakPaths[n % soakPaths.length]!
  const page = expectStatus(await request(base + path), 200, `GET ${path}`)
  // One visit in five is a first visit, which downloads the page's scripts and styles too.
  if (n % 5 === 0) {
    for (const asset of pageAssets(page.text, page.url)) {
      expectStatus(await request(asset), 200, `GET ${new URL(asset).pathname}`)
    }
  }
}

const visitor = {
  name: 'Kavya Reddy',
  phone: '9848012345',
  email: 'kavya.reddy@example.com',
}

async function sendContact(base: string, n: number) {
  const answer = await request(base + CONTACT_API_PATH, {
    json: {
      ...visitor,
      company: 'Reddy Handlooms',
      subject: 'UPI and card payments for our online store',
      message: `We sell handloom sarees online and would like to accept UPI and cards. Soak message ${n}.`,
    },
  })
  expectSuccess(expectStatus(answer, 200, 'Contact form'), 'Contact form')
}

async function sendCareer(base: string, n: number) {
  const form = new FormData()
  const fields: Record<string, string> = {
    ...visitor,
    subject: `New Job Application from ${brand.name}`,
    message: `I would like to apply for the backend engineer opening. Soak application ${n}.`,
  }
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  form.append('file', new Blob([new Uint8Array(pdfBytes(`Kavya Reddy ${n}`))]), 'kavya-reddy.pdf')
  form.append('fileName', 'kavya-reddy.pdf')
  const url = base + CAREER_API_PATH
  const response = await fetch(url, { method: 'POST', body: form })
  const answer: Answer = {
    status: response.status,
    url,
    type: response.headers.get('content-type') ?? '',
    text: await response.text(),
  }
  expectSuccess(expectStatus(answer, 200, 'Career form'), 'Career form')
}

function expectSuccess(answer: Answer, what: string) {
  const body = JSON.parse(answer.text) as { RESPONSE_STATUS?: string }
  if (body.RESPONSE_STATUS !== 'SUCCESS') {
    throw new UnexpectedAnswer(`${what} answered ${answer.text.slice(0, 200)}`)
  }
}

/** The demo API's signed form, as the demo page receives it and then posts it. */
async function signedForm(base: string, path: string, body: unknown): Promise<PageForm> {
  const answer = expectStatus(await request(base + path, { json: body }), 200, `POST ${path}`)
  const form = JSON.parse(answer.text) as SignedForm
  return { action: new URL(form.action, base).href, method: 'post', fields: form.fields, html: '' }
}

/** The customer's choices, in turn: mostly successes, and every way a payment can fail. */
function hostedChoice(n: number): { choice: CustomerChoice; success: boolean } {
  const choices: { choice: CustomerChoice; success: boolean }[] = [
    { choice: { method: 'card', number: testCards.success }, success: true },
    { choice: { method: 'upi', vpa: 'success@upi' }, success: true },
    { choice: { method: 'card', number: testCards.declined }, success: false },
    { choice: { method: 'bank', outcome: 'success' }, success: true },
    { choice: { method: 'upi', vpa: 'failure@upi' }, success: false },
  ]
  return choices[n % choices.length]!
}

/** The gateway's response carried back to the demo store, then its result page. */
async function resultPage(responsePage: Answer, success: boolean) {
  const form = gatewayResponse(responsePage)
  const redirected = await request(form.action, { form: form.fields })
  expectStatus(redirected, 303, 'POST /demo/response')
  const result = expectStatus(await follow(redirected), 200, 'The result page')
  const heading = success ? paymentResultCopy.successHeading : paymentResultCopy.failureHeading
  if (!result.text.includes(heading)) {
    throw new UnexpectedAnswer(`The result page does not say "${heading}" (${result.url})`)
  }
}

async function payHosted(base: string, n: number) {
  const form = await signedForm(base, PAYMENT_REQUEST_PATH, { flow: 'hosted' })
  const paymentPage = expectStatus(await submit(form), 200, 'The hosted payment page')
  const { choice, success } = hostedChoice(n)
  await resultPage(await payOn(paymentPage, choice), success)
}

async function payOn(paymentPage: Answer, choice: CustomerChoice): Promise<Answer> {
  let page = paymentPage
  if (choice.method === 'bank') {
    // Net banking starts on the payment page and goes on at the sandbox bank.
    page = expectStatus(
      await follow(await request(`${paymentPage.url}/netbanking`, { form: { bank: '1004' } })),
      200,
      'The sandbox bank page',
    )
  }
  return expectStatus(await pay(page, choice), 200, 'The response page')
}

async function payCheckout(base: string, n: number) {
  const form = await signedForm(base, PAYMENT_REQUEST_PATH, { flow: 'checkout' })
  // checkout.js posts the same form into its frame, asking for checkout mode.
  const framed = { ...form, action: `${form.action}?mode=checkout` }
  const paymentPage = expectStatus(await submit(framed), 200, 'The checkout frame')
  const { choice, success } = hostedChoice(n)
  const responsePage = await payOn(paymentPage, choice)
  const body = /<body\b([^>]*)>/i.exec(responsePage.text)
  const response = body ? attributes(body[1]!)['data-checkout-response'] : undefined
  if (!response) throw new UnexpectedAnswer('The checkout frame handed no response back')
  const answer = expectStatus(
    await request(base + CHECKOUT_VERIFY_PATH, {
      json: JSON.parse(response) as unknown,
      accept: 'application/json',
    }),
    200,
    `POST ${CHECKOUT_VERIFY_PATH}`,
  )
  const verified = JSON.parse(answer.text) as CheckoutVerifyAnswer
  if (!verified.verified || verified.result.success !== success) {
    throw new UnexpectedAnswer(`The checkout result is not the one paid: ${answer.text}`)
  }
}

/** The merchant-hosted tiles in turn: a bank, a wallet, a UPI ID. */
function merchantHostedChoice(n: number) {
  switch (n % 3) {
    case 0: {
      const bank = netBankingBanks[n % netBankingBanks.length]!
      return { body: { paymentType: 'NB', mopType: bank.code }, bank: true }
    }
    case 1: {
      const wallet = wallets[n % wallets.length]!
      return { body: { paymentType: 'WL', mopType: wallet.code }, bank: true }
    }
    default:
      return {
        body: { paymentType: 'UP', mopType: 'UP', payerAddress: 'success@upi' },
        bank: false,
      }
  }
}

async function payMerchantHosted(base: string, n: number) {
  const { body, bank } = merchantHostedChoice(n)
  const form = await signedForm(base, MERCHANT_HOSTED_REQUEST_PATH, body)
  const landed = expectStatus(await submit(form), 200, 'The sandbox after merchantPaymentInit')
  // A bank or wallet asks on the sandbox bank's page; a UPI ID is collected at once.
  const responsePage = bank
    ? expectStatus(await pay(landed, { method: 'bank', outcome: 'success' }), 200, 'Response')
    : landed
  await resultPage(responsePage, true)
}

export const actions: Record<ActionKind, (base: string, n: number) => Promise<void>> = {
  page: readPage,
  contact: sendContact,
  career: sendCareer,
  hosted: payHosted,
  checkout: payCheckout,
  'merchant-hosted': payMerchantHosted,
}
