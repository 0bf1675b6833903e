// The exchange-rate and dispute calls against a fake gateway: each request signed, each answer's
// HASH checked before its lists are parsed.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { GatewayError, VerificationError, verify, withHash } from '../index.js'
import { demoConfig, stubGateway } from './support.js'

const config = demoConfig()
const ok = {
  RESPONSE_CODE: '000',
  RESPONSE_MESSAGE: 'Transaction successful',
  RESPONSE_DATE_TIME: '2026-11-30 12:00:05',
}
const dispute = {
  DISPUTE_ID: 'dsp_0a1b2c3d4e5f60718293',
  ORDER_ID: 'SK1764230400123',
  TXN_ID: '1234567890123456',
  PG_REF_NUM: '202612345678901234',
  AMOUNT: '1234',
  CURRENCY_CODE: '840',
  INR_AMOUNT: '103922',
  REASON_CODE: '13.1',
  REASON: 'Merchandise or services not received',
  RESPOND_BY: '2026-12-07',
  STATUS: 'OPEN',
  EVIDENCE_RECEIVED: 'N',
  CREATED_AT: '2026-11-30 12:00:00',
  DECIDED_AT: '',
  RESOLUTION: '',
}
const currencies = [
  { CURRENCY_CODE: '356', CODE: 'INR', NAME: 'Indian Rupee', MINOR_UNITS: '2', FX_RATE: '1.0000' },
  { CURRENCY_CODE: '840', CODE: 'USD', NAME: 'US Dollar', MINOR_UNITS: '2', FX_RATE: '84.2150' },
]

/**
 * A gateway answering every call 000 with the request's fields and `extra`, signed.
 * @param {Record<string, string>} extra
 * @param {(answer: Record<string, string>) => Record<string, string>} [change] after signing
 */
function gateway(extra, change = (answer) => answer) {
  return stubGateway(config, (request) => ({
    body: change(withHash({ ...request, ...ok, ...extra }, config.salt)),
  }))
}

/** @param {Record<string, string>} fields */
const withoutHash = (fields) =>
  Object.fromEntries(Object.entries(fields).filter(([key]) => key !== 'HASH'))

describe('exchange rates', () => {
  it('fxRates parses RATES and CURRENCIES once the HASH verifies', async () => {
    const { calls, client } = gateway({
      RATES_DATE: '2026-11-27',
      RATES: '{"840":"84.2150","036":"55.1020"}',
      CURRENCIES: JSON.stringify(currencies),
    })
    const answer = await client.fxRates()
    assert.equal(calls[0]?.url, `${config.baseUrl}/pgws/fx`)
    assert.deepEqual(Object.keys(calls[0]?.body ?? {}), ['PAY_ID', 'HASH'])
    assert.ok(verify(calls[0]?.body ?? {}, config.salt))
    assert.deepEqual(answer.RATES, { 840: '84.2150', '036': '55.1020' })
    assert.deepEqual(answer.CURRENCIES, currencies)
    assert.equal(answer.RATES_DATE, '2026-11-27')
  })

  it('refuses RATES that is not an object of rates, and a changed rate', async () => {
    for (const RATES of ['[]', '["84.2150"]', '{"840":{"x":"1"}}', 'not json']) {
      const { client } = gateway({ RATES, CURRENCIES: JSON.stringify(currencies) })
      await assert.rejects(() => client.fxRates(), GatewayError, RATES)
    }
    const { client } = gateway(
      { RATES: '{"840":"84.2150"}', CURRENCIES: JSON.stringify(currencies) },
      (answer) => ({ ...answer, RATES: '{"840":"94.2150"}' }),
    )
    await assert.rejects(() => client.fxRates(), VerificationError)
  })
})

