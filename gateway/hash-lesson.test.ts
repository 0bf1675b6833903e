import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encrypt, encryptFields } from '#core/protocol/cipher.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { computeHash, verifyHash, withHash } from '#core/protocol/hash.ts'
import { demoMerchant } from '#gateway/merchants.ts'
import { type SandboxServer, startSandboxServer } from '#gateway/server.ts'
import { en } from '#gateway/i18n/en.ts'
import { hi } from '#gateway/i18n/hi.ts'
import { escapeHtml } from '#core/html/escape.ts'
import { hashedTextOf, SALT_PLACEHOLDER } from './hash-lesson.ts'

/**
 * Statement 10 of issue 25, "a sandbox that teaches": a 323 page and a 323 JSON answer show the
 * exact text hashed (the salt as a placeholder) and link to the signature debugger with the
 * fields in the fragment; only when the sandbox is told to, never with the salt.
 */

const merchant = demoMerchant({ siteUrl: 'https://shop.paystra.example' })
const DEBUGGER = 'https://site.paystra.example/developers/tools/signature'
const RETURN_URL = 'https://shop.paystra.example/demo/response'
let teaching: SandboxServer
let silent: SandboxServer

beforeAll(async () => {
  teaching = await startSandboxServer({
    merchants: [merchant],
    hashRefusalLessons: { signatureDebuggerUrl: DEBUGGER },
  })
  silent = await startSandboxServer({ merchants: [merchant] })
})

afterAll(async () => {
  await teaching?.close()
  await silent?.close()
})

const sha256 = (text: string) =>
  createHash('sha256').update(text, 'utf8').digest('hex').toUpperCase()

/** Fields signed with another salt: the HASH the sandbox refuses with 323. */
const wronglySigned = (fields: Fields) => withHash(fields, 'not-the-salt')

async function postJson(url: string, fields: Fields) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fields),
  })
  return { status: response.status, json: (await response.json()) as Fields }
}

async function postForm(url: string, fields: Fields) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'accept-language': 'en' },
    body: new URLSearchParams(fields),
  })
  return { status: response.status, html: await response.text() }
}

describe('the hashed text', () => {
  it('is the text the HASH is taken over, the placeholder where the salt goes', () => {
    const fields = { TXNTYPE: 'STATUS', PAY_ID: merchant.payId, ORDER_ID: 'ORD-1', HASH: 'X' }
    const text = hashedTextOf(fields)
    expect(text).toBe(`ORDER_ID=ORD-1~PAY_ID=${merchant.payId}~TXNTYPE=STATUS${SALT_PLACEHOLDER}`)
    // With the salt put in place of the placeholder, it gives exactly the gateway's HASH.
    expect(sha256(text.replace(SALT_PLACEHOLDER, merchant.salt))).toBe(
      computeHash(fields, merchant.salt),
    )
  })
})

