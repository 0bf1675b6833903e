import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { lexer, type Tokens } from 'marked'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { developerDocs } from '#app/content/downloads.ts'
import { payoutTestAccounts, payoutTestVpas } from '#gateway/api/payout-checks.ts'
import { merchantHostedRefusalCode, paymentRefusalCodes } from '#gateway/checks.ts'
import { demoMerchant } from '#gateway/merchants.ts'
import {
  bankOutcomes,
  banks,
  disputeReasonOf,
  testCards,
  testUpiIds,
  wallets,
} from '#gateway/methods.ts'
import { currencyByNumber } from '#core/currency/currencies.ts'
import { respondByOf } from '#gateway/disputes/outcome.ts'
import { toRupees } from '#core/currency/exchange.ts'
import { decryptFields, deriveMerchantHostedKey, encryptFields } from '#core/protocol/cipher.ts'
import {
  payoutStatus,
  refundStatus,
  type ResponseCode,
  responseCodes,
} from '#core/protocol/codes.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { computeHash, withHash } from '#core/protocol/hash.ts'
import vectorFile from '#core/protocol/vectors.json'
import { webhookRefusals } from '#core/protocol/webhook.ts'
import {
  addDays,
  formatIsoDate,
  istDateOf,
  nextWorkingDay,
} from '#core/calendar/business-calendar.ts'
import { csvColumns } from '#core/settlement/csv.ts'
import { foreignLineFields } from '#core/settlement/fields.ts'
import { settlementDateOf } from '#core/settlement/schedule.ts'
import {
  lineAnswer,
  lineFields,
  lineOf,
  settlementFields,
  totalsOf,
} from '#core/settlement/settlement.ts'
import { kitLanguageIds, loadKitLanguage } from '#kits/manifest.ts'
import { openApiDocument } from '#gateway/openapi/document.ts'
import { type SandboxServer, startSandboxServer } from '#gateway/server.ts'
import { column, type MarkedTable, markedTables, records } from '#tests/support/doc-tables.ts'
import { developerDocuments } from '#app/guides/source/documents.ts'
import { guideFacts } from '#app/guides/source/generated.ts'
import { findIncludes, languageOf } from '#app/guides/source/include.ts'
import { type LoadedDocument, loadDocument } from '#app/guides/source/load.ts'

/**
 * The developer documents checked against the code they describe: every code table against
 * core/protocol/codes.ts, every field table against what the sandbox really takes and
 * answers (its examples are sent to a sandbox started here), every include against the kits.
 */

const root = path.resolve(import.meta.dirname, '../..')
const siteUrl = 'http://localhost:3000'
const loaded = new Map<string, LoadedDocument>()
const tables = new Map<string, MarkedTable[]>()

beforeAll(async () => {
  for (const document of developerDocuments) {
    const doc = await loadDocument(document, { root, siteUrl })
    loaded.set(document.slug, doc)
    tables.set(document.slug, markedTables(doc.body))
  }
})

function tableOf(slug: string, tag: string): MarkedTable {
  const table = tables.get(slug)!.find((candidate) => candidate.tag === tag)
  if (!table) throw new Error(`${slug}.md has no table marked "${tag}"`)
  return table
}

const sorted = (values: Iterable<string>) => [...values].sort()
const codes = (...lists: ReadonlyArray<{ code: string }>[]) =>
  lists.flatMap((list) => list.map((entry) => entry.code))

// ---- what each endpoint can answer ----

/** How a hosted-page payment ends: the test cards, test UPI IDs, the bank page and Cancel. */
const hostedOutcomes = [
  ...codes(testCards, testUpiIds),
  ...Object.values(bankOutcomes),
  '010',
] as const
/** Merchant-hosted: banks and wallets end on the bank page (or Cancel), UPI IDs at once. */
const seamlessOutcomes = [...codes(testUpiIds), ...Object.values(bankOutcomes), '010']
/** The checks before a payment page (gateway/checks.ts and the duplicate order id). */
const paymentRefusals = paymentRefusalCodes
/** JSON APIs: 324 unknown PAY_ID, 323 bad HASH, 326 malformed (gateway/api/json.ts). */
const jsonRefusals = ['323', '324', '326']
const qrRefusals = [...jsonRefusals, '018', '319', '320', '321', '322', '325', '336', '357']

const expectedCodes: Record<string, readonly string[]> = {
  'pg-hosted': [...hostedOutcomes, ...paymentRefusals],
  seamless: [...seamlessOutcomes, ...paymentRefusals, merchantHostedRefusalCode],
  api: [
    // status enquiry: the payment's own codes, 006 while open, its refusals
    ...hostedOutcomes,
    '006',
    ...jsonRefusals,
    '321',
    '322',
    '328',
    // refund
    '000',
    '018',
    '319',
    '320',
    '328',
    '329',
    '330',
    '357',
  ],
  payout: [
    '000',
    ...codes(payoutTestAccounts, payoutTestVpas),
    ...jsonRefusals,
    '018',
    '319',
    '320',
    '321',
    '322',
    '328',
    '331',
    '332',
    '333',
    '334',
    '335',
    '357',
  ],
  'upi-qr': ['006', ...codes(testUpiIds), '010', ...qrRefusals],
  'pg-qr': ['006', ...hostedOutcomes, ...qrRefusals],
  // gateway/settlements/api.ts: recon's 321 and 328, the test run's 357 and 362 (the demo
  // merchant's future AS_OF on a public sandbox), and 338–343
  settlements: [
    '000',
    ...jsonRefusals,
    '321',
    '357',
    '362',
    '328',
    '338',
    '339',
    '340',
    '341',
    '342',
    '343',
    // gateway/settlements/invoice-api.ts: MONTH and FORMAT of the tax invoice
    '355',
    '356',
  ],
  // /pgws/fx, /pgws/disputes (339–340 and 321 as the settlements list), /pgws/dispute (346–352),
  // the foreign currency refusals (319, 320, 345)
  international: [
    '000',
    ...jsonRefusals,
    '319',
    '320',
    '321',
    '339',
    '340',
    '345',
    '346',
    '347',
    '348',
    '349',
    '350',
    '351',
    '352',
  ],
  // gateway/accounts/routes.ts (360, 344, 361), the demo merchant's locked clock (362), the
  // PAY_ID of a deleted account (324), the clock's advance (gateway/clock/time.ts: 363, 364,
  // and TO read as AS_OF is, 341, 353, 359), the listen stream (gateway/webhooks/stream.ts: 365,
  // 366, 367, 369) and the trigger (368)
  'sandbox-account': [
    '324',
    '344',
    '360',
    '361',
    '362',
    '363',
    '364',
    '365',
    '366',
    '367',
    '368',
    '369',
    '341',
    '353',
    '359',
  ],
  // gateway/paylinks/ and gateway/virtual-accounts/: their own 370–378, AMOUNT and CURRENCY_CODE
  // (320, 319), the shapes of the ids (321), a test credit's mode and its limits (331, 334),
  // NOTIFY_URL (357), and recon by VA_ID (376)
  'paylinks-virtual-accounts': [
    '000',
    ...jsonRefusals,
    '319',
    '320',
    '321',
    '331',
    '334',
    '357',
    '370',
    '371',
    '372',
    '373',
    '374',
    '375',
    '376',
    '377',
    '378',
  ],
  // gateway/subscriptions/: the recurring codes 379–388 (a debit's own 381–384 among them),
  // a registration's or a debit's 004 and 020, the request's checks (320, 321, 325, 326, 327,
  // 357, 370, 374, 375) and the JSON APIs' refusals
  subscriptions: [
    '000',
    ...jsonRefusals,
    '004',
    '020',
    '320',
    '321',
    '325',
    '327',
    '357',
    '370',
    '374',
    '375',
    '379',
    '380',
    '381',
    '382',
    '383',
    '384',
    '385',
    '386',
    '387',
    '388',
  ],
}

