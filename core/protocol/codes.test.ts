import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { isResponseCode, isSuccess, payoutStatus, refundStatus, responseCodes } from './codes.ts'

describe('response codes', () => {
  it('only 000 is success, and it is the only Captured code', () => {
    expect(isSuccess('000')).toBe(true)
    expect(isSuccess('010')).toBe(false)
    expect(isSuccess(undefined)).toBe(false)
    const captured = Object.entries(responseCodes).filter(([, code]) => code.status === 'Captured')
    expect(captured.map(([code]) => code)).toEqual(['000'])
  })

  it('has every code of the contract, three digits each, with a message', () => {
    for (const code of [
      '000',
      '004',
      '010',
      '018',
      '020',
      '026',
      '319',
      '320',
      '321',
      '322',
      '323',
      '324',
      '325',
      '326',
      '327',
      '328',
      '329',
      '330',
      '331',
      '332',
      '333',
      '334',
      '335',
      '336',
    ]) {
      expect(responseCodes).toHaveProperty(code)
    }
    for (const [code, { message }] of Object.entries(responseCodes)) {
      expect(code).toMatch(/^\d{3}$/)
      expect(message.length).toBeGreaterThan(5)
    }
  })

  it('pending states are Pending, so a status enquiry never reports them as final', () => {
    expect(responseCodes['026'].status).toBe('Pending')
    expect(responseCodes['006'].status).toBe('Pending')
  })
})

describe('the codes of refunds, payouts and QR', () => {
  it.each([
    ['329', 'Refund amount exceeds the amount left to refund on this order'],
    ['330', 'Only a captured payment can be refunded'],
    ['331', 'Invalid transfer mode: use NEFT, RTGS, IMPS or UPI'],
    ['332', 'Invalid beneficiary account number or IFSC'],
    ['333', 'Invalid beneficiary VPA'],
    ['334', "Amount outside the transfer mode's limits"],
    ['335', 'Invalid beneficiary name'],
    ['336', 'Invalid QR type: use UPI or PG'],
    ['338', 'No settlement found'],
    ['339', 'Invalid date range: FROM and TO are dates (YYYY-MM-DD) and FROM is not after TO'],
    ['340', 'Date range longer than 92 days'],
    ['341', 'Invalid AS_OF: use an ISO 8601 date-time with an offset'],
    ['342', 'Invalid settlement id or UTR: send one of SETTLEMENT_ID or UTR'],
    ['343', 'Invalid format: use JSON or CSV'],
    ['344', 'Too many requests: try again later'],
  ] as const)('%s: %s, a refusal (Failed)', (code, message) => {
    expect(responseCodes[code]).toEqual({ status: 'Failed', message })
  })

  it('a refund is Refunded on 000 and Failed otherwise', () => {
    expect(refundStatus('000')).toBe('Refunded')
    for (const code of ['329', '330', '018', '323', '328'] as const)
      expect(refundStatus(code)).toBe('Failed')
  })

  it('a payout is Processed on 000, Pending on 026, Failed otherwise', () => {
    expect(payoutStatus('000')).toBe('Processed')
    expect(payoutStatus('026')).toBe('Pending')
    for (const code of ['004', '018', '331', '334', '326'] as const)
      expect(payoutStatus(code)).toBe('Failed')
  })

  it('knows its own codes only', () => {
    expect(isResponseCode('336')).toBe(true)
    expect(isResponseCode('399')).toBe(false)
    expect(isResponseCode('toString')).toBe(false)
    expect(isResponseCode(336)).toBe(false)
  })
})

describe('the README', () => {
  it('lists every code with its STATUS and message', () => {
    const readme = readFileSync(new URL('../../gateway/README.md', import.meta.url), 'utf8')
    const rows = new Map(
      [...readme.matchAll(/^\| (\d{3})\s+\| (\w+)\s+\| (.+?)\s+\|$/gm)].map((match) => [
        match[1]!,
        { status: match[2]!, message: match[3]! },
      ]),
    )
    expect([...rows.keys()].sort()).toEqual(Object.keys(responseCodes).sort())
    for (const [code, { status, message }] of Object.entries(responseCodes)) {
      expect(rows.get(code)?.status, code).toBe(status)
      expect(rows.get(code)?.message.startsWith(message), code).toBe(true)
    }
  })
})