describe('disputes', () => {
  it('lists by dates and by order, DISPUTES parsed', async () => {
    const { calls, client } = gateway({ DISPUTES: JSON.stringify([dispute]) })
    const byDates = await client.disputes('2026-11-01', '2026-11-30')
    assert.equal(calls[0]?.url, `${config.baseUrl}/pgws/disputes`)
    assert.deepEqual(withoutHash(calls[0]?.body ?? {}), {
      PAY_ID: config.payId,
      FROM: '2026-11-01',
      TO: '2026-11-30',
    })
    assert.deepEqual(byDates.DISPUTES, [dispute])
    const byOrder = await client.disputesForOrder('SK1764230400123')
    assert.deepEqual(withoutHash(calls[1]?.body ?? {}), {
      PAY_ID: config.payId,
      ORDER_ID: 'SK1764230400123',
    })
    assert.equal(byOrder.DISPUTES?.[0]?.STATUS, 'OPEN')
    await assert.rejects(() => client.disputes('2026-11-30', '2026-11-01'), /FROM/)
    await assert.rejects(() => client.disputesForOrder('bad id!'), /ORDER_ID/)
  })

  it('refuses a DISPUTES that is not a list of objects, or one changed after signing', async () => {
    const broken = gateway({ DISPUTES: '{"DISPUTE_ID":"dsp_1"}' })
    await assert.rejects(() => broken.client.disputesForOrder('SK1'), GatewayError)
    const changed = gateway({ DISPUTES: JSON.stringify([dispute]) }, (answer) => ({
      ...answer,
      DISPUTES: String(answer.DISPUTES).replace('OPEN', 'WON'),
    }))
    await assert.rejects(() => changed.client.disputesForOrder('SK1'), VerificationError)
  })

  it('acceptDispute sends ACTION ACCEPT; a signed refusal is the answer', async () => {
    const { calls, client } = gateway({ ...dispute, STATUS: 'LOST' })
    const answer = await client.acceptDispute(dispute.DISPUTE_ID)
    assert.equal(calls[0]?.url, `${config.baseUrl}/pgws/dispute`)
    assert.deepEqual(withoutHash(calls[0]?.body ?? {}), {
      PAY_ID: config.payId,
      DISPUTE_ID: dispute.DISPUTE_ID,
      ACTION: 'ACCEPT',
    })
    assert.equal(answer.STATUS, 'LOST')
    const refused = gateway({
      RESPONSE_CODE: '348',
      RESPONSE_MESSAGE: 'This dispute has already been answered',
      STATUS: 'Failed',
    })
    assert.equal((await refused.client.acceptDispute(dispute.DISPUTE_ID)).RESPONSE_CODE, '348')
  })

  it('contestDispute sends the evidence as written, and a file as Base64 with its name', async () => {
    const { calls, client } = gateway({ ...dispute, STATUS: 'UNDER_REVIEW' })
    const evidence = `Delivered on 2 December ~ the receipt is signed.\n${'x'.repeat(4900)}`
    assert.equal((await client.contestDispute(dispute.DISPUTE_ID, evidence)).STATUS, 'UNDER_REVIEW')
    assert.deepEqual(withoutHash(calls[0]?.body ?? {}), {
      PAY_ID: config.payId,
      DISPUTE_ID: dispute.DISPUTE_ID,
      ACTION: 'CONTEST',
      EVIDENCE: evidence,
    })
    const pdf = Buffer.from('%PDF-1.4\n\u0000\u00ff binary\n%%EOF\n', 'latin1')
    await client.contestDispute(dispute.DISPUTE_ID, 'See the receipt.', {
      bytes: pdf,
      name: 'receipt.pdf',
    })
    const sent = calls[1]?.body ?? {}
    assert.deepEqual(Buffer.from(sent.EVIDENCE_FILE ?? '', 'base64'), pdf)
    assert.equal(sent.EVIDENCE_FILE_NAME, 'receipt.pdf')
    assert.ok(verify(sent, config.salt), 'the file and its name are signed')
    const scan = new Uint8Array(2 * 1024 * 1024).fill(255)
    await client.contestDispute(dispute.DISPUTE_ID, 'See the scan.', { bytes: scan, name: 'a.png' })
    assert.equal(Buffer.from(calls[2]?.body.EVIDENCE_FILE ?? '', 'base64').length, scan.length)
  })
})