/** The STATUS a code stands for in each kind of answer. */
const statusOf: Record<string, (code: ResponseCode) => string> = {
  refund: refundStatus,
  payout: payoutStatus,
}

/** The marked field tables each document must have. */
const expectedFieldTables: Record<string, string[]> = {
  'pg-hosted': ['hosted-request', 'hosted-return', 'hosted-response'],
  seamless: ['seamless-form', 'seamless-request', 'seamless-return', 'seamless-response'],
  api: ['status-request', 'status-response', 'refund-request', 'refund-response'],
  payout: ['payout-request', 'payout-response', 'payout-status-request'],
  'upi-qr': ['upi-qr-request', 'upi-qr-response'],
  'pg-qr': ['pg-qr-request', 'pg-qr-response'],
  settlements: [
    'settlements-request',
    'settlements-response',
    'settlement-object',
    'settlement-request',
    'settlement-response',
    'settlement-line',
    'recon-request',
    'recon-response',
    'recon-entry',
    'settlement-run-request',
    'settlement-run-response',
    'gst-invoice-request',
    'gst-invoice-response',
    'gst-invoice-line',
    'settlement-event',
  ],
  international: [
    'fx-payment-fields',
    'fx-settlement-line',
    'fx-request',
    'fx-response',
    'dispute-object',
    'disputes-request',
    'disputes-response',
    'dispute-request',
    'dispute-event',
  ],
  'sandbox-account': ['account-response', 'clock-advance-request', 'clock-advance-response'],
  'paylinks-virtual-accounts': [
    'paylink-request',
    'paylink-answer',
    'paylink-status-request',
    'paylink-cancel-request',
    'virtual-account-request',
    'virtual-account-answer',
    'virtual-account-credit-request',
    'virtual-account-credit',
    'virtual-account-status-request',
    'listed-credit',
    'virtual-account-close-request',
    'virtual-account-recon-request',
    'virtual-account-recon-answer',
  ],
  subscriptions: [
    'subscription-request',
    'subscription-answer',
    'subscription-status-request',
    'subscription-debit',
    'subscription-charge-request',
    'subscription-customer-request',
    'subscription-cancel-request',
    'subscription-resume-request',
  ],
}

describe('the developer documents', () => {
  it('are one Markdown source per Developers page link, and nothing else', async () => {
    const files = (await readdir(path.join(root, 'docs/integration'))).filter((file) =>
      file.endsWith('.md'),
    )
    expect(sorted(files)).toEqual(
      sorted(developerDocs.map((doc) => path.basename(doc.href, '.pdf') + '.md')),
    )
    expect(developerDocuments.map((doc) => doc.output)).toEqual(
      developerDocs.map((doc) => doc.href.slice(1)),
    )
  })
})

describe.each(developerDocuments.map((document) => document.slug))('%s', (slug) => {
  const source = () => readFile(path.join(root, `docs/integration/${slug}.md`), 'utf8')

  it('quotes code from the kits in PHP and at least one other language, every include resolving', async () => {
    // loadDocument (beforeAll) already failed the file if a file or region were missing.
    expect(loaded.get(slug)!.body).not.toContain('<!-- include')
    const languages = new Set(findIncludes(await source()).map((d) => languageOf(d.file).label))
    expect(languages).toContain('PHP')
    expect(languages.size).toBeGreaterThanOrEqual(2)
  })

  it('lists only codes of core/protocol/codes.ts, with their messages and STATUS', () => {
    const codeTables = tables.get(slug)!.filter((table) => table.kind === 'codes')
    expect(codeTables.length).toBeGreaterThan(0)
    for (const table of codeTables) {
      const status = statusOf[table.tag] ?? ((code: ResponseCode) => responseCodes[code].status)
      for (const row of records(table)) {
        const code = row.Code!
        expect(Object.keys(responseCodes), `${slug} ${table.tag}: code ${code}`).toContain(code)
        const known = responseCodes[code as ResponseCode]
        expect(row.RESPONSE_MESSAGE, `${slug} ${table.tag}: message of ${code}`).toBe(known.message)
        if ('STATUS' in row) {
          expect(row.STATUS, `${slug} ${table.tag}: STATUS of ${code}`).toBe(
            status(code as ResponseCode),
          )
        }
      }
      const listed = column(table, 'Code')
      expect(new Set(listed).size, `${slug} ${table.tag} lists a code twice`).toBe(listed.length)
    }
  })

  it('covers every code its endpoints can answer', () => {
    const listed = new Set(
      tables
        .get(slug)!
        .filter((table) => table.kind === 'codes')
        .flatMap((table) => column(table, 'Code')),
    )
    const missing = [...new Set(expectedCodes[slug])].filter((code) => !listed.has(code))
    expect(missing, `${slug}.md lacks codes`).toEqual([])
  })

  it('marks the field tables the sandbox checks, each with field names in capitals', () => {
    const fieldTables = tables.get(slug)!.filter((table) => table.kind === 'fields')
    expect(sorted(fieldTables.map((table) => table.tag))).toEqual(
      sorted(expectedFieldTables[slug]!),
    )
    for (const table of fieldTables) {
      const names = column(table, 'Field')
      for (const name of names) expect(name).toMatch(/^[A-Z][A-Z_]*$/)
      expect(new Set(names).size, `${table.tag} lists a field twice`).toBe(names.length)
      if (table.header.includes('Required')) {
        for (const required of column(table, 'Required')) {
          expect(['Yes', 'No', 'Conditional']).toContain(required)
        }
      }
    }
  })

  it('signs every JSON example with the right HASH', () => {
    // The Sandbox Account guide's example account signs its examples with the salt its answer
    // table shows.
    const account = Object.fromEntries(
      records(tableOf('sandbox-account', 'account-response')).map((row) => [
        row.Field!,
        row.Example!,
      ]),
    )
    const salts: Record<string, string> = {
      [demoMerchant({ siteUrl }).payId]: demoMerchant({ siteUrl }).salt,
      [vectors.hash[0]!.fields.PAY_ID!]: vectors.hash[0]!.salt,
      [account.PAY_ID!]: account.SALT!,
    }
    const examples = lexer(loaded.get(slug)!.body).filter(
      (token): token is Tokens.Code => token.type === 'code' && token.lang === 'json',
    )
    for (const example of examples) {
      const fields = JSON.parse(example.text) as Fields
      if (!fields.HASH) continue
      expect(computeHash(fields, salts[fields.PAY_ID!]!), example.text).toBe(fields.HASH)
    }
  })
})