describe('a JSON API refusing a HASH (323)', () => {
  const enquiry = () =>
    wronglySigned({ PAY_ID: merchant.payId, ORDER_ID: 'ORD-LESSON-1', TXNTYPE: 'STATUS' })

  it('adds HASHED_TEXT and DEBUGGER_URL, under the HASH, without the salt', async () => {
    const sent = enquiry()
    const { status, json } = await postJson(`${teaching.url}/pgws/transact`, sent)
    expect(status).toBe(200)
    expect(json.RESPONSE_CODE).toBe('323')
    expect(json.HASHED_TEXT).toBe(
      `ORDER_ID=ORD-LESSON-1~PAY_ID=${merchant.payId}~TXNTYPE=STATUS<your salt>`,
    )
    expect(json.DEBUGGER_URL).toBe(`${DEBUGGER}#fields=${new URLSearchParams(sent).toString()}`)
    // The fragment reads back as the fields posted, HASH included.
    const fragment = new URL(json.DEBUGGER_URL!).hash.slice('#fields='.length)
    expect(Object.fromEntries(new URLSearchParams(fragment))).toEqual(sent)
    expect(verifyHash(json, merchant.salt), 'signed, the lesson included').toBe(true)
    expect(JSON.stringify(json)).not.toContain(merchant.salt)
  })

  it('teaches on every JSON API, here the QR one', async () => {
    const { json } = await postJson(
      `${teaching.url}/pgws/qr`,
      wronglySigned({
        PAY_ID: merchant.payId,
        ORDER_ID: 'ORD-LESSON-QR',
        AMOUNT: '100',
        CURRENCY_CODE: '356',
        QR_TYPE: 'UPI',
      }),
    )
    expect(json.RESPONSE_CODE).toBe('323')
    expect(json.HASHED_TEXT).toMatch(/^AMOUNT=100~CURRENCY_CODE=356~.*<your salt>$/)
    expect(json.DEBUGGER_URL).toMatch(/#fields=PAY_ID=/)
    expect(verifyHash(json, merchant.salt)).toBe(true)
  })

  it('shows only the fields the call takes, and counts the others, never echoing them', async () => {
    const taken = { PAY_ID: merchant.payId, ORDER_ID: 'ORD-LESSON-X', TXNTYPE: 'STATUS' }
    const stuffing = Object.fromEntries(
      Array.from({ length: 40 }, (_, index) => [`EXTRA_${index}`, `stuffed-${index}`]),
    )
    const sent = wronglySigned({ ...taken, ...stuffing })
    const { json } = await postJson(`${teaching.url}/pgws/transact`, sent)
    expect(json.RESPONSE_CODE).toBe('323')
    expect(json.HASHED_TEXT).toBe(hashedTextOf(taken))
    const fragment = new URL(json.DEBUGGER_URL!).hash.slice('#fields='.length)
    expect([...new URLSearchParams(fragment).keys()].sort()).toEqual(
      [...Object.keys(taken), 'HASH'].sort(),
    )
    expect(json.OTHER_FIELDS).toBe('40')
    expect(JSON.stringify(json)).not.toContain('stuffed')
    expect(JSON.stringify(json)).not.toContain('EXTRA_')
    expect(verifyHash(json, merchant.salt)).toBe(true)
  })

  it('says nothing more than the code when the sandbox is not told to teach', async () => {
    const { json } = await postJson(`${silent.url}/pgws/transact`, enquiry())
    expect(json.RESPONSE_CODE).toBe('323')
    expect(json).not.toHaveProperty('HASHED_TEXT')
    expect(json).not.toHaveProperty('DEBUGGER_URL')
  })

  it('adds nothing to a malformed body (326) or an unknown merchant (324)', async () => {
    const malformed = await fetch(`${teaching.url}/pgws/transact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"PAY_ID":',
    })
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).not.toHaveProperty('HASHED_TEXT')
    const { json } = await postJson(`${teaching.url}/pgws/transact`, {
      ...enquiry(),
      PAY_ID: '1999999999999999',
    })
    expect(json.RESPONSE_CODE).toBe('324')
    expect(json).not.toHaveProperty('HASHED_TEXT')
  })
})

describe('the 323 page of a hosted request', () => {
  const request = (extra: Fields = {}) =>
    wronglySigned({
      PAY_ID: merchant.payId,
      ORDER_ID: 'ORD-LESSON-2',
      AMOUNT: '100',
      TXNTYPE: 'SALE',
      CURRENCY_CODE: '356',
      RETURN_URL,
      ...extra,
    })

  it('shows the text hashed, escaped, and links to the debugger with the fields', async () => {
    const sent = request({ CUST_NAME: '<b>Tom & "Jerry"</b>' })
    const { status, html } = await postForm(`${teaching.url}/paymentrequest`, sent)
    expect(status).toBe(200)
    expect(html).toContain('data-code>323<')
    expect(html).toContain(en.hashLessonHeading)
    expect(html).toContain(`<code data-hashed-text>${escapeHtml(hashedTextOf(sent))}</code>`)
    expect(html).not.toContain('<b>Tom')
    const link = escapeHtml(`${DEBUGGER}#fields=${new URLSearchParams(sent).toString()}`)
    expect(html).toContain(`href="${link}"`)
    expect(html).toContain(en.hashLessonDebugger)
    expect(html).not.toContain(merchant.salt)
  })

  it('is in the browser’s language, and keeps the lesson when the language is changed', async () => {
    const sent = request()
    const response = await fetch(`${teaching.url}/paymentrequest`, {
      method: 'POST',
      headers: { 'accept-language': 'hi' },
      body: new URLSearchParams(sent),
    })
    const html = await response.text()
    expect(html).toContain(hi.hashLessonHeading)
    expect(html).toContain(hi.hashLessonDebugger)
    // The language form sends the fields back to /refused, which shows the same lesson.
    const hidden = /name="fields" value="([^"]*)"/.exec(html)?.[1]
    expect(hidden).toBeDefined()
    const query = new URLSearchParams({
      code: '323',
      lang: 'ur',
      fields: hidden!.replaceAll('&amp;', '&'),
    })
    const again = await (await fetch(`${teaching.url}/refused?${query}`)).text()
    expect(again).toContain('lang="ur"')
    expect(again).toContain(`<code data-hashed-text>${escapeHtml(hashedTextOf(sent))}</code>`)
  })

  it('shows only the fields a payment request takes, and says how many others were left out', async () => {
    const sent = request({ CUST_NAME: 'Asha', CSRF_TOKEN: 'stuffed-1', SESSION: 'stuffed-2' })
    const { html } = await postForm(`${teaching.url}/paymentrequest`, sent)
    const { CSRF_TOKEN: _, SESSION: __, ...taken } = sent
    expect(html).toContain(`<code data-hashed-text>${escapeHtml(hashedTextOf(taken))}</code>`)
    expect(html).not.toContain('stuffed')
    expect(html).toContain(en.hashLessonOtherFields.replace('{count}', '2'))
    // The count comes along when the language is changed.
    const hidden = /name="other" value="([^"]*)"/.exec(html)?.[1]
    expect(hidden).toBe('2')
    const fields = /name="fields" value="([^"]*)"/.exec(html)![1]!.replaceAll('&amp;', '&')
    const query = new URLSearchParams({ code: '323', lang: 'hi', fields, other: hidden! })
    const again = await (await fetch(`${teaching.url}/refused?${query}`)).text()
    expect(again).toContain(hi.hashLessonOtherFields.replace('{count}', '2'))
  })

  it('is the plain refusal when the sandbox is not told to teach', async () => {
    const { html } = await postForm(`${silent.url}/paymentrequest`, request())
    expect(html).toContain('data-code>323<')
    expect(html).not.toContain('data-hashed-text')
    expect(html).not.toContain('signature')
    expect(html).toContain(en.refusedAdvice.replaceAll("'", '&#39;'))
  })
})

