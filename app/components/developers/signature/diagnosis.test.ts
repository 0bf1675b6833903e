import { createHash, createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import vectorFile from '#core/protocol/vectors.json'
import {
  hashExamples,
  sandboxExampleSalt,
  settlementAnswerExample,
} from '#app/content/signature-tool.ts'
import { checkSignature, type CauseId } from './diagnosis.ts'
import { type Entry, readPastedFields } from './pasted-fields.ts'

interface HashVector {
  note: string
  fields: Record<string, string>
  salt: string
  canonical?: string
  hash?: string
  claimedHash?: string
  verifies?: boolean
}
const vectors = (vectorFile as unknown as { hash: HashVector[] }).hash

/** What a merchant's code that made the mistake would have sent: SHA-256 of its text. */
function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex').toUpperCase()
}

function entriesOf(text: string): Entry[] {
  const read = readPastedFields(text)
  if (!read.ok) throw new Error(JSON.stringify(read.problem))
  return read.entries
}

const salt = 'a1b2c3d4e5f60718'
const request = vectors[1]!
const sortedRequest = request.canonical!

describe('checkSignature on the shared vectors', () => {
  for (const vector of vectors) {
    it(vector.note, async () => {
      const entries = Object.entries(vector.fields)
      const report = await checkSignature(entries, vector.salt, vector.hash ?? vector.claimedHash)
      if (vector.canonical) expect(report.hashInput).toBe(vector.canonical + vector.salt)
      if (vector.hash) {
        expect(report.expected).toBe(vector.hash)
        expect(report.matches).toBe(true)
      }
      if (vector.verifies === false) {
        expect(report.matches).toBe(false)
        // The HASH was made over AMOUNT=100: the tool points at the amount, posted as 1.
        expect(report.cause).toMatchObject({
          id: 'amount-units',
          field: 'AMOUNT',
          hashedValue: '100',
        })
      }
    })
  }

  it('takes the fields’ own HASH when none is given apart, in any case', async () => {
    const entries: Entry[] = [
      ...Object.entries(request.fields),
      ['HASH', request.hash!.toLowerCase()],
    ]
    const report = await checkSignature(entries, salt)
    expect(report.matches).toBe(true)
    expect(report.notes).toContainEqual({ kind: 'lower-case' })
  })

  it('reports no verdict without a HASH', async () => {
    const report = await checkSignature(Object.entries(request.fields), salt)
    expect(report.matches).toBeNull()
    expect(report.notes).toContainEqual({ kind: 'no-hash' })
  })
})

describe('names the mistake that reproduces the pasted HASH', () => {
  const fields = Object.entries(request.fields)
  const cases: Array<{
    name: string
    id: CauseId
    entries?: Entry[]
    hash: string
    field?: string
  }> = [
    {
      name: 'keys in the order they were posted',
      id: 'unsorted',
      hash: sha256(fields.map(([key, value]) => `${key}=${value}`).join('~') + salt),
    },
    {
      name: 'keys sorted by locale (TXN_ID before TXNTYPE)',
      id: 'locale-sorted',
      entries: Object.entries(vectors[2]!.fields),
      hash: sha256(
        'CUST_NAME=Ünïcødé name~EMPTY=~NOTE=a=b c~TXN_ID=1234567890123456~TXNTYPE=SALE' + salt,
      ),
    },
    {
      name: 'HASH included in the text',
      id: 'hash-included',
      entries: [...fields, ['HASH', '']],
      hash: sha256(sortedRequest.replace('ORDER_ID', 'HASH=~ORDER_ID') + salt),
    },
    {
      name: 'a line break after the salt (read from a file)',
      id: 'salt-whitespace',
      hash: sha256(`${sortedRequest}${salt}\n`),
    },
    {
      name: 'a space after a value',
      id: 'value-whitespace',
      field: 'CUST_NAME',
      hash: sha256(sortedRequest.replace('Demo Customer', 'Demo Customer ') + salt),
    },
    {
      name: 'a pasted value with white space that the sender trimmed',
      id: 'value-whitespace',
      field: 'CUST_EMAIL',
      entries: fields.map(([key, value]) => [key, key === 'CUST_EMAIL' ? ` ${value}` : value]),
      hash: sha256(sortedRequest + salt),
    },
    {
      name: 'the amount hashed in rupees',
      id: 'amount-units',
      field: 'AMOUNT',
      hash: sha256(sortedRequest.replace('AMOUNT=100', 'AMOUNT=1.00') + salt),
    },
    {
      name: 'the amount posted in rupees and hashed in paise',
      id: 'amount-units',
      field: 'AMOUNT',
      entries: fields.map(([key, value]) => [key, key === 'AMOUNT' ? '1.00' : value]),
      hash: sha256(sortedRequest + salt),
    },
    {
      name: 'a + read as a space by the form parser',
      id: 'plus-as-space',
      field: 'CUST_EMAIL',
      entries: entriesOf(
        'CUST_EMAIL=demo+shop@example.com&AMOUNT=100&ORDER_ID=LP1&PAY_ID=1000000000000001',
      ),
      hash: sha256(
        'AMOUNT=100~CUST_EMAIL=demo+shop@example.com~ORDER_ID=LP1~PAY_ID=1000000000000001' + salt,
      ),
    },
    {
      name: 'values hashed URL-encoded',
      id: 'url-encoded',
      hash: sha256(
        sortedRequest
          .replace('Demo Customer', 'Demo%20Customer')
          .replace('demo.customer@example.com', 'demo.customer%40example.com')
          .replace(
            'http://localhost:3000/demo/response',
            'http%3A%2F%2Flocalhost%3A3000%2Fdemo%2Fresponse',
          ) + salt,
      ),
    },
    {
      name: 'a ~ before the salt',
      id: 'separator-before-salt',
      hash: sha256(`${sortedRequest}~${salt}`),
    },
    { name: 'the salt first', id: 'salt-first', hash: sha256(salt + sortedRequest) },
    {
      name: 'empty fields left out',
      id: 'empty-left-out',
      entries: [...fields, ['UDF1', '']],
      hash: sha256(sortedRequest + salt),
    },
    {
      name: 'HMAC with the salt as key',
      id: 'hmac',
      hash: createHmac('sha256', salt).update(sortedRequest).digest('hex').toUpperCase(),
    },
    {
      name: 'SHA-512',
      id: 'other-digest',
      hash: createHash('sha512')
        .update(sortedRequest + salt)
        .digest('hex')
        .toUpperCase(),
    },
  ]
  for (const { name, id, entries = fields, hash, field } of cases) {
    it(`${name}: ${id}`, async () => {
      const report = await checkSignature(entries, salt, hash)
      expect(report.matches).toBe(false)
      expect(report.cause?.id).toBe(id)
      if (field) expect(report.cause?.field).toBe(field)
      if (report.cause?.id !== 'hmac' && report.cause?.id !== 'other-digest') {
        expect(sha256(report.cause!.hashedText)).toBe(hash)
      }
    })
  }

  it('white space around the pasted salt: the HASH made with the clean salt', async () => {
    const report = await checkSignature(fields, ` ${salt}\n`.trimEnd(), request.hash)
    expect(report.cause).toMatchObject({ id: 'salt-whitespace', hashedSalt: salt })
    expect(report.notes).toContainEqual({ kind: 'salt-whitespace' })
  })

  it('a wrong salt is no known mistake', async () => {
    const report = await checkSignature(fields, 'another-salt', request.hash)
    expect(report.matches).toBe(false)
    expect(report.cause).toBeNull()
  })
})