const vectors = vectorFile as unknown as {
  hash: Array<{ fields: Fields; salt: string; canonical?: string; hash?: string }>
  webhook: { sign: Array<{ body: string; header: string }> }
}

describe('worked examples quote the published vectors', () => {
  it('every document that explains HASH quotes the published vector', () => {
    const [published] = vectors.hash
    for (const slug of developerDocuments.map((document) => document.slug)) {
      const body = loaded.get(slug)!.body
      expect(body, slug).toContain(published!.canonical!)
      expect(body, slug).toContain(published!.hash!)
    }
  })
})

describe('webhooks', () => {
  /** The guides with the whole chapter; the others give their events and a pointer to it. */
  const fullChapter = ['pg-hosted', 'seamless', 'api']

  it.each(developerDocuments.map((document) => document.slug))(
    '%s has a Webhooks section that names NOTIFY_URL and the events',
    (slug) => {
      const body = loaded.get(slug)!.body
      expect(body).toMatch(/^## Webhooks$/m)
      expect(body).toContain('NOTIFY_URL')
      expect(body).toContain('X-Paystra-Signature')
    },
  )

  it.each(fullChapter)('%s lists every refusal reason with the kits’ message', (slug) => {
    const [table, ...more] = tables.get(slug)!.filter((t) => t.kind === 'refusals')
    expect(table, `${slug}.md has no table marked "refusals: webhook"`).toBeDefined()
    expect(more).toEqual([])
    expect(records(table!).map((row) => [row.Reason, row.Message])).toEqual(
      Object.entries(webhookRefusals),
    )
  })

  it.each(fullChapter)('%s quotes the published webhook vector, header and body', (slug) => {
    const [published] = vectors.webhook.sign
    const body = loaded.get(slug)!.body
    expect(body).toContain(`X-Paystra-Signature: ${published!.header}`)
    expect(body).toContain(published!.body.trimEnd())
  })
})

describe('method tables match the sandbox', () => {
  it('lists every bank and wallet with its MOP_TYPE', () => {
    const rows = (tag: string) =>
      tableOf('seamless', tag).rows.map(([name, code]) => ({ name, code }))
    expect(rows('banks')).toEqual(banks.map(({ name, code }) => ({ name, code })))
    expect(rows('wallets')).toEqual(wallets.map(({ name, code }) => ({ name, code })))
  })
})

describe('settlements: the worked examples and field lists are what the code does', () => {
  const istInstant = (text: string) => new Date(`${text.replace(' ', 'T')}:00+05:30`)
  const weekday = (date: string) => formatIsoDate(date, 'full').split(',')[0]

  it('settles each example on the date the business calendar gives it', () => {
    const rows = records(tableOf('settlements', 'settlement-dates'))
    expect(rows.length).toBeGreaterThanOrEqual(5)
    for (const row of rows) {
      const [, at, day] = /^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}), (\w+)$/.exec(
        row['Captured or refunded (IST)']!,
      )!
      const [, date, settlesOn] = /^(\d{4}-\d{2}-\d{2}), (\w+)$/.exec(
        row['Settlement date (11:00 IST)']!,
      )!
      expect(weekday(at!.slice(0, 10)), at).toBe(day)
      expect(settlementDateOf(istInstant(at!)), at).toBe(date)
      expect(weekday(date!), date).toBe(settlesOn)
    }
  })

  it('charges the worked example’s fees and GST by the pricing rows, and adds them up as a settlement does', () => {
    const lines = records(tableOf('settlements', 'fees')).map((row, index) =>
      lineOf({
        type: row.TYPE as 'PAYMENT' | 'REFUND',
        sourceId: String(index),
        orderId: 'ORD',
        txnId: '0',
        pgRefNum: '0',
        paymentType: row.PAYMENT_TYPE!,
        mopType: row.MOP_TYPE!,
        amount: BigInt(row.AMOUNT!),
        at: new Date(),
      }),
    )
    for (const [index, row] of records(tableOf('settlements', 'fees')).entries()) {
      const line = lineAnswer(lines[index]!)
      expect(
        { FEE: row.FEE, GST: row.GST, NET: row.NET, DESCRIPTION: row.DESCRIPTION },
        `line ${index + 1}`,
      ).toEqual({ FEE: line.FEE, GST: line.GST, NET: line.NET, DESCRIPTION: line.DESCRIPTION })
    }
    const totals = totalsOf(lines)
    const figures = Object.fromEntries(
      records(tableOf('settlements', 'fee-totals')).map((row) => [row.Field, row.Value]),
    )
    expect(figures).toEqual({
      PAYMENTS_COUNT: String(totals.paymentsCount),
      REFUNDS_COUNT: String(totals.refundsCount),
      GROSS_AMOUNT: String(totals.gross),
      REFUNDS_AMOUNT: String(totals.refunds),
      FEES_AMOUNT: String(totals.fees),
      GST_AMOUNT: String(totals.gst),
      ADJUSTMENTS_AMOUNT: String(totals.adjustments),
      NET_AMOUNT: String(totals.net),
    })
  })

  it('lists the settlement, line, recon entry and webhook fields in the order the answers carry them', () => {
    const schemas = openApiDocument().components.schemas as unknown as Record<
      string,
      { properties: Record<string, unknown> }
    >
    const inOrder = (tag: string) => column(tableOf('settlements', tag), 'Field')
    expect(inOrder('settlement-object')).toEqual([...settlementFields])
    expect(inOrder('settlement-line')).toEqual([...lineFields])
    expect(inOrder('recon-entry')).toEqual(Object.keys(schemas.ReconEntry!.properties))
    expect(sorted(inOrder('settlement-event'))).toEqual(
      sorted(Object.keys(schemas.SettlementEvent!.properties)),
    )
  })

  it('gives the reconciliation command every kit declares', async () => {
    const documented = Object.fromEntries(
      records(tableOf('settlements', 'reconcile')).map((row) => [row.Kit, row.Command]),
    )
    const languages = await Promise.all(kitLanguageIds.map(loadKitLanguage))
    expect(sorted(Object.keys(documented))).toEqual(sorted(languages.map((kit) => kit.name)))
    // A kit that does not declare its example yet is checked once it does.
    for (const kit of languages.filter((language) => language.reconcile)) {
      const { command, args } = kit.reconcile!
      expect(documented[kit.name], kit.name).toBe([path.basename(command), ...args].join(' '))
    }
  })
})