describe('the 323 page of a merchant-hosted request', () => {
  const inner = () => ({
    PAY_ID: merchant.payId,
    ORDER_ID: 'ORD-LESSON-3',
    AMOUNT: '100',
    TXNTYPE: 'SALE',
    CURRENCY_CODE: '356',
    RETURN_URL,
    PAYMENT_TYPE: 'UP',
    MOP_TYPE: 'UP',
    PAYER_ADDRESS: 'success@upi',
  })

  it('shows the fields inside ENCDATA when only their HASH is wrong', async () => {
    const fields = inner()
    const encdata = encryptFields(fields, 'not-the-salt', merchant.merchantHostedKey)
    const { html } = await postForm(`${teaching.url}/merchantPaymentInit`, {
      PAY_ID: merchant.payId,
      ENCDATA: encdata,
    })
    expect(html).toContain(`<code data-hashed-text>${escapeHtml(hashedTextOf(fields))}</code>`)
    const sent = { ...fields, HASH: computeHash(fields, 'not-the-salt') }
    const href = /href="([^"]*)" data-debugger-link/.exec(html)![1]!.replaceAll('&amp;', '&')
    expect(href.startsWith(`${DEBUGGER}#fields=`)).toBe(true)
    const fragment = new URL(href).hash.slice('#fields='.length)
    expect(Object.fromEntries(new URLSearchParams(fragment))).toEqual(sent)
  })

  it('says which key to check when ENCDATA does not decrypt, and opens it in the debugger', async () => {
    const encdata = encrypt('ORDER_ID=1~HASH=2', 'A'.repeat(32))
    const { html } = await postForm(`${teaching.url}/merchantPaymentInit`, {
      PAY_ID: merchant.payId,
      ENCDATA: encdata,
    })
    expect(html).toContain('data-code>323<')
    expect(html).not.toContain('data-hashed-text')
    expect(html).toContain(en.encdataLessonHeading)
    expect(html).toContain('key salt followed by your PAY_ID')
    const link = `${DEBUGGER}#encdata=${new URLSearchParams({ PAY_ID: merchant.payId, ENCDATA: encdata })}`
    expect(html).toContain(`href="${escapeHtml(link)}"`)
    expect(html).not.toContain(merchant.merchantHostedKey)
  })
})