describe('notes', () => {
  it('flags amounts not in paise, a + in a value and invisible characters', async () => {
    const report = await checkSignature(
      [
        ['AMOUNT', '10.50'],
        ['CUST_EMAIL', 'a+b@example.com'],
        ['CUST_NAME', 'Asha\u00a0Verma'],
      ],
      salt,
    )
    expect(report.notes).toEqual(
      expect.arrayContaining([
        { kind: 'amount-not-paise', field: 'AMOUNT', value: '10.50' },
        { kind: 'plus-in-value', field: 'CUST_EMAIL' },
        { kind: 'invisible', field: 'CUST_NAME' },
      ]),
    )
  })
})

describe('settlement answers and webhooks', () => {
  const pasted = (id: string) => {
    const example = hashExamples.find((candidate) => candidate.id === id)!
    const read = readPastedFields(example.fields)
    if (!read.ok) throw new Error(JSON.stringify(read.problem))
    return { ...read, salt: example.salt }
  }

  it('verifies the examples: the answer with LINES as JSON text, and the webhook’s data', async () => {
    const answer = pasted('settlement')
    expect(answer.format).toBe('json')
    const report = await checkSignature(answer.entries, answer.salt, '', answer.format)
    expect(report.matches).toBe(true)
    // Signed figures, zero amounts and a + in a JSON value are no mistakes; the list is noted.
    expect(report.notes).toEqual([{ kind: 'json-text', field: 'LINES' }])

    const webhook = pasted('settlement-webhook')
    expect(webhook.format).toBe('webhook')
    const verified = await checkSignature(webhook.entries, webhook.salt, '', webhook.format)
    expect(verified.matches).toBe(true)
    expect(verified.notes).toEqual([])
  })

  it('still flags an amount that is no amount in a settlement, and a + posted in a form', async () => {
    const report = await checkSignature(
      [
        ['NET_AMOUNT', '1563.60'],
        ['ADJUSTMENTS_AMOUNT', '-05000'],
        ['AS_OF', '2026-11-30T11:00:00+05:30'],
      ],
      salt,
      undefined,
      'form',
    )
    expect(report.notes).toEqual([
      { kind: 'no-hash' },
      { kind: 'amount-not-paise', field: 'NET_AMOUNT', value: '1563.60' },
      { kind: 'amount-not-paise', field: 'ADJUSTMENTS_AMOUNT', value: '-05000' },
      { kind: 'plus-in-value', field: 'AS_OF' },
    ])
  })

  const entries = Object.entries(settlementAnswerExample).filter(([key]) => key !== 'HASH')
  const lines = JSON.parse(settlementAnswerExample.LINES) as unknown[]
  const hashWith = (text: string) =>
    sha256(
      entries
        .map(([key, value]) => [key, key === 'LINES' ? text : value] as const)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([key, value]) => `${key}=${value}`)
        .join('~') + sandboxExampleSalt,
    )

  it.each([
    [
      'Python’s json.dumps',
      JSON.stringify(lines)
        .replace(/","/g, '", "')
        .replace(/":"/g, '": "')
        .replace(/\},\{/g, '}, {'),
    ],
    ['indented by two spaces', JSON.stringify(lines, null, 2)],
  ])('names a list hashed after it was parsed and written again (%s)', async (_name, text) => {
    const report = await checkSignature(entries, sandboxExampleSalt, hashWith(text), 'json')
    expect(report.matches).toBe(false)
    expect(report.cause).toMatchObject({ id: 'list-reserialised', field: 'LINES' })
  })
})