// ---- the field tables, sent to a real sandbox ----

const merchant = demoMerchant({ siteUrl })
let sandbox: SandboxServer
let sequence = 0
const uniqueId = (prefix: string) => `${prefix}${Date.now()}${String(sequence++).padStart(3, '0')}`

/**
 * A request built from a field table's Example column: the Yes rows, the No rows unless
 * `requiredOnly`, the Conditional rows named in `conditional`; HASH and ENCDATA are made here.
 */
function exampleRequest(
  table: MarkedTable,
  options: { requiredOnly?: boolean; conditional?: string[]; set?: Fields } = {},
): Fields {
  const fields: Fields = {}
  for (const row of records(table)) {
    const name = row.Field!
    if (name === 'HASH' || name === 'ENCDATA') continue
    const wanted =
      row.Required === 'Yes' ||
      (row.Required === 'No' && !options.requiredOnly) ||
      (row.Required === 'Conditional' && options.conditional?.includes(name))
    if (wanted) fields[name] = row.Example!
  }
  return { ...fields, ...options.set }
}

const fieldNames = (slug: string, tag: string) => sorted(column(tableOf(slug, tag), 'Field'))
const signed = (fields: Fields) => withHash(fields, merchant.salt)

async function postForm(url: string, fields: Fields) {
  return fetch(url, {
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual',
  })
}

async function postJson(endpoint: string, fields: Fields) {
  const response = await fetch(`${sandbox.url}${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fields),
  })
  return (await response.json()) as Fields
}

const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

/** The response form a payment's last page posts to RETURN_URL: its fields, ENCDATA opened. */
function returnForm(html: string) {
  const form = /<form id="gw-return"[\s\S]*?<\/form>/.exec(html)?.[0]
  expect(form, 'the page posts a response to RETURN_URL').toBeDefined()
  const posted: Fields = {}
  for (const [, name, value] of form!.matchAll(/name="([A-Z_]+)" value="([^"]*)"/g)) {
    posted[name!] = unescapeHtml(value!)
  }
  const opened = decryptFields(posted.ENCDATA!, merchant.salt, merchant.merchantHostedKey)
  expect(opened.ok, 'ENCDATA decrypts and verifies').toBe(true)
  return { posted, fields: opened.ok ? opened.fields : {} }
}

const card = { number: '4111 1111 1111 1111', expiry: '12/35', cvv: '123', name: 'Asha Verma' }

/** Pays a PG Hosted request built from the document's examples; answers its order id. */
async function payHosted(
  options: { requiredOnly?: boolean; set?: Fields; cardNumber?: string } = {},
) {
  const fields = exampleRequest(tableOf('pg-hosted', 'hosted-request'), {
    requiredOnly: options.requiredOnly,
    set: { ORDER_ID: uniqueId('PG'), ...options.set },
  })
  const started = await postForm(`${sandbox.url}/paymentrequest`, signed(fields))
  expect(started.status, 'the documented request opens the payment page').toBe(303)
  const payPath = started.headers.get('location')!
  const paidWith = { ...card, number: options.cardNumber ?? card.number }
  const html = await (await postForm(`${sandbox.origin}${payPath}/card`, paidWith)).text()
  return { orderId: fields.ORDER_ID!, amount: fields.AMOUNT!, ...returnForm(html) }
}

describe('the documented requests, sent to the sandbox, get the documented answers', () => {
  beforeAll(async () => {
    sandbox = await startSandboxServer({ merchants: [merchant], limits: { pages: 0 } })
  })
  afterAll(async () => {
    await sandbox?.close()
  })

  it('PG Hosted: the request opens a payment whose response has the documented fields', async () => {
    const paid = await payHosted()
    expect(sorted(Object.keys(paid.posted))).toEqual(fieldNames('pg-hosted', 'hosted-return'))
    expect(sorted(Object.keys(paid.fields))).toEqual(fieldNames('pg-hosted', 'hosted-response'))
    expect(paid.fields.RESPONSE_CODE).toBe('000')
    await payHosted({ requiredOnly: true })
  })

  it('PG Hosted: leaving out any required field is refused', async () => {
    const table = tableOf('pg-hosted', 'hosted-request')
    for (const row of records(table).filter((r) => r.Required === 'Yes' && r.Field !== 'HASH')) {
      const fields = exampleRequest(table, { set: { ORDER_ID: uniqueId('PG') } })
      delete fields[row.Field!]
      const response = await postForm(`${sandbox.url}/paymentrequest`, signed(fields))
      expect(response.status, `without ${row.Field}`).toBe(200)
      expect(await response.text()).toContain('data-code')
    }
  })

  it('Seamless: net banking and UPI requests from the tables end with the documented fields', async () => {
    const request = tableOf('seamless', 'seamless-request')
    const form = tableOf('seamless', 'seamless-form')
    const send = (inner: Fields) =>
      postForm(
        `${sandbox.url}/merchantPaymentInit`,
        exampleRequest(form, {
          set: {
            ENCDATA: encryptFields(inner, merchant.salt, merchant.merchantHostedKey),
          },
        }),
      )
    const viaBank = await send(exampleRequest(request, { set: { ORDER_ID: uniqueId('MH') } }))
    expect(viaBank.status).toBe(303)
    const bankPath = `${sandbox.origin}${viaBank.headers.get('location')!}`
    expect(bankPath).toMatch(/\/bank$/)
    const paid = returnForm(await (await postForm(bankPath, { outcome: 'success' })).text())
    expect(sorted(Object.keys(paid.posted))).toEqual(fieldNames('seamless', 'seamless-return'))
    expect(sorted(Object.keys(paid.fields))).toEqual(fieldNames('seamless', 'seamless-response'))
    expect(paid.fields.RESPONSE_CODE).toBe('000')

    const viaUpi = await send(
      exampleRequest(request, {
        requiredOnly: true,
        conditional: ['PAYER_ADDRESS'],
        set: { ORDER_ID: uniqueId('MH'), PAYMENT_TYPE: 'UP', MOP_TYPE: 'UP' },
      }),
    )
    expect(viaUpi.status).toBe(200)
    const upi = returnForm(await viaUpi.text())
    expect(upi.fields.RESPONSE_CODE).toBe('000')
    // PRODUCT_DESC is answered only when it was sent: this request has the required fields alone.
    expect(sorted(Object.keys(upi.fields))).toEqual(
      fieldNames('seamless', 'seamless-response').filter((field) => field !== 'PRODUCT_DESC'),
    )
  })

  it('API: status enquiry and refund answer the documented fields', async () => {
    const paid = await payHosted()
    const statusRequest = exampleRequest(tableOf('api', 'status-request'), {
      set: { ORDER_ID: paid.orderId },
    })
    const status = await postJson('/pgws/transact', signed(statusRequest))
    expect(status.RESPONSE_CODE).toBe('000')
    const statusFields = fieldNames('api', 'status-response')
    expect(sorted(Object.keys(status))).toEqual(statusFields.filter((f) => f !== 'REFUNDED_AMOUNT'))

    const refundRequest = exampleRequest(tableOf('api', 'refund-request'), {
      set: { ORDER_ID: paid.orderId, REFUND_ORDER_ID: uniqueId('RF') },
    })
    expect(BigInt(refundRequest.AMOUNT!)).toBeLessThan(BigInt(paid.amount))
    const refund = await postJson('/pgws/transact', signed(refundRequest))
    expect(refund.RESPONSE_CODE).toBe('000')
    expect(sorted(Object.keys(refund))).toEqual(fieldNames('api', 'refund-response'))

    const afterRefund = await postJson('/pgws/transact', signed(statusRequest))
    expect(sorted(Object.keys(afterRefund))).toEqual(statusFields)
    expect(afterRefund.REFUNDED_AMOUNT).toBe(refundRequest.AMOUNT)
  })

  it('Payout: bank and UPI payouts and their status answer the documented fields', async () => {
    const table = tableOf('payout', 'payout-request')
    const bankPayout = exampleRequest(table, {
      conditional: ['BENEFICIARY_ACCOUNT', 'BENEFICIARY_IFSC'],
      set: { PAYOUT_ID: uniqueId('PO') },
    })
    const answer = await postJson('/pgws/payout', signed(bankPayout))
    expect(answer.RESPONSE_CODE).toBe('000')
    expect(sorted(Object.keys(answer))).toEqual(fieldNames('payout', 'payout-response'))

    const upiPayout = exampleRequest(table, {
      requiredOnly: true,
      conditional: ['BENEFICIARY_VPA'],
      set: { PAYOUT_ID: uniqueId('PO'), TRANSFER_MODE: 'UPI' },
    })
    const upi = await postJson('/pgws/payout', signed(upiPayout))
    expect(upi.RESPONSE_CODE).toBe('000')
    expect(sorted(Object.keys(upi))).toEqual(fieldNames('payout', 'payout-response'))

    const status = await postJson(
      '/pgws/payout/status',
      signed(
        exampleRequest(tableOf('payout', 'payout-status-request'), {
          set: { PAYOUT_ID: bankPayout.PAYOUT_ID! },
        }),
      ),
    )
    expect(status).toEqual(answer)
  })

  it.each([
    ['upi-qr', 'upi-qr-request', 'upi-qr-response'],
    ['pg-qr', 'pg-qr-request', 'pg-qr-response'],
  ])(
    '%s: the QR request answers 006 with the documented fields, and paying it shows in the status',
    async (slug, request, response) => {
      const fields = exampleRequest(tableOf(slug, request), { set: { ORDER_ID: uniqueId('QR') } })
      const answer = await postJson('/pgws/qr', signed(fields))
      expect(answer.RESPONSE_CODE).toBe('006')
      expect(sorted(Object.keys(answer))).toEqual(fieldNames(slug, response))

      const status = () =>
        postJson(
          '/pgws/transact',
          signed({ PAY_ID: merchant.payId, ORDER_ID: fields.ORDER_ID!, TXNTYPE: 'STATUS' }),
        )
      expect((await status()).RESPONSE_CODE).toBe('006')
      if (answer.QR_TYPE === 'UPI') {
        // The documented intent, with this answer's own TXN_ID and ORDER_ID.
        const documented = lexer(loaded.get(slug)!.body).find(
          (token): token is Tokens.Code =>
            token.type === 'code' && (token as Tokens.Code).text.startsWith('upi://pay?'),
        )!.text
        expect(answer.UPI_INTENT).toBe(
          documented
            .replace(/tr=\d+/, `tr=${answer.TXN_ID}`)
            .replace(/tn=[^&]+/, `tn=${fields.ORDER_ID}`),
        )
      }
      // What the documents' test data says: pay as success@upi on the scan page, or by card.
      if (answer.QR_TYPE === 'UPI')
        await postForm(`${answer.QR_SCAN_URL}/upi`, { vpa: 'success@upi' })
      else await postForm(`${answer.PAYMENT_URL}/card`, card)
      const paid = await status()
      expect(paid).toMatchObject({ RESPONSE_CODE: '000', STATUS: 'Captured' })
      if (answer.QR_TYPE === 'UPI') expect(paid.PAYMENT_TYPE).toBe('UP')
    },
  )

  it.each([
    ['api', 'status-request', '/pgws/transact'],
    ['api', 'refund-request', '/pgws/transact'],
    ['payout', 'payout-request', '/pgws/payout'],
    ['payout', 'payout-status-request', '/pgws/payout/status'],
    ['upi-qr', 'upi-qr-request', '/pgws/qr'],
    ['pg-qr', 'pg-qr-request', '/pgws/qr'],
  ])('%s %s: leaving out any required field is refused', async (slug, tag, endpoint) => {
    const table = tableOf(slug, tag)
    // Start from a request that succeeds: a paid order, a payout that exists.
    const paid = slug === 'api' ? await payHosted() : undefined
    const payoutId = tag === 'payout-status-request' ? await existingPayout() : undefined
    for (const row of records(table).filter((r) => r.Required === 'Yes' && r.Field !== 'HASH')) {
      const fields = exampleRequest(table, {
        conditional: ['BENEFICIARY_ACCOUNT', 'BENEFICIARY_IFSC'],
        set: {
          ...(hasField(table, 'ORDER_ID') ? { ORDER_ID: paid?.orderId ?? uniqueId('QR') } : {}),
          ...(hasField(table, 'REFUND_ORDER_ID') ? { REFUND_ORDER_ID: uniqueId('RF') } : {}),
          ...(hasField(table, 'PAYOUT_ID') ? { PAYOUT_ID: payoutId ?? uniqueId('PO') } : {}),
        },
      })
      delete fields[row.Field!]
      const answer = await postJson(endpoint, signed(fields))
      expect(['000', '006'], `${tag} without ${row.Field}: ${answer.RESPONSE_CODE}`).not.toContain(
        answer.RESPONSE_CODE,
      )
    }
  })
})

describe('the documented settlement requests, sent to the sandbox, get the documented answers', () => {
  beforeAll(async () => {
    sandbox = await startSandboxServer({ merchants: [merchant], limits: { pages: 0 } })
  })
  afterAll(async () => {
    await sandbox?.close()
  })

  const fields = (tag: string) => fieldNames('settlements', tag)
  const list = (text: string | undefined) => JSON.parse(text ?? 'null') as Fields[]

  it('the test run, the list, one settlement by id, by UTR and as CSV, and an order’s recon', async () => {
    const paid = await payHosted()
    const settles = nextWorkingDay(istDateOf(new Date()))
    const asOf = `${settles}T11:00:00+05:30`
    const run = await postJson(
      '/pgws/settlement/run',
      signed(
        exampleRequest(tableOf('settlements', 'settlement-run-request'), { set: { AS_OF: asOf } }),
      ),
    )
    expect(run.RESPONSE_CODE).toBe('000')
    expect(sorted(Object.keys(run))).toEqual(fields('settlement-run-response'))
    const [made] = list(run.SETTLEMENTS).filter((one) => one.SETTLEMENT_DATE === settles)
    expect(made, 'the run settled the payment made today').toBeDefined()
    expect(Object.keys(made!)).toEqual(column(tableOf('settlements', 'settlement-object'), 'Field'))

    const listed = await postJson(
      '/pgws/settlements',
      signed(
        exampleRequest(tableOf('settlements', 'settlements-request'), {
          set: { FROM: addDays(settles, -91), TO: settles },
        }),
      ),
    )
    expect(sorted(Object.keys(listed))).toEqual(fields('settlements-response'))
    expect(list(listed.SETTLEMENTS)).toContainEqual(made)

    const request = tableOf('settlements', 'settlement-request')
    const one = await postJson(
      '/pgws/settlement',
      signed(exampleRequest(request, { set: { SETTLEMENT_ID: made!.SETTLEMENT_ID! } })),
    )
    expect(one.RESPONSE_CODE).toBe('000')
    expect(sorted(Object.keys(one))).toEqual(
      sorted([...fields('settlement-response'), ...fields('settlement-object')]),
    )
    const lines = list(one.LINES)
    const line = lines.find((entry) => entry.ORDER_ID === paid.orderId)!
    // A rupee payment's line: every documented field but those of a foreign currency.
    expect(Object.keys(line)).toEqual(
      column(tableOf('settlements', 'settlement-line'), 'Field').filter(
        (field) => !(foreignLineFields as readonly string[]).includes(field),
      ),
    )
    expect(line).toMatchObject({ TYPE: 'PAYMENT', AMOUNT: paid.amount })

    const byUtr = await postJson(
      '/pgws/settlement',
      signed(
        exampleRequest(request, {
          requiredOnly: true,
          conditional: ['UTR'],
          set: { UTR: made!.UTR! },
        }),
      ),
    )
    expect(byUtr.LINES).toBe(one.LINES)
    const csv = await fetch(`${sandbox.url}/pgws/settlement`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(
        signed(
          exampleRequest(request, { set: { SETTLEMENT_ID: made!.SETTLEMENT_ID!, FORMAT: 'CSV' } }),
        ),
      ),
    })
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    // The settlement's own three columns, then the line fields, each amount with its rupees.
    const header = (await csv.text()).split('\r\n')[0]!
    expect(header).toBe(csvColumns.join(','))
    expect(
      header
        .split(',')
        .slice(3)
        .filter((name) => !name.endsWith('_RUPEES')),
    ).toEqual(column(tableOf('settlements', 'settlement-line'), 'Field'))
    const documented = lexer(loaded.get('settlements')!.body).find(
      (token): token is Tokens.Code => token.type === 'code' && token.lang === 'text',
    )!
    expect(documented.text.split('\n')[0]).toBe(header)

    const recon = await postJson(
      '/pgws/recon',
      signed(
        exampleRequest(tableOf('settlements', 'recon-request'), {
          set: { ORDER_ID: paid.orderId },
        }),
      ),
    )
    expect(sorted(Object.keys(recon))).toEqual(fields('recon-response'))
    const [entry] = list(recon.RECON)
    expect(Object.keys(entry!)).toEqual(column(tableOf('settlements', 'recon-entry'), 'Field'))
    expect(entry).toMatchObject({ STATE: 'SETTLED', SETTLEMENT_ID: made!.SETTLEMENT_ID })
  })

  it.each([
    ['settlements-request', '/pgws/settlements'],
    ['settlement-request', '/pgws/settlement'],
    ['recon-request', '/pgws/recon'],
    ['settlement-run-request', '/pgws/settlement/run'],
  ])('%s: leaving out any required field is refused', async (tag, endpoint) => {
    const table = tableOf('settlements', tag)
    for (const row of records(table).filter((r) => r.Required === 'Yes' && r.Field !== 'HASH')) {
      const request = exampleRequest(table)
      delete request[row.Field!]
      const answer = await postJson(endpoint, signed(request))
      expect(answer.RESPONSE_CODE, `${tag} without ${row.Field}`).not.toBe('000')
    }
  })
})

function hasField(table: MarkedTable, name: string): boolean {
  return column(table, 'Field').includes(name)
}

/** A payout the sandbox processed, from the documented example. */
async function existingPayout(): Promise<string> {
  const fields = exampleRequest(tableOf('payout', 'payout-request'), {
    conditional: ['BENEFICIARY_ACCOUNT', 'BENEFICIARY_IFSC'],
    set: { PAYOUT_ID: uniqueId('PO') },
  })
  expect((await postJson('/pgws/payout', signed(fields))).RESPONSE_CODE).toBe('000')
  return fields.PAYOUT_ID!
}

describe('international: the field tables and examples are what the document and the rates say', () => {
  const schemas = openApiDocument().components.schemas as unknown as Record<
    string,
    { properties?: Record<string, unknown>; required?: string[]; oneOf?: unknown[] }
  >
  const keys = (name: string) => Object.keys(schemas[name]!.properties!)
  const inOrder = (tag: string) => column(tableOf('international', tag), 'Field')

  it('lists the fields of the rates and dispute APIs, the dispute and its events as the OpenAPI document has them', () => {
    expect(inOrder('fx-request')).toEqual(keys('FxRequest'))
    expect(inOrder('fx-response')).toEqual(keys('FxAnswer'))
    expect(inOrder('dispute-object')).toEqual(keys('Dispute'))
    expect(inOrder('dispute-event')).toEqual(keys('DisputeEvent'))
    // Optional fields come last in a schema, in their place in a table.
    expect(sorted(inOrder('dispute-request'))).toEqual(sorted(keys('DisputeRequest')))
    expect(sorted(inOrder('disputes-response'))).toEqual(sorted(keys('DisputesAnswer')))
    const byDatesOrOrder = (
      schemas.DisputesRequest!.oneOf as Array<{ properties: Record<string, unknown> }>
    ).flatMap((variant) => Object.keys(variant.properties))
    expect(sorted(inOrder('disputes-request'))).toEqual(sorted(new Set(byDatesOrOrder)))
    const line = schemas.SettlementLine!
    expect(inOrder('fx-settlement-line')).toEqual(
      keys('SettlementLine').filter((key) => !line.required!.includes(key)),
    )
    expect(sorted(inOrder('fx-payment-fields'))).toEqual(['FX_RATE', 'INR_AMOUNT'])
    for (const answer of ['PaymentAnswer', 'RefundAnswer']) {
      expect(keys(answer)).toEqual(expect.arrayContaining(inOrder('fx-payment-fields')))
    }
  })

  it('converts every example amount at its currency’s sandbox rate', () => {
    const examples = lexer(loaded.get('international')!.body).filter(
      (token): token is Tokens.Code => token.type === 'code' && token.lang === 'json',
    )
    const converted = examples
      .map((example) => JSON.parse(example.text) as Fields)
      .filter((fields) => fields.INR_AMOUNT !== undefined)
    expect(converted.length).toBeGreaterThan(1)
    for (const fields of converted) {
      const currency = currencyByNumber(fields.CURRENCY_CODE!)!
      const rupees = toRupees(BigInt(fields.AMOUNT!), currency)
      expect(fields.INR_AMOUNT).toBe(String(rupees.paise))
      if (fields.FX_RATE) expect(fields.FX_RATE).toBe(rupees.rate)
    }
  })

  it('gives the example dispute the deadline of the business calendar', () => {
    const body = loaded.get('international')!.body
    const event = lexer(body)
      .filter((token): token is Tokens.Code => token.type === 'code' && token.lang === 'json')
      .map((token) => JSON.parse(token.text) as Fields)
      .find((fields) => fields.DISPUTE_ID && fields.RESPOND_BY)!
    expect(event.RESPOND_BY).toBe(
      respondByOf(new Date(`${event.CREATED_AT!.replace(' ', 'T')}+05:30`)),
    )
    expect(disputeReasonOf(event.REASON_CODE!)?.reason).toBe(event.REASON)
  })
})

describe('international: the guide’s minutes of trying, sent to the sandbox, end as it says', () => {
  beforeAll(async () => {
    sandbox = await startSandboxServer({ merchants: [merchant], limits: { pages: 0 } })
  })
  afterAll(async () => {
    await sandbox?.close()
  })

  const table = (tag: string) => tableOf('international', tag)
  const list = (text: string | undefined) => JSON.parse(text ?? 'null') as Fields[]
  const run = (asOf: string) =>
    postJson('/pgws/settlement/run', signed({ PAY_ID: merchant.payId, AS_OF: asOf }))

  it('a dollar payment by the 13.1 card: FX fields, a dispute, contested, won, held and released', async () => {
    const rates = await postJson('/pgws/fx', signed(exampleRequest(table('fx-request'))))
    expect(sorted(Object.keys(rates))).toEqual(fieldNames('international', 'fx-response'))
    const usd = JSON.parse(rates.RATES!)['840'] as string

    const paid = await payHosted({
      set: { CURRENCY_CODE: '840', AMOUNT: '4999' },
      cardNumber: guideFacts.DISPUTE_CARD_WINNABLE!,
    })
    expect(paid.fields).toMatchObject({ RESPONSE_CODE: '000', FX_RATE: usd })
    expect(paid.fields.INR_AMOUNT).toBe(String(toRupees(4999n, currencyByNumber('840')!).paise))

    const settles = nextWorkingDay(istDateOf(new Date()))
    expect((await run(`${settles}T12:00:00+05:30`)).RESPONSE_CODE).toBe('000')
    const byOrder = await postJson(
      '/pgws/disputes',
      signed(
        exampleRequest(table('disputes-request'), {
          requiredOnly: true,
          conditional: ['ORDER_ID'],
          set: { ORDER_ID: paid.orderId },
        }),
      ),
    )
    expect(sorted(Object.keys(byOrder))).toEqual(
      fieldNames('international', 'disputes-response').filter((f) => f !== 'FROM' && f !== 'TO'),
    )
    const [dispute] = list(byOrder.DISPUTES)
    expect(Object.keys(dispute!)).toEqual(column(table('dispute-object'), 'Field'))
    expect(dispute).toMatchObject({
      STATUS: 'OPEN',
      AMOUNT: '4999',
      CURRENCY_CODE: '840',
      INR_AMOUNT: paid.fields.INR_AMOUNT,
      CREATED_AT: `${settles} 12:00:00`,
      RESPOND_BY: respondByOf(new Date(`${settles}T12:00:00+05:30`)),
    })

    // The guide's own CONTEST example, its PDF included, for this dispute.
    const { HASH: _documentedHash, ...documented } = lexer(loaded.get('international')!.body)
      .filter((token): token is Tokens.Code => token.type === 'code' && token.lang === 'json')
      .map((token) => JSON.parse(token.text) as Fields)
      .find((fields) => fields.ACTION === 'CONTEST')!
    expect(sorted(Object.keys(documented))).toEqual(
      fieldNames('international', 'dispute-request').filter((f) => f !== 'HASH'),
    )
    const contest = { ...documented, DISPUTE_ID: dispute!.DISPUTE_ID! }
    const contested = await postJson('/pgws/dispute', signed(contest))
    expect(contested).toMatchObject({ RESPONSE_CODE: '000', STATUS: 'UNDER_REVIEW' })
    expect(sorted(Object.keys(contested))).toEqual(
      sorted([
        'PAY_ID',
        ...column(table('dispute-object'), 'Field'),
        'RESPONSE_CODE',
        'RESPONSE_MESSAGE',
        'RESPONSE_DATE_TIME',
        'HASH',
      ]),
    )
    expect((await postJson('/pgws/dispute', signed(contest))).RESPONSE_CODE).toBe('348')

    const afterDeadline = `${addDays(dispute!.RESPOND_BY!, 1)}T12:00:00+05:30`
    const decided = await run(afterDeadline)
    expect(decided.RESPONSE_CODE).toBe('000')
    const [won] = list(
      (await postJson('/pgws/disputes', signed({ PAY_ID: merchant.payId, ORDER_ID: paid.orderId })))
        .DISPUTES,
    )
    expect(won).toMatchObject({ STATUS: 'WON', RESOLUTION: 'Evidence accepted by the issuer' })

    // The hold is in the first settlement made after the dispute, the release in the first made
    // after the decision: a run on the next working day makes it.
    const released = await run(`${nextWorkingDay(addDays(dispute!.RESPOND_BY!, 1))}T12:00:00+05:30`)
    const adjustments: Fields[] = []
    for (const settlement of list(released.SETTLEMENTS)) {
      const one = await postJson(
        '/pgws/settlement',
        signed({ PAY_ID: merchant.payId, SETTLEMENT_ID: settlement.SETTLEMENT_ID! }),
      )
      adjustments.push(
        ...list(one.LINES).filter(
          (line) =>
            (line.TYPE === 'DISPUTE_HOLD' || line.TYPE === 'DISPUTE_RELEASE') &&
            line.ORDER_ID === paid.orderId,
        ),
      )
    }
    expect(adjustments.map((line) => line.AMOUNT)).toEqual([
      `-${paid.fields.INR_AMOUNT}`,
      paid.fields.INR_AMOUNT,
    ])
    expect(adjustments[0]!.DESCRIPTION).toBe(
      `Dispute ${dispute!.DISPUTE_ID} held: ${guideFacts.DISPUTE_REASON_WINNABLE!.replaceAll('`', '')}`,
    )
    expect(adjustments[1]!.DESCRIPTION).toBe(`Dispute ${dispute!.DISPUTE_ID} won: hold released`)
  })
})

describe('sandbox account: the documented answer and refusals are what the sandbox answers', () => {
  let accounts: SandboxServer
  beforeAll(async () => {
    // A sandbox that delivers to private addresses writes the webhook secret into paystra.env,
    // as the guide's example shows it.
    accounts = await startSandboxServer({
      merchants: [merchant],
      accounts: { perHour: 2 },
      webhooks: { allowPrivate: true },
    })
  })
  afterAll(async () => {
    await accounts?.close()
  })

  const makeAccount = (body: unknown) =>
    fetch(`${accounts.url}/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    })

  it('answers the fields of the table in its order, and writes the paystra.env the guide shows', async () => {
    const table = tableOf('sandbox-account', 'account-response')
    const response = await makeAccount({ NAME: 'Asha Test Store' })
    expect(response.status).toBe(201)
    const answer = (await response.json()) as Fields
    expect(Object.keys(answer)).toEqual(column(table, 'Field'))
    const example = Object.fromEntries(records(table).map((row) => [row.Field!, row.Example!]))
    for (const field of ['STATUS', 'NAME', 'IDLE_DAYS']) {
      expect(answer[field], field).toBe(example[field])
    }
    expect(answer.PAYSTRA_BASE_URL).toBe(accounts.url)
    expect(example.MERCHANT_HOSTED_KEY).toBe(
      deriveMerchantHostedKey(example.KEY_SALT!, example.PAY_ID!),
    )
    for (const field of ['PAY_ID', 'SALT', 'KEY_SALT', 'MERCHANT_HOSTED_KEY', 'WEBHOOK_SECRET']) {
      expect(example[field]!.length, field).toBe(answer[field]!.length)
    }
    const written = answer
      .PAYSTRA_ENV!.replaceAll(answer.PAY_ID!, example.PAY_ID!)
      .replaceAll(answer.SALT!, example.SALT!)
      .replaceAll(answer.KEY_SALT!, example.KEY_SALT!)
      .replaceAll(answer.WEBHOOK_SECRET!, example.WEBHOOK_SECRET!)
      .replaceAll(accounts.url, `${siteUrl}/sandbox`)
    expect(loaded.get('sandbox-account')!.body).toContain(written.trimEnd())
  })

  it('refuses a bad name with the documented 360, then the address’s third account with 344', async () => {
    const messages = Object.fromEntries(
      records(tableOf('sandbox-account', 'sandbox-account')).map((row) => [
        row.Code!,
        row.RESPONSE_MESSAGE!,
      ]),
    )
    const bad = await makeAccount({ NAME: 'x'.repeat(61) })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({
      STATUS: 'Failed',
      RESPONSE_CODE: '360',
      RESPONSE_MESSAGE: messages['360'],
    })
    const over = await makeAccount({})
    expect(over.status).toBe(429)
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(await over.json()).toMatchObject({
      RESPONSE_CODE: '344',
      RESPONSE_MESSAGE: messages['344'],
    })
  })
})
