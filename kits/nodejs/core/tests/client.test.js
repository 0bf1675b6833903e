import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  canonical,
  Cipher,
  Client,
  GatewayError,
  InvalidInputError,
  VerificationError,
  merchantHostedKey,
  newOrderId,
  verify,
  withHash,
} from '../index.js'
import { demoConfig, stubGateway } from './support.js'

const config = demoConfig({ webhookSecret: '' })
const key = merchantHostedKey(config.keySalt, config.payId)
const order = {
  ORDER_ID: 'PG1763712000123',
  AMOUNT: '24900',
  CUST_NAME: 'Asha Verma',
  CUST_EMAIL: 'asha.verma@example.com',
  CUST_MOBILE: '9876543210',
}

/** @param {Parameters<typeof stubGateway>[1]} answer */
const fakeGateway = (answer) => stubGateway(config, answer)

describe('payment requests', () => {
  it('signs a hosted payment request with RETURN_URL = APP_URL/response', () => {
    const { action, fields } = new Client(config).paymentRequest(order)
    assert.equal(action, 'http://127.0.0.1:4150/sandbox/paymentrequest')
    assert.deepEqual(Object.keys(fields).sort(), [
      'AMOUNT',
      'CURRENCY_CODE',
      'CUST_EMAIL',
      'CUST_MOBILE',
      'CUST_NAME',
      'HASH',
      'ORDER_ID',
      'PAY_ID',
      'RETURN_URL',
      'TXNTYPE',
    ])
    assert.equal(fields.RETURN_URL, 'http://127.0.0.1:4151/response')
    assert.equal(fields.CURRENCY_CODE, '356')
    assert.equal(fields.TXNTYPE, 'SALE')
    assert.equal(verify(fields, config.salt), true)
  })

  it('leaves empty customer fields out', () => {
    const { fields } = new Client(config).paymentRequest({
      ORDER_ID: 'PG1',
      AMOUNT: '100',
      CUST_NAME: ' ',
    })
    assert.equal('CUST_NAME' in fields, false)
    assert.equal('CUST_EMAIL' in fields, false)
  })

  it('refuses what the gateway would refuse', () => {
    const client = new Client(config)
    for (const AMOUNT of ['', '0', '012', '1.50', '-5', '12345678901', 'abc']) {
      assert.throws(() => client.paymentRequest({ ...order, AMOUNT }), InvalidInputError, AMOUNT)
    }
    for (const ORDER_ID of ['', 'a b', 'x'.repeat(51), 'PG#1']) {
      assert.throws(() => client.paymentRequest({ ...order, ORDER_ID }), InvalidInputError)
    }
    assert.throws(() => client.paymentRequest({ ...order, CUST_EMAIL: 'nope' }), InvalidInputError)
    assert.throws(
      () => client.paymentRequest({ ...order, CUST_MOBILE: '98765' }),
      InvalidInputError,
    )
    assert.throws(() => client.paymentRequest({ ...order, CUST_NAME: 'a~b' }), InvalidInputError)
  })

  it('encrypts a merchant-hosted request into ENCDATA beside PAY_ID', () => {
    const { action, fields } = new Client(config).merchantHostedRequest(order, {
      PAYMENT_TYPE: 'WL',
      MOP_TYPE: 'PPL',
    })
    assert.equal(action, 'http://127.0.0.1:4150/sandbox/merchantPaymentInit')
    assert.deepEqual(Object.keys(fields), ['PAY_ID', 'ENCDATA'])
    const inside = Cipher.decrypt(fields.ENCDATA, key)
    assert.equal(verify(inside, config.salt), true)
    assert.equal(inside.PAYMENT_TYPE, 'WL')
    assert.equal(inside.MOP_TYPE, 'PPL')
    assert.equal(inside.PAY_ID, config.payId)
    assert.equal(inside.AMOUNT, '24900')
  })

  it('checks the merchant-hosted method', () => {
    const client = new Client(config)
    const upi = Cipher.decrypt(
      client.merchantHostedRequest(order, { PAYMENT_TYPE: 'UP', PAYER_ADDRESS: ' success@upi ' })
        .fields.ENCDATA,
      key,
    )
    assert.equal(upi.MOP_TYPE, 'UP')
    assert.equal(upi.PAYER_ADDRESS, 'success@upi')
    assert.throws(
      () => client.merchantHostedRequest(order, { PAYMENT_TYPE: 'UP' }),
      InvalidInputError,
    )
    assert.throws(
      () => client.merchantHostedRequest(order, /** @type {any} */ ({ PAYMENT_TYPE: 'CC' })),
      InvalidInputError,
    )
    assert.throws(
      () => client.merchantHostedRequest(order, { PAYMENT_TYPE: 'NB' }),
      InvalidInputError,
    )
  })

  it('makes order ids from a prefix and the milliseconds, never twice the same', () => {
    const ids = Array.from({ length: 50 }, () => newOrderId('PG'))
    assert.equal(new Set(ids).size, 50)
    assert.match(ids[0] ?? '', /^PG\d{13,}$/)
  })
})

describe('the gateway’s response', () => {
  const response = {
    PAY_ID: config.payId,
    ORDER_ID: 'PG1763712000123',
    AMOUNT: '24900',
    STATUS: 'Captured',
    RESPONSE_CODE: '000',
  }
  const client = new Client(config)

  it('is decrypted and verified', () => {
    const ENCDATA = Cipher.encrypt(response, config.salt, key)
    const fields = client.verifyResponse({ PAY_ID: config.payId, ENCDATA })
    assert.equal(fields.RESPONSE_CODE, '000')
    assert.equal(fields.ORDER_ID, 'PG1763712000123')
    // A form post that lost its + signs still reads.
    assert.deepEqual(
      client.verifyResponse({ PAY_ID: config.payId, ENCDATA: ENCDATA.replace(/\+/g, ' ') }),
      fields,
    )
  })

  it('is refused when tampered, for another merchant, or signed with another salt', () => {
    const ENCDATA = Cipher.encrypt(response, config.salt, key)
    const cases = [
      {},
      { PAY_ID: config.payId },
      { PAY_ID: config.payId, ENCDATA: '' },
      { PAY_ID: '1000000000000002', ENCDATA },
      { PAY_ID: config.payId, ENCDATA: `${ENCDATA.slice(0, -6)}AAAAAA` },
      { PAY_ID: config.payId, ENCDATA: ENCDATA.slice(0, -1) },
      { PAY_ID: config.payId, ENCDATA: Cipher.encrypt(response, 'another salt', key) },
      {
        PAY_ID: config.payId,
        ENCDATA: Cipher.encrypt({ ...response, PAY_ID: '1000000000000002' }, config.salt, key),
      },
      {
        PAY_ID: config.payId,
        // The fields changed after signing: the original HASH no longer matches.
        ENCDATA: Cipher.encryptText(
          `${canonical({ ...response, AMOUNT: '1' })}~HASH=${withHash(response, config.salt).HASH}`,
          key,
        ),
      },
    ]
    for (const posted of cases) {
      assert.throws(() => client.verifyResponse(posted), VerificationError, JSON.stringify(posted))
    }
  })
})

describe('server-to-server APIs', () => {
  const signed = (/** @type {Record<string, string>} */ fields) => withHash(fields, config.salt)

  it('status: signed JSON request, verified answer', async () => {
    const { calls, client } = fakeGateway((request) => ({
      body: signed({ ORDER_ID: request.ORDER_ID ?? '', STATUS: 'Captured', RESPONSE_CODE: '000' }),
    }))
    const fields = await client.status('PG1763712000123')
    assert.equal(fields.STATUS, 'Captured')
    assert.equal(calls[0]?.url, 'http://127.0.0.1:4150/sandbox/pgws/transact')
    assert.equal(calls[0]?.headers['Content-Type'], 'application/json')
    const body = calls[0]?.body ?? {}
    assert.deepEqual(Object.keys(body).sort(), ['HASH', 'ORDER_ID', 'PAY_ID', 'TXNTYPE'])
    assert.equal(body.TXNTYPE, 'STATUS')
    assert.equal(verify(body, config.salt), true)
  })

  it('refund, QR, payout and payout status send the contract’s fields', async () => {
    const { calls, client } = fakeGateway((request) => ({
      body: signed({ ...request, RESPONSE_CODE: '000' }),
    }))
    await client.refund('PG1', 'RF1', '50')
    await client.qr({ ORDER_ID: 'EP1', AMOUNT: '100', CUST_NAME: 'Asha' }, 'UPI')
    await client.payout({
      PAYOUT_ID: 'PO1',
      AMOUNT: '100000',
      TRANSFER_MODE: 'IMPS',
      BENEFICIARY_NAME: 'Asha Verma',
      BENEFICIARY_ACCOUNT: '123456789012',
      BENEFICIARY_IFSC: 'HDFC0001234',
    })
    await client.payoutStatus('PO1')
    assert.deepEqual(
      calls.map((call) => [
        call.url.replace(config.baseUrl, ''),
        Object.keys(call.body).sort().join(' '),
      ]),
      [
        ['/pgws/transact', 'AMOUNT CURRENCY_CODE HASH ORDER_ID PAY_ID REFUND_ORDER_ID TXNTYPE'],
        ['/pgws/qr', 'AMOUNT CURRENCY_CODE CUST_NAME HASH ORDER_ID PAY_ID QR_TYPE'],
        [
          '/pgws/payout',
          'AMOUNT BENEFICIARY_ACCOUNT BENEFICIARY_IFSC BENEFICIARY_NAME CURRENCY_CODE HASH PAYOUT_ID PAY_ID TRANSFER_MODE',
        ],
        ['/pgws/payout/status', 'HASH PAYOUT_ID PAY_ID'],
      ],
    )
    assert.equal(calls[0]?.body.TXNTYPE, 'REFUND')
    for (const call of calls) assert.equal(verify(call.body, config.salt), true)
  })

  it('throws VerificationError when the answer’s HASH does not match', async () => {
    const { client } = fakeGateway(() => ({
      body: { ...signed({ ORDER_ID: 'PG1', RESPONSE_CODE: '000' }), RESPONSE_CODE: '004' },
    }))
    await assert.rejects(client.status('PG1'), VerificationError)
  })

  it('throws GatewayError with the code of an unsigned answer (324, 326)', async () => {
    const { client } = fakeGateway(() => ({
      body: { RESPONSE_CODE: '324', RESPONSE_MESSAGE: 'Invalid pay id', STATUS: 'Failed' },
    }))
    await assert.rejects(client.status('PG1'), (error) => {
      assert.ok(error instanceof GatewayError)
      assert.equal(error.code, '324')
      assert.equal(error.message, 'Invalid pay id')
      return true
    })
  })

  it('throws GatewayError on an answer that is not JSON, or no answer', async () => {
    const html = fakeGateway(() => ({ status: 404, body: '<!doctype html><p>Not found' }))
    await assert.rejects(
      html.client.status('PG1'),
      (error) => error instanceof GatewayError && error.httpStatus === 404,
    )
    const down = new Client(config, {
      fetch: async () => {
        throw new TypeError('fetch failed')
      },
    })
    await assert.rejects(down.status('PG1'), GatewayError)
  })

  it('checks ids and amounts before calling', async () => {
    const { calls, client } = fakeGateway(() => ({ body: {} }))
    await assert.rejects(client.status(''), InvalidInputError)
    await assert.rejects(client.refund('PG1', 'RF 1', '100'), InvalidInputError)
    await assert.rejects(client.refund('PG1', 'RF1', '0'), InvalidInputError)
    await assert.rejects(client.qr({ ORDER_ID: 'EP1', AMOUNT: 'x' }, 'UPI'), InvalidInputError)
    assert.equal(calls.length, 0)
  })
})

describe('settlements and reconciliation calls', () => {
  const signed = (/** @type {Record<string, string>} */ fields) => withHash(fields, config.salt)
  const ok = {
    RESPONSE_CODE: '000',
    RESPONSE_MESSAGE: 'Transaction successful',
    RESPONSE_DATE_TIME: '2026-11-30 11:00:05',
  }
  const settlement = {
    SETTLEMENT_ID: 'setl_0a1b2c3d4e5f60718293',
    UTR: 'PYSTN26334000123',
    SETTLEMENT_DATE: '2026-11-30',
    CYCLE_FROM: '2026-11-27',
    CYCLE_TO: '2026-11-27',
    PAYMENTS_COUNT: '1',
    REFUNDS_COUNT: '0',
    GROSS_AMOUNT: '100000',
    REFUNDS_AMOUNT: '0',
    FEES_AMOUNT: '2000',
    GST_AMOUNT: '360',
    ADJUSTMENTS_AMOUNT: '0',
    NET_AMOUNT: '97640',
    BANK_ACCOUNT: 'XXXXXXXXXX4321',
    STATUS: 'PROCESSED',
  }
  const line = {
    TYPE: 'PAYMENT',
    ORDER_ID: 'SK1764000000000',
    TXN_ID: '1234567890123456',
    PG_REF_NUM: '202612345678901234',
    PAYMENT_TYPE: 'UP',
    MOP_TYPE: 'UP',
    AMOUNT: '100000',
    FEE: '2000',
    GST: '360',
    NET: '97640',
    DATE: '2026-11-27 10:15:00',
    DESCRIPTION: '',
  }
  const entry = {
    TYPE: 'PAYMENT',
    TXN_ID: '1234567890123456',
    AMOUNT: '100000',
    FEE: '2000',
    GST: '360',
    NET: '97640',
    DATE: '2026-11-27 10:15:00',
    STATE: 'UNSETTLED',
    SETTLEMENT_ID: '',
    UTR: '',
    SETTLEMENT_DATE: '',
    EXPECTED_SETTLEMENT_DATE: '2026-11-30',
  }
  /** The gateway's answer to each path, lists as JSON text inside the signed fields. */
  const gateway = () =>
    fakeGateway((request, url) => {
      const echo = request // withHash replaces its HASH
      const path = url.replace(config.baseUrl, '')
      if (path === '/pgws/settlements' || path === '/pgws/settlement/run') {
        return { body: signed({ ...echo, ...ok, SETTLEMENTS: JSON.stringify([settlement]) }) }
      }
      if (path === '/pgws/settlement') {
        return { body: signed({ ...echo, ...ok, ...settlement, LINES: JSON.stringify([line]) }) }
      }
      return { body: signed({ ...echo, ...ok, RECON: JSON.stringify([entry]) }) }
    })

  it('send the contract’s fields, signed, and answer verified fields with the lists parsed', async () => {
    const { calls, client } = gateway()
    const list = await client.settlements('2026-09-01', '2026-11-30')
    assert.deepEqual(list.SETTLEMENTS, [settlement])
    assert.equal(list.FROM, '2026-09-01')
    const one = await client.settlement({ settlementId: settlement.SETTLEMENT_ID })
    assert.deepEqual(one.LINES, [line])
    assert.equal(one.NET_AMOUNT, '97640')
    await client.settlement({ utr: settlement.UTR })
    assert.deepEqual((await client.recon('SK1764000000000')).RECON, [entry])
    const run = await client.runSettlement('2026-11-30T11:00:00+05:30', 'https://shop.example/hook')
    assert.deepEqual(run.SETTLEMENTS, [settlement])
    assert.deepEqual(
      calls.map((call) => [
        call.url.replace(config.baseUrl, ''),
        Object.keys(call.body).sort().join(' '),
      ]),
      [
        ['/pgws/settlements', 'FROM HASH PAY_ID TO'],
        ['/pgws/settlement', 'HASH PAY_ID SETTLEMENT_ID'],
        ['/pgws/settlement', 'HASH PAY_ID UTR'],
        ['/pgws/recon', 'HASH ORDER_ID PAY_ID'],
        ['/pgws/settlement/run', 'AS_OF HASH NOTIFY_URL PAY_ID'],
      ],
    )
    for (const call of calls) assert.equal(verify(call.body, config.salt), true)
  })

  it('writes a Date AS_OF in IST', async () => {
    const { calls, client } = gateway()
    await client.runSettlement(new Date('2026-11-30T05:30:00Z'))
    assert.equal(calls[0]?.body.AS_OF, '2026-11-30T11:00:00+05:30')
    assert.equal('NOTIFY_URL' in (calls[0]?.body ?? {}), false)
  })

  it('return a refusal as its verified fields, without the list', async () => {
    const { client } = fakeGateway((request) => ({
      body: signed({
        ORDER_ID: request.ORDER_ID ?? '',
        STATUS: 'Failed',
        RESPONSE_CODE: '328',
        RESPONSE_MESSAGE: 'No such transaction',
      }),
    }))
    const answer = await client.recon('SK1')
    assert.equal(answer.RESPONSE_CODE, '328')
    assert.equal('RECON' in answer, false)
  })

  it('refuse a list whose HASH does not verify, or that is not a JSON list of objects', async () => {
    const tampered = fakeGateway(() => ({
      body: {
        ...signed({ ...ok, SETTLEMENTS: JSON.stringify([settlement]) }),
        SETTLEMENTS: JSON.stringify([{ ...settlement, NET_AMOUNT: '1' }]),
      },
    }))
    await assert.rejects(tampered.client.settlements('2026-11-01', '2026-11-30'), VerificationError)
    for (const SETTLEMENTS of ['', 'nope', '{}', '[1]', '[{"A":{}}]']) {
      const malformed = fakeGateway(() => ({ body: signed({ ...ok, SETTLEMENTS }) }))
      await assert.rejects(
        malformed.client.settlements('2026-11-01', '2026-11-30'),
        GatewayError,
        SETTLEMENTS,
      )
    }
  })

  it('settlementCsv returns the CSV text, and throws GatewayError on a signed refusal', async () => {
    const csv = 'TYPE,ORDER_ID\r\nPAYMENT,SK1\r\n'
    const { calls, client } = fakeGateway((request) =>
      request.SETTLEMENT_ID
        ? { body: csv, headers: { 'Content-Type': 'text/csv; charset=utf-8' } }
        : {
            status: 404,
            body: signed({
              UTR: request.UTR ?? '',
              FORMAT: 'CSV',
              STATUS: 'Failed',
              RESPONSE_CODE: '338',
              RESPONSE_MESSAGE: 'No settlement found',
            }),
            headers: { 'Content-Type': 'application/json' },
          },
    )
    assert.equal(await client.settlementCsv({ settlementId: settlement.SETTLEMENT_ID }), csv)
    assert.equal(calls[0]?.body.FORMAT, 'CSV')
    assert.match(calls[0]?.headers.Accept ?? '', /text\/csv/)
    await assert.rejects(client.settlementCsv({ utr: 'PYSTN26334999999' }), (error) => {
      assert.ok(error instanceof GatewayError)
      assert.equal(error.code, '338')
      assert.equal(error.message, 'No settlement found')
      return true
    })
    const forged = fakeGateway(() => ({
      body: { ...signed({ RESPONSE_CODE: '338' }), RESPONSE_CODE: '000' },
    }))
    await assert.rejects(
      forged.client.settlementCsv({ settlementId: settlement.SETTLEMENT_ID }),
      VerificationError,
    )
  })

  it('settlementWithAllLines fetches every page and checks LINES_COUNT', async () => {
    const lines = [0, 1, 2, 3, 4].map((n) => ({ ...line, TXN_ID: String(1234567890123000 + n) }))
    /** The stub pages by 2, whatever is asked, so that five lines take three pages. */
    const paged = (linesCount = lines.length) =>
      fakeGateway((request) => {
        const page = Number(request.PAGE ?? '1')
        const paging = {
          PAGE: String(page),
          PAGE_SIZE: request.PAGE_SIZE ?? '1000',
          LINES_COUNT: String(linesCount),
          PAGES: '3',
        }
        const pageLines = lines.slice((page - 1) * 2, page * 2)
        return {
          body: signed({
            ...request,
            ...ok,
            ...settlement,
            ...paging,
            LINES: JSON.stringify(pageLines),
          }),
        }
      })
    const { calls, client } = paged()
    const answer = await client.settlementWithAllLines({ settlementId: settlement.SETTLEMENT_ID })
    assert.deepEqual(answer.LINES, lines)
    assert.deepEqual([answer.NET_AMOUNT, answer.LINES_COUNT, answer.PAGES], ['97640', '5', '3'])
    assert.deepEqual(
      calls.map(({ body }) => [body.PAGE, body.PAGE_SIZE]),
      [
        [undefined, '1000'],
        ['2', '1000'],
        ['3', '1000'],
      ],
    )
    // Pages that do not add up to LINES_COUNT are not the whole settlement.
    await assert.rejects(
      paged(6).client.settlementWithAllLines({ settlementId: settlement.SETTLEMENT_ID }),
      GatewayError,
    )
    // A refused first page comes back as it is.
    const refused = fakeGateway(() => ({
      body: signed({
        STATUS: 'Failed',
        RESPONSE_CODE: '338',
        RESPONSE_MESSAGE: 'No settlement found',
      }),
    }))
    const refusal = await refused.client.settlementWithAllLines({ utr: 'PYSTN26334999999' })
    assert.equal(refusal.RESPONSE_CODE, '338')
    assert.equal(refusal.LINES, undefined)
  })

  it('settlement asks one page, its PAGE and PAGE_SIZE checked before calling', async () => {
    const { calls, client } = gateway()
    await client.settlement({ settlementId: settlement.SETTLEMENT_ID }, { page: 3, pageSize: 50 })
    assert.deepEqual([calls[0]?.body.PAGE, calls[0]?.body.PAGE_SIZE], ['3', '50'])
    for (const paging of [
      { page: 0 },
      { page: 1.5 },
      { page: -1 },
      { pageSize: 0 },
      { pageSize: 1001 },
    ]) {
      await assert.rejects(
        client.settlement({ settlementId: settlement.SETTLEMENT_ID }, paging),
        InvalidInputError,
        JSON.stringify(paging),
      )
    }
    assert.equal(calls.length, 1)
  })

  it('check dates, the range, the settlement named, AS_OF and NOTIFY_URL before calling', async () => {
    const { calls, client } = gateway()
    const refused = [
      () => client.settlements('2026-11-1', '2026-11-30'),
      () => client.settlements('2026-02-30', '2026-03-30'),
      () => client.settlements('2026-11-30', '2026-11-01'),
      () => client.settlements('2026-08-30', '2026-11-30'),
      () => client.settlements(/** @type {any} */ (undefined), '2026-11-30'),
      () => client.settlement(/** @type {any} */ ({})),
      () =>
        client.settlement(
          /** @type {any} */ ({ settlementId: settlement.SETTLEMENT_ID, utr: 'X' }),
        ),
      () => client.settlement({ settlementId: 'setl_XYZ' }),
      () => client.settlementCsv({ utr: 'pystn26334000123' }),
      () => client.recon('SK 1'),
      () => client.runSettlement('2026-11-30T11:00:00'),
      () => client.runSettlement('tomorrow'),
      () => client.runSettlement(new Date('nope')),
      () => client.runSettlement('2026-11-30T11:00:00+05:30', 'ftp://shop.example/hook'),
    ]
    for (const call of refused) await assert.rejects(call(), InvalidInputError, String(call))
    assert.equal(calls.length, 0)
    // 92 days, both included, is the longest range.
    await client.settlements('2026-08-31', '2026-11-30')
    assert.equal(calls.length, 1)
  })
})

describe('the sandbox clock', () => {
  const signed = (/** @type {Record<string, string>} */ fields) => withHash(fields, config.salt)
  // The sandbox's own answers, as its OpenAPI document's examples clockNow, clockAdvance and
  // clockAdvanceRefused give them: signed with the demo merchant's salt, byte for byte.
  const now = {
    PAY_ID: '1000000000000001',
    NOW: '2026-12-07T07:39:53.511Z',
    RESPONSE_CODE: '000',
    RESPONSE_MESSAGE: 'Transaction successful',
    RESPONSE_DATE_TIME: '2026-12-07 13:09:53',
    HASH: '28BDBD0A6C29D28FE67A23FCC46C94182F3F8953C932165AB8013F68ABE3C1AA',
  }
  const advanced = {
    PAY_ID: '1000000000000001',
    FROM: '2026-12-07T07:39:53.553Z',
    NOW: '2026-12-08T07:39:53.552Z',
    SETTLEMENTS:
      '[{"SETTLEMENT_ID":"setl_905a1044707140347aa5","UTR":"PYSTN26342627304","SETTLEMENT_DATE":"2026-12-08","CYCLE_FROM":"2026-12-07","CYCLE_TO":"2026-12-07","PAYMENTS_COUNT":"2","REFUNDS_COUNT":"0","GROSS_AMOUNT":"99900","REFUNDS_AMOUNT":"0","FEES_AMOUNT":"1000","GST_AMOUNT":"180","CGST_AMOUNT":"90","SGST_AMOUNT":"90","IGST_AMOUNT":"0","PROVIDER_GSTIN":"09AAPCP4821K1ZW","MERCHANT_GSTIN":"09AAFCD5862R1ZT","ADJUSTMENTS_AMOUNT":"0","NET_AMOUNT":"98720","BANK_ACCOUNT":"XXXXXXXXXX4321","STATUS":"PROCESSED"}]',
    HAPPENED:
      '[{"AT":"2026-12-08 11:00:00","TYPE":"SETTLEMENT","REFERENCE":"setl_905a1044707140347aa5"}]',
    RESPONSE_CODE: '000',
    RESPONSE_MESSAGE: 'Transaction successful',
    RESPONSE_DATE_TIME: '2026-12-08 13:09:53',
    HASH: 'F5E21F5F153BA3CFDD5FE8AA9D2C23146AF1A412B220F22E99249D6155454E94',
  }
  const refused = {
    PAY_ID: '1000000000000001',
    BY: '0d',
    STATUS: 'Failed',
    RESPONSE_CODE: '363',
    RESPONSE_MESSAGE:
      'Invalid advance: send BY (a whole number of hours or days, such as 36h or 4d) or TO, not both',
    RESPONSE_DATE_TIME: '2026-12-07 13:09:53',
    HASH: '5C7F3E622414E9758332CC8859F21CC78A8A5E6853D9E3BAF13198CEFFEEB86F',
  }
  /** @param {Record<string, string>} fields @param {string[]} keys */
  const without = (fields, ...keys) =>
    Object.fromEntries(Object.entries(fields).filter(([key]) => !keys.includes(key)))
  const unsigned = without(advanced, 'HASH')

  it('clock and advanceClock send the contract’s fields, signed, and parse SETTLEMENTS and HAPPENED', async () => {
    const { calls, client } = fakeGateway((_request, url) => ({
      body: url.endsWith('/pgws/clock') ? now : advanced,
    }))
    const clock = await client.clock()
    assert.deepEqual(clock, now)
    const answer = await client.advanceClock({ by: '1d' })
    assert.deepEqual([answer.FROM, answer.NOW], [advanced.FROM, advanced.NOW])
    assert.deepEqual(answer.SETTLEMENTS, JSON.parse(advanced.SETTLEMENTS))
    assert.equal(answer.SETTLEMENTS?.[0]?.NET_AMOUNT, '98720')
    assert.deepEqual(answer.HAPPENED, [
      { AT: '2026-12-08 11:00:00', TYPE: 'SETTLEMENT', REFERENCE: 'setl_905a1044707140347aa5' },
    ])
    await client.advanceClock({ to: '2026-12-10T11:00:00+05:30' })
    await client.advanceClock({ to: new Date('2026-12-10T05:30:00Z') })
    assert.deepEqual(
      calls.map(({ url, body }) => [url.replace(config.baseUrl, ''), without(body, 'HASH')]),
      [
        ['/pgws/clock', { PAY_ID: config.payId }],
        ['/pgws/clock/advance', { PAY_ID: config.payId, BY: '1d' }],
        ['/pgws/clock/advance', { PAY_ID: config.payId, TO: '2026-12-10T11:00:00+05:30' }],
        ['/pgws/clock/advance', { PAY_ID: config.payId, TO: '2026-12-10T11:00:00+05:30' }],
      ],
    )
    for (const call of calls) assert.equal(verify(call.body, config.salt), true)
  })

  it('return a refusal as its verified fields, without the lists', async () => {
    // The recorded refusal, whatever was asked: this client refuses BY "0d" itself.
    const recorded = fakeGateway(() => ({ body: refused }))
    const answer = await recorded.client.advanceClock({ by: '1d' })
    assert.deepEqual(answer, refused)
    const locked = fakeGateway((request) => ({
      body: signed({
        PAY_ID: request.PAY_ID ?? '',
        BY: request.BY ?? '',
        STATUS: 'Failed',
        RESPONSE_CODE: '362',
        RESPONSE_MESSAGE:
          "The demo merchant's clock cannot be moved on a public sandbox: create a sandbox account of your own",
        ACCOUNT_URL: 'https://sandbox.paystra.example/accounts/new',
      }),
    }))
    const demo = await locked.client.advanceClock({ by: '4d' })
    assert.equal(demo.RESPONSE_CODE, '362')
    assert.equal(demo.ACCOUNT_URL, 'https://sandbox.paystra.example/accounts/new')
    assert.equal('SETTLEMENTS' in demo || 'HAPPENED' in demo, false)
  })

  it('refuse an answer whose HASH does not verify, or whose lists are not JSON lists of objects', async () => {
    const tampered = fakeGateway(() => ({
      body: {
        ...advanced,
        HAPPENED: advanced.HAPPENED.replace('SETTLEMENT"', 'PAYMENT_CAPTURED"'),
      },
    }))
    await assert.rejects(tampered.client.advanceClock({ by: '1d' }), VerificationError)
    const late = fakeGateway(() => ({ body: { ...now, NOW: '2026-12-08T07:39:53.511Z' } }))
    await assert.rejects(late.client.clock(), VerificationError)
    for (const HAPPENED of ['', 'nope', '{}', '[1]', '[{"AT":{}}]']) {
      const malformed = fakeGateway(() => ({ body: signed({ ...unsigned, HAPPENED }) }))
      await assert.rejects(malformed.client.advanceClock({ by: '1d' }), GatewayError, HAPPENED)
    }
    const missing = fakeGateway(() => ({ body: signed(without(unsigned, 'SETTLEMENTS')) }))
    await assert.rejects(missing.client.advanceClock({ by: '1d' }), GatewayError)
  })

  it('check BY and TO, exactly one of them, before calling', async () => {
    const { calls, client } = fakeGateway(() => ({ body: advanced }))
    const refusedInput = [
      () => client.advanceClock(/** @type {any} */ ({})),
      () => client.advanceClock(/** @type {any} */ (undefined)),
      () => client.advanceClock(/** @type {any} */ ({ by: '1d', to: '2026-12-10T11:00:00+05:30' })),
      () => client.advanceClock({ by: '0d' }),
      () => client.advanceClock({ by: '36' }),
      () => client.advanceClock({ by: '1w' }),
      () => client.advanceClock({ by: '1.5d' }),
      () => client.advanceClock(/** @type {any} */ ({ by: 36 })),
      () => client.advanceClock({ to: '2026-12-10T11:00:00' }),
      () => client.advanceClock({ to: 'tomorrow' }),
      () => client.advanceClock({ to: new Date('nope') }),
    ]
    for (const call of refusedInput) {
      await assert.rejects(call(), InvalidInputError, String(call))
    }
    assert.equal(calls.length, 0)
  })
})

describe('the GST invoice', () => {
  const signed = (/** @type {Record<string, string>} */ fields) => withHash(fields, config.salt)
  const invoice = {
    INVOICE_NUMBER: 'PYS/2026-27/000123',
    MONTH: '2026-11',
    TAXABLE_AMOUNT: '2000',
    CGST_AMOUNT: '180',
    SGST_AMOUNT: '180',
    IGST_AMOUNT: '0',
    GST_AMOUNT: '360',
    TOTAL_AMOUNT: '2360',
  }
  const invoiceLine = {
    DESCRIPTION: 'Payment processing fees',
    SAC: '997158',
    TAXABLE_AMOUNT: '2000',
    GST_AMOUNT: '360',
    TOTAL_AMOUNT: '2360',
  }
  const pdf = new TextEncoder().encode('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj <<>> endobj\n%%EOF\n')
  /** A stand-in for POST /pgws/gst-invoice: 2099-12 is refused, PDF answers bytes. */
  const gateway = () =>
    fakeGateway((request) => {
      if (request.MONTH === '2099-12') {
        return {
          status: 400,
          body: signed({
            MONTH: request.MONTH,
            STATUS: 'Failed',
            RESPONSE_CODE: '355',
            RESPONSE_MESSAGE: 'Invalid month',
          }),
          headers: { 'Content-Type': 'application/json' },
        }
      }
      if (request.FORMAT === 'PDF')
        return { body: pdf, headers: { 'Content-Type': 'application/pdf' } }
      const LINES = JSON.stringify([invoiceLine])
      return { body: signed({ PAY_ID: config.payId, ...invoice, LINES, RESPONSE_CODE: '000' }) }
    })

  it('answers the invoice as verified fields, MONTH signed', async () => {
    const { calls, client } = gateway()
    const answer = await client.gstInvoice('2026-11')
    assert.deepEqual(
      Object.fromEntries(Object.keys(invoice).map((key) => [key, answer[key]])),
      invoice,
    )
    assert.deepEqual(answer.LINES, [invoiceLine])
    assert.ok(calls[0]?.url.endsWith('/pgws/gst-invoice'))
    assert.deepEqual(Object.keys(calls[0]?.body ?? {}).sort(), ['HASH', 'MONTH', 'PAY_ID'])
    assert.ok(verify(calls[0]?.body ?? {}, config.salt))
  })

  it('answers the PDF as its bytes, untouched', async () => {
    const { calls, client } = gateway()
    assert.deepEqual(await client.gstInvoice('2026-11', 'PDF'), pdf)
    assert.equal(calls[0]?.body.FORMAT, 'PDF')
    assert.match(calls[0]?.headers.Accept ?? '', /application\/pdf/)
  })

  it('a refusal is its fields, or throws GatewayError for a PDF', async () => {
    const { client } = gateway()
    assert.equal((await client.gstInvoice('2099-12')).RESPONSE_CODE, '355')
    await assert.rejects(client.gstInvoice('2099-12', 'PDF'), (error) => {
      assert.ok(error instanceof GatewayError)
      assert.equal(error.code, '355')
      return true
    })
  })

  it('checks MONTH and FORMAT before calling', async () => {
    const { calls, client } = gateway()
    for (const [month, format] of [
      ['2026-13', 'JSON'],
      ['2026-1', 'JSON'],
      ['1999-12', 'JSON'],
      ['2026-11-01', 'JSON'],
      ['2026-11', 'CSV'],
      ['2026-11', 'pdf'],
    ]) {
      await assert.rejects(
        client.gstInvoice(/** @type {string} */ (month), /** @type {any} */ (format)),
        InvalidInputError,
      )
    }
    assert.equal(calls.length, 0)
  })
})

describe('payment links and virtual accounts', () => {
  const signed = (/** @type {Record<string, string>} */ fields) => withHash(fields, config.salt)
  /** @param {Record<string, string>} fields @param {string[]} keys */
  const without = (fields, ...keys) =>
    Object.fromEntries(Object.entries(fields).filter(([key]) => !keys.includes(key)))
  const ok = {
    RESPONSE_CODE: '000',
    RESPONSE_MESSAGE: 'Transaction successful',
    RESPONSE_DATE_TIME: '2026-12-07 13:09:53',
  }
  // A link, an account and a credit with every field the sandbox answers them with.
  const link = {
    PAY_ID: config.payId,
    PAYLINK_ID: 'plink_4Fq9ZkT2mW8xLc',
    REFERENCE_ID: 'INV-2026-0042',
    AMOUNT: '49900',
    CURRENCY_CODE: '356',
    DESCRIPTION: 'Invoice 42: two chai sets',
    CUST_NAME: 'Asha Verma',
    CUST_EMAIL: 'asha.verma@example.com',
    CUST_PHONE: '9876543210',
    EXPIRE_BY: '2026-12-14T18:00:00+05:30',
    VALIDATE_BENEFICIARY: 'N',
    SHORT_URL: 'http://127.0.0.1:4150/sandbox/l/4Fq9ZkT2',
    STATUS: 'CREATED',
    CREATED_AT: '2026-12-07 13:09:53',
    LINK_FEE: '100',
    LINK_GST: '18',
    TXNTYPE: 'PAYLINK',
    ...ok,
  }
  const account = {
    PAY_ID: config.payId,
    VA_ID: 'va_7Hn2Kp9Qr4Ts6V',
    REFERENCE_ID: 'CUST-1042',
    CUST_NAME: 'Ravi Kumar',
    ACCOUNT_NUMBER: '2223330000123456',
    IFSC: 'PYST0000001',
    VPA: 'pay.2223330000123456@paystra',
    STATUS: 'ACTIVE',
    CREATED_AT: '2026-12-07 13:09:53',
    CLOSED_AT: '',
    SETUP_FEE: '500',
    SETUP_GST: '90',
    TXNTYPE: 'VIRTUAL_ACCOUNT',
    ...ok,
  }
  const credit = {
    PAY_ID: config.payId,
    VA_ID: account.VA_ID,
    REFERENCE_ID: account.REFERENCE_ID,
    ACCOUNT_NUMBER: account.ACCOUNT_NUMBER,
    CREDIT_ID: 'vacr_9Lm3Np5Rs7Tu1W',
    AMOUNT: '1500000',
    CURRENCY_CODE: '356',
    MODE: 'NEFT',
    PAYER_NAME: 'Ravi Kumar',
    UTR: '634112345678',
    STATUS: 'CREDITED',
    CREDITED_AT: '2026-12-07 13:10:02',
    FEE: '1000',
    GST: '180',
    NET: '1498820',
    TXNTYPE: 'VA_CREDIT',
    ...ok,
  }
  // The credit as CREDITS lists it.
  const listed = {
    CREDIT_ID: credit.CREDIT_ID,
    AMOUNT: credit.AMOUNT,
    MODE: credit.MODE,
    PAYER_NAME: credit.PAYER_NAME,
    UTR: credit.UTR,
    STATUS: credit.STATUS,
    CREDITED_AT: credit.CREDITED_AT,
    FEE: credit.FEE,
    GST: credit.GST,
    SETTLEMENT_ID: '',
  }
  /** The gateway's answer to each path, signed; CREDITS as JSON text inside the signed fields. */
  const gateway = () =>
    fakeGateway((request, url) => {
      const path = url.replace(config.baseUrl, '')
      if (path === '/pgws/paylink')
        return { body: signed({ ...link, ...without(request, 'HASH') }) }
      if (path === '/pgws/paylink/status') return { body: signed(link) }
      if (path === '/pgws/paylink/cancel') {
        const CANCELLED_AT = '2026-12-07 13:12:00'
        return { body: signed({ ...link, STATUS: 'CANCELLED', CANCELLED_AT }) }
      }
      if (path === '/pgws/virtual-account/status') {
        return { body: signed({ ...account, CREDITS: JSON.stringify([listed]) }) }
      }
      if (path === '/pgws/virtual-account/close') {
        return { body: signed({ ...account, STATUS: 'CLOSED', CLOSED_AT: '2026-12-07 13:15:00' }) }
      }
      if (path === '/pgws/virtual-account/credit') return { body: signed(credit) }
      if (path === '/pgws/recon') {
        return { body: signed({ ...without(request, 'HASH'), ...ok, RECON: '[]' }) }
      }
      return { body: signed(account) }
    })
  const sent = (/** @type {ReturnType<typeof gateway>['calls']} */ calls) =>
    calls.map(({ url, body }) => [url.replace(config.baseUrl, ''), without(body, 'HASH')])

  it('send the contract’s fields, signed, and answer the verified fields', async () => {
    const { calls, client } = gateway()
    const created = await client.createPaylink({
      AMOUNT: '49900',
      DESCRIPTION: 'Invoice 42: two chai sets',
      CUST_NAME: ' Asha Verma ',
      CUST_EMAIL: 'asha.verma@example.com',
      CUST_PHONE: '9876543210',
      EXPIRE_BY: new Date('2026-12-14T12:30:00Z'),
      REFERENCE_ID: 'INV-2026-0042',
      NOTIFY_URL: 'https://shop.example/hook',
      VALIDATE_BENEFICIARY: 'N',
    })
    assert.deepEqual(
      [created.PAYLINK_ID, created.STATUS, created.LINK_FEE, created.LINK_GST],
      ['plink_4Fq9ZkT2mW8xLc', 'CREATED', '100', '18'],
    )
    await client.createPaylink({ AMOUNT: '1234', CURRENCY_CODE: '840', DESCRIPTION: 'x' })
    assert.deepEqual(await client.paylinkStatus({ paylinkId: link.PAYLINK_ID }), signed(link))
    await client.paylinkStatus({ referenceId: 'INV-2026-0042' })
    const cancelled = await client.cancelPaylink(link.PAYLINK_ID)
    assert.deepEqual(
      [cancelled.STATUS, cancelled.CANCELLED_AT],
      ['CANCELLED', '2026-12-07 13:12:00'],
    )
    const opened = await client.createVirtualAccount({
      CUST_NAME: 'Ravi Kumar',
      REFERENCE_ID: 'CUST-1042',
    })
    assert.deepEqual(opened, signed(account))
    await client.createVirtualAccount({ CUST_NAME: 'Ravi Kumar', NOTIFY_URL: '' })
    const credited = await client.creditVirtualAccount({
      vaId: account.VA_ID,
      amount: '1500000',
      mode: 'NEFT',
      payerName: 'Ravi Kumar',
    })
    assert.deepEqual(credited, signed(credit))
    await client.creditVirtualAccount({ vaId: account.VA_ID, amount: '100', mode: 'UPI' })
    const closed = await client.closeVirtualAccount(account.VA_ID)
    assert.deepEqual([closed.STATUS, closed.CLOSED_AT], ['CLOSED', '2026-12-07 13:15:00'])
    await client.recon({ vaId: account.VA_ID })
    await client.recon({ orderId: 'SK1764000000000' })
    await client.recon('SK1764000000000')
    const pay = { PAY_ID: config.payId }
    assert.deepEqual(sent(calls), [
      [
        '/pgws/paylink',
        {
          ...pay,
          AMOUNT: '49900',
          CURRENCY_CODE: '356',
          DESCRIPTION: 'Invoice 42: two chai sets',
          CUST_NAME: 'Asha Verma',
          CUST_EMAIL: 'asha.verma@example.com',
          CUST_PHONE: '9876543210',
          EXPIRE_BY: '2026-12-14T18:00:00+05:30',
          REFERENCE_ID: 'INV-2026-0042',
          NOTIFY_URL: 'https://shop.example/hook',
          VALIDATE_BENEFICIARY: 'N',
        },
      ],
      ['/pgws/paylink', { ...pay, AMOUNT: '1234', CURRENCY_CODE: '840', DESCRIPTION: 'x' }],
      ['/pgws/paylink/status', { ...pay, PAYLINK_ID: link.PAYLINK_ID }],
      ['/pgws/paylink/status', { ...pay, REFERENCE_ID: 'INV-2026-0042' }],
      ['/pgws/paylink/cancel', { ...pay, PAYLINK_ID: link.PAYLINK_ID }],
      ['/pgws/virtual-account', { ...pay, CUST_NAME: 'Ravi Kumar', REFERENCE_ID: 'CUST-1042' }],
      ['/pgws/virtual-account', { ...pay, CUST_NAME: 'Ravi Kumar' }],
      [
        '/pgws/virtual-account/credit',
        { ...pay, VA_ID: account.VA_ID, AMOUNT: '1500000', MODE: 'NEFT', PAYER_NAME: 'Ravi Kumar' },
      ],
      [
        '/pgws/virtual-account/credit',
        { ...pay, VA_ID: account.VA_ID, AMOUNT: '100', MODE: 'UPI' },
      ],
      ['/pgws/virtual-account/close', { ...pay, VA_ID: account.VA_ID }],
      ['/pgws/recon', { ...pay, VA_ID: account.VA_ID }],
      ['/pgws/recon', { ...pay, ORDER_ID: 'SK1764000000000' }],
      ['/pgws/recon', { ...pay, ORDER_ID: 'SK1764000000000' }],
    ])
    for (const call of calls) assert.equal(verify(call.body, config.salt), true)
  })

  it('virtualAccountStatus parses CREDITS; a tampered or malformed list is refused', async () => {
    const { calls, client } = gateway()
    const status = await client.virtualAccountStatus(account.VA_ID)
    assert.deepEqual(status.CREDITS, [listed])
    assert.equal(status.CREDITS?.[0]?.FEE, '1000')
    assert.equal(status.ACCOUNT_NUMBER, '2223330000123456')
    assert.deepEqual(sent(calls), [
      ['/pgws/virtual-account/status', { PAY_ID: config.payId, VA_ID: account.VA_ID }],
    ])
    const tampered = fakeGateway(() => ({
      body: {
        ...signed({ ...account, CREDITS: JSON.stringify([listed]) }),
        CREDITS: JSON.stringify([{ ...listed, AMOUNT: '1' }]),
      },
    }))
    await assert.rejects(tampered.client.virtualAccountStatus(account.VA_ID), VerificationError)
    for (const CREDITS of ['', 'nope', '{}', '[1]', '[{"AMOUNT":{}}]']) {
      const malformed = fakeGateway(() => ({ body: signed({ ...account, CREDITS }) }))
      await assert.rejects(
        malformed.client.virtualAccountStatus(account.VA_ID),
        GatewayError,
        CREDITS,
      )
    }
    const none = fakeGateway(() => ({ body: signed({ ...account, CREDITS: '[]' }) }))
    assert.deepEqual((await none.client.virtualAccountStatus(account.VA_ID)).CREDITS, [])
  })

  // The sandbox's own answers, recorded with the demo merchant (its salt is this config's): a
  // status with CREDITS, a second cancel's 373 and a credit into a closed account, 377.
  const recordedStatus = {
    PAY_ID: '1000000000000001',
    VA_ID: 'va_ZWDje54lt0w70o',
    REFERENCE_ID: 'CUST-REC-1',
    CUST_NAME: 'Ravi Kumar',
    ACCOUNT_NUMBER: '2223342923132325',
    IFSC: 'PYST0000001',
    VPA: 'pay.2223342923132325@paystra',
    STATUS: 'ACTIVE',
    CREATED_AT: '2026-12-07 18:15:21',
    CLOSED_AT: '',
    SETUP_FEE: '500',
    SETUP_GST: '90',
    TXNTYPE: 'VIRTUAL_ACCOUNT',
    RESPONSE_CODE: '000',
    RESPONSE_MESSAGE: 'Transaction successful',
    RESPONSE_DATE_TIME: '2026-12-07 18:15:21',
    CREDITS:
      '[{"CREDIT_ID":"vacr_kHa9i6PDzTlbX3","AMOUNT":"1500000","MODE":"NEFT","PAYER_NAME":"Test Payer","UTR":"284068466442","STATUS":"CREDITED","CREDITED_AT":"2026-12-07 18:15:21","FEE":"1000","GST":"180","SETTLEMENT_ID":""}]',
    HASH: '0A51180B16BBC35506F0B7D66B839F36A096EEFE5BA8846A1C75C5A2814B6909',
  }
  const recordedCancel = {
    PAY_ID: '1000000000000001',
    PAYLINK_ID: 'plink_HHIkYXi1SYVEjY',
    STATUS: 'Failed',
    RESPONSE_CODE: '373',
    RESPONSE_MESSAGE: 'This payment link is paid, expired or cancelled',
    RESPONSE_DATE_TIME: '2026-12-07 18:15:21',
    HASH: '065274B9591BE863E80B23C835BC88F7490A7F0932BC606812E45644C37038A0',
  }
  const recordedReturn = {
    PAY_ID: '1000000000000001',
    VA_ID: 'va_ZWDje54lt0w70o',
    REFERENCE_ID: 'CUST-REC-1',
    ACCOUNT_NUMBER: '2223342923132325',
    CREDIT_ID: 'vacr_4EqFTW3ZDX0TKM',
    AMOUNT: '100',
    CURRENCY_CODE: '356',
    MODE: 'UPI',
    PAYER_NAME: 'Test Payer',
    UTR: '167395199344',
    STATUS: 'RETURNED',
    CREDITED_AT: '2026-12-07 18:15:21',
    FEE: '0',
    GST: '0',
    NET: '0',
    RETURN_REASON: 'The virtual account is closed: the amount was returned to the payer',
    TXNTYPE: 'VA_CREDIT',
    RESPONSE_CODE: '377',
    RESPONSE_MESSAGE: 'Virtual account is closed',
    RESPONSE_DATE_TIME: '2026-12-07 18:15:21',
    HASH: '1D9089C4652C9845496657064B30294F190ADE0D08EFF09A455D1D56DC9D9901',
  }

  it('verify the sandbox’s recorded answers, CREDITS parsed, refusals as their fields', async () => {
    const { client } = fakeGateway((_request, url) => ({
      body: url.endsWith('/status')
        ? recordedStatus
        : url.endsWith('/cancel')
          ? recordedCancel
          : recordedReturn,
    }))
    const status = await client.virtualAccountStatus(recordedStatus.VA_ID)
    assert.deepEqual(status, { ...recordedStatus, CREDITS: JSON.parse(recordedStatus.CREDITS) })
    assert.deepEqual([status.CREDITS?.[0]?.FEE, status.CREDITS?.[0]?.SETTLEMENT_ID], ['1000', ''])
    assert.deepEqual(await client.cancelPaylink(recordedCancel.PAYLINK_ID), recordedCancel)
    const returned = await client.creditVirtualAccount({
      vaId: recordedReturn.VA_ID,
      amount: '100',
      mode: 'UPI',
    })
    assert.deepEqual(returned, recordedReturn)
  })

  it('return a refusal (372, 373, 376, a returned credit’s 377) as its verified fields', async () => {
    /** @param {string} code @param {string} message @param {Record<string, string>} [extra] */
    const refusing = (code, message, extra = {}) =>
      fakeGateway((request) => ({
        body: signed({
          ...without(request, 'HASH'),
          STATUS: 'Failed',
          RESPONSE_CODE: code,
          RESPONSE_MESSAGE: message,
          RESPONSE_DATE_TIME: '2026-12-07 13:09:53',
          ...extra,
        }),
      }))
    const missing = await refusing('372', 'No payment link found').client.paylinkStatus({
      referenceId: 'INV-404',
    })
    assert.deepEqual(
      [missing.RESPONSE_CODE, missing.RESPONSE_MESSAGE, missing.REFERENCE_ID],
      ['372', 'No payment link found', 'INV-404'],
    )
    const paid = await refusing(
      '373',
      'This payment link is paid, expired or cancelled',
    ).client.cancelPaylink(link.PAYLINK_ID)
    assert.equal(paid.RESPONSE_CODE, '373')
    const unknown = await refusing('376', 'No virtual account found').client.virtualAccountStatus(
      account.VA_ID,
    )
    assert.equal(unknown.RESPONSE_CODE, '376')
    assert.equal('CREDITS' in unknown, false)
    // A transfer into a closed account is a credit, RETURNED, under 377.
    const returned = {
      ...credit,
      STATUS: 'RETURNED',
      FEE: '0',
      GST: '0',
      NET: '0',
      RETURN_REASON: 'The virtual account is closed: the amount was returned to the payer',
      RESPONSE_CODE: '377',
      RESPONSE_MESSAGE: 'Virtual account is closed',
    }
    const bounced = fakeGateway(() => ({ body: signed(returned) }))
    const answer = await bounced.client.creditVirtualAccount({
      vaId: account.VA_ID,
      amount: '1500000',
      mode: 'NEFT',
    })
    assert.deepEqual(answer, signed(returned))
    const forged = fakeGateway(() => ({ body: { ...signed(returned), STATUS: 'CREDITED' } }))
    await assert.rejects(
      forged.client.creditVirtualAccount({ vaId: account.VA_ID, amount: '100', mode: 'NEFT' }),
      VerificationError,
    )
  })

  it('check ids, amounts, DESCRIPTION, EXPIRE_BY, the customer and MODE before calling', async () => {
    const { calls, client } = gateway()
    const base = { AMOUNT: '100', DESCRIPTION: 'Tea' }
    const refusedInput = [
      () => client.createPaylink(/** @type {any} */ (undefined)),
      () => client.createPaylink({ ...base, AMOUNT: '0' }),
      () => client.createPaylink({ ...base, AMOUNT: '1.50' }),
      () => client.createPaylink({ ...base, CURRENCY_CODE: '999' }),
      () => client.createPaylink({ ...base, DESCRIPTION: '' }),
      () => client.createPaylink({ ...base, DESCRIPTION: '   ' }),
      () => client.createPaylink({ ...base, DESCRIPTION: '\u{1F375}'.repeat(128) }),
      () => client.createPaylink(/** @type {any} */ ({ AMOUNT: '100' })),
      () => client.createPaylink({ ...base, DESCRIPTION: 'x'.repeat(256) }),
      () => client.createPaylink({ ...base, DESCRIPTION: 'Tea\nand cake' }),
      () => client.createPaylink({ ...base, DESCRIPTION: 'Tea ~ cake' }),
      () => client.createPaylink({ ...base, CUST_EMAIL: 'nope' }),
      () => client.createPaylink({ ...base, CUST_EMAIL: 'asha@example' }),
      () => client.createPaylink({ ...base, CUST_NAME: 'R2D2' }),
      () => client.createPaylink({ ...base, CUST_NAME: '-Asha' }),
      () => client.createPaylink({ ...base, CUST_PHONE: '98765' }),
      () => client.createPaylink({ ...base, CUST_NAME: 'Asha\u0000' }),
      () => client.createPaylink({ ...base, EXPIRE_BY: '2026-12-14T18:00:00' }),
      () => client.createPaylink({ ...base, EXPIRE_BY: 'next week' }),
      () => client.createPaylink({ ...base, EXPIRE_BY: new Date('nope') }),
      () => client.createPaylink({ ...base, REFERENCE_ID: 'INV 42' }),
      () => client.createPaylink({ ...base, NOTIFY_URL: 'ftp://shop.example/hook' }),
      () => client.createPaylink({ ...base, VALIDATE_BENEFICIARY: /** @type {any} */ ('yes') }),
      () => client.paylinkStatus(/** @type {any} */ ({})),
      () =>
        client.paylinkStatus(
          /** @type {any} */ ({ paylinkId: link.PAYLINK_ID, referenceId: 'INV-1' }),
        ),
      () => client.paylinkStatus({ paylinkId: 'plink_short' }),
      () => client.paylinkStatus({ referenceId: 'INV#1' }),
      () => client.cancelPaylink('va_7Hn2Kp9Qr4Ts6V'),
      () => client.cancelPaylink(/** @type {any} */ (undefined)),
      () => client.createVirtualAccount(/** @type {any} */ ({})),
      () => client.createVirtualAccount({ CUST_NAME: '  ' }),
      () => client.createVirtualAccount({ CUST_NAME: 'x'.repeat(101) }),
      () => client.createVirtualAccount({ CUST_NAME: 'Ravi & Sons' }),
      () => client.createVirtualAccount({ CUST_NAME: 'Ravi', REFERENCE_ID: 'x'.repeat(51) }),
      () => client.virtualAccountStatus('plink_4Fq9ZkT2mW8xLc'),
      () => client.closeVirtualAccount('va_7Hn2Kp9Qr4Ts6'),
      () => client.creditVirtualAccount(/** @type {any} */ (undefined)),
      () => client.creditVirtualAccount({ vaId: 'va_1', amount: '100', mode: 'NEFT' }),
      () => client.creditVirtualAccount({ vaId: account.VA_ID, amount: '-5', mode: 'NEFT' }),
      () =>
        client.creditVirtualAccount({
          vaId: account.VA_ID,
          amount: '100',
          mode: /** @type {any} */ ('CASH'),
        }),
      () =>
        client.creditVirtualAccount({
          vaId: account.VA_ID,
          amount: '100',
          mode: /** @type {any} */ ('neft'),
        }),
      () =>
        client.creditVirtualAccount({
          vaId: account.VA_ID,
          amount: '100',
          mode: 'IMPS',
          payerName: 'Ravi\tKumar',
        }),
      () => client.recon(/** @type {any} */ ({})),
      () => client.recon(/** @type {any} */ ({ orderId: 'SK1', vaId: account.VA_ID })),
      () => client.recon({ vaId: 'va_nope' }),
    ]
    for (const call of refusedInput) {
      await assert.rejects(call(), InvalidInputError, String(call))
    }
    assert.equal(calls.length, 0)
    // 255 characters is the longest DESCRIPTION (UTF-16 units, as the gateway counts them); a
    // name may be any script's letters.
    await client.createPaylink({ ...base, DESCRIPTION: 'x'.repeat(255) })
    await client.createPaylink({
      ...base,
      DESCRIPTION: '\u{1F375}'.repeat(127),
      CUST_NAME: "José D'Souza",
    })
    await client.createVirtualAccount({ CUST_NAME: 'राम कुमार' })
    assert.equal(calls.length, 3)
  })
})

describe('subscriptions', () => {
  const signed = (/** @type {Record<string, string>} */ fields) => withHash(fields, config.salt)
  /** @param {Record<string, string>} fields @param {string[]} keys */
  const without = (fields, ...keys) =>
    Object.fromEntries(Object.entries(fields).filter(([key]) => !keys.includes(key)))
  const ok = {
    RESPONSE_CODE: '000',
    RESPONSE_MESSAGE: 'Transaction successful',
    RESPONSE_DATE_TIME: '2026-12-07 13:09:53',
  }
  // A monthly UPI subscription as it is answered before the customer registers it: every field
  // of a subscription's answer, signed with the demo merchant's salt.
  const subscription = {
    PAY_ID: config.payId,
    SUBSCRIPTION_ID: 'sub_7Rk2Wq9Lm4Tx8Z',
    SUBSCRIPTION_REF: 'SUB-2026-0042',
    METHOD: 'UPI',
    CATEGORY: '',
    AMOUNT: '49900',
    MAX_AMOUNT: '100000',
    CURRENCY_CODE: '356',
    FREQUENCY: 'MONTHLY',
    START_DATE: '2026-12-10',
    END_DATE: '2036-12-10',
    DESCRIPTION: 'Chai club: a box a month',
    CUST_NAME: 'Asha Verma',
    CUST_EMAIL: 'asha.verma@example.com',
    CUST_PHONE: '9876543210',
    AUTH_URL: 'http://127.0.0.1:4150/sandbox/m/Hq3Zr8Tn2Wk5Lp9V',
    STATUS: 'CREATED',
    CREATED_AT: '2026-12-07 13:09:53',
    ACTIVATED_AT: '',
    ENDED_AT: '',
    ANCHOR_DATE: '',
    INSTRUMENT: '',
    PAID_CYCLES: '0',
    NEXT_DEBIT_AT: '',
    REGISTRATION_FEE: '700',
    REGISTRATION_GST: '126',
    TXNTYPE: 'SUBSCRIPTION',
    ...ok,
  }
  // An AS_PRESENTED card subscription, registered, with a presented charge noticed (DEBITS'
  // newest first) after cycle 1 was captured.
  const presented = {
    ...subscription,
    SUBSCRIPTION_ID: 'sub_2Pm8Xc4Vb6Nq1R',
    SUBSCRIPTION_REF: 'SUB-2026-0043',
    METHOD: 'CARD',
    CATEGORY: 'INSURANCE',
    AMOUNT: '',
    MAX_AMOUNT: '5000000',
    FREQUENCY: 'AS_PRESENTED',
    STATUS: 'ACTIVE',
    ACTIVATED_AT: '2026-12-07 13:11:02',
    ANCHOR_DATE: '2026-12-07',
    INSTRUMENT: 'XXXX-XXXX-XXXX-1111',
    PAID_CYCLES: '1',
    NEXT_DEBIT_AT: '2026-12-11 07:00:00',
    REGISTRATION_FEE: '600',
    REGISTRATION_GST: '108',
  }
  const notice = {
    DEBIT_ID: 'sdeb_3Vn8Qk2Rt6Wy1M',
    CYCLE: '2',
    ATTEMPT: '1',
    AMOUNT: '2500000',
    NOTIFIED_AT: '2026-12-09 15:00:00',
    DEBIT_AT: '2026-12-11 07:00:00',
    APPROVAL_REQUIRED: 'N',
    APPROVED: 'N',
    STATUS: 'NOTIFIED',
    RESPONSE_CODE: '',
    ORDER_ID: '',
    TXN_ID: '',
    FEE: '',
    GST: '',
  }
  const charged = {
    ...notice,
    DEBIT_ID: 'sdeb_9Tz4Lk7Hd2Sw5E',
    CYCLE: '1',
    AMOUNT: '1200000',
    NOTIFIED_AT: '2026-12-07 13:30:00',
    DEBIT_AT: '2026-12-09 07:00:00',
    STATUS: 'CHARGED',
    RESPONSE_CODE: '000',
    ORDER_ID: 'sub_2Pm8Xc4Vb6Nq1R-1-1',
    TXN_ID: '7970209273270511',
    FEE: '700',
    GST: '126',
  }
  const debits = JSON.stringify([notice, charged])
  /** The gateway's answer to each path, signed; DEBITS as JSON text inside the signed fields. */
  const gateway = () =>
    fakeGateway((request, url) => {
      const path = url.replace(config.baseUrl, '')
      if (path === '/pgws/subscription') {
        return { body: signed({ ...subscription, ...without(request, 'HASH', 'RETURN_URL') }) }
      }
      if (path === '/pgws/subscription/cancel') {
        const ENDED_AT = '2026-12-07 13:20:00'
        const cancelled = { STATUS: 'CANCELLED', ENDED_AT, CANCELLED_BY: 'MERCHANT', DEBITS: '[]' }
        return { body: signed({ ...subscription, ...cancelled }) }
      }
      if (path === '/pgws/subscription/resume') {
        return { body: signed({ ...presented, STATUS: 'ACTIVE', DEBITS: debits }) }
      }
      return { body: signed({ ...presented, DEBITS: debits }) }
    })
  const sent = (/** @type {ReturnType<typeof gateway>['calls']} */ calls) =>
    calls.map(({ url, body }) => [url.replace(config.baseUrl, ''), without(body, 'HASH')])
  /** @type {import('../src/client.js').SubscriptionRequest} */
  const monthly = {
    SUBSCRIPTION_REF: 'SUB-2026-0042',
    METHOD: 'UPI',
    AMOUNT: '49900',
    MAX_AMOUNT: '100000',
    FREQUENCY: 'MONTHLY',
    START_DATE: '2026-12-10',
    DESCRIPTION: 'Chai club: a box a month',
    CUST_NAME: 'Asha Verma',
    CUST_EMAIL: 'asha.verma@example.com',
    CUST_PHONE: '9876543210',
    RETURN_URL: 'https://shop.example/subscribed',
  }

  it('send the contract’s fields, signed, and answer the verified fields, DEBITS parsed', async () => {
    const { calls, client } = gateway()
    const created = await client.createSubscription({
      ...monthly,
      END_DATE: '2036-12-10',
      CUST_NAME: ' Asha Verma ',
      NOTIFY_URL: 'https://shop.example/hook',
    })
    assert.deepEqual(
      [created.SUBSCRIPTION_ID, created.STATUS, created.AUTH_URL],
      ['sub_7Rk2Wq9Lm4Tx8Z', 'CREATED', subscription.AUTH_URL],
    )
    await client.createSubscription({
      ...monthly,
      SUBSCRIPTION_REF: 'SUB-2026-0043',
      METHOD: 'CARD',
      AMOUNT: undefined,
      MAX_AMOUNT: '5000000',
      FREQUENCY: 'AS_PRESENTED',
      CATEGORY: 'INSURANCE',
      NOTIFY_URL: '',
    })
    await client.createSubscription({ ...monthly, METHOD: 'EMANDATE', FREQUENCY: 'YEARLY' })
    const status = await client.subscriptionStatus({ subscriptionId: presented.SUBSCRIPTION_ID })
    assert.deepEqual(status, {
      ...signed({ ...presented, DEBITS: debits }),
      DEBITS: [notice, charged],
    })
    assert.deepEqual(
      status.DEBITS?.map((debit) => [debit.CYCLE, debit.STATUS, debit.ORDER_ID]),
      [
        ['2', 'NOTIFIED', ''],
        ['1', 'CHARGED', 'sub_2Pm8Xc4Vb6Nq1R-1-1'],
      ],
    )
    await client.subscriptionStatus({ subscriptionRef: 'SUB-2026-0043' })
    const cancelled = await client.cancelSubscription(subscription.SUBSCRIPTION_ID)
    assert.deepEqual(
      [cancelled.STATUS, cancelled.ENDED_AT, cancelled.CANCELLED_BY, cancelled.DEBITS],
      ['CANCELLED', '2026-12-07 13:20:00', 'MERCHANT', []],
    )
    const resumed = await client.resumeSubscription(presented.SUBSCRIPTION_ID)
    assert.deepEqual([resumed.STATUS, resumed.DEBITS], ['ACTIVE', [notice, charged]])
    const charge = await client.presentCharge(presented.SUBSCRIPTION_ID, '2500000')
    assert.deepEqual(charge.DEBITS?.[0], notice)
    for (const action of /** @type {const} */ (['SKIP', 'APPROVE', 'PAUSE', 'RESUME', 'REVOKE'])) {
      const acted = await client.actAsCustomer(presented.SUBSCRIPTION_ID, action)
      assert.deepEqual(acted.DEBITS, [notice, charged])
    }
    const pay = { PAY_ID: config.payId }
    const id = { ...pay, SUBSCRIPTION_ID: presented.SUBSCRIPTION_ID }
    assert.deepEqual(sent(calls), [
      [
        '/pgws/subscription',
        {
          ...pay,
          ...monthly,
          END_DATE: '2036-12-10',
          NOTIFY_URL: 'https://shop.example/hook',
        },
      ],
      [
        '/pgws/subscription',
        {
          ...pay,
          ...without(monthly, 'AMOUNT'),
          SUBSCRIPTION_REF: 'SUB-2026-0043',
          METHOD: 'CARD',
          MAX_AMOUNT: '5000000',
          FREQUENCY: 'AS_PRESENTED',
          CATEGORY: 'INSURANCE',
        },
      ],
      ['/pgws/subscription', { ...pay, ...monthly, METHOD: 'EMANDATE', FREQUENCY: 'YEARLY' }],
      ['/pgws/subscription/status', id],
      ['/pgws/subscription/status', { ...pay, SUBSCRIPTION_REF: 'SUB-2026-0043' }],
      ['/pgws/subscription/cancel', { ...pay, SUBSCRIPTION_ID: subscription.SUBSCRIPTION_ID }],
      ['/pgws/subscription/resume', id],
      ['/pgws/subscription/charge', { ...id, AMOUNT: '2500000' }],
      ['/pgws/subscription/customer', { ...id, ACTION: 'SKIP' }],
      ['/pgws/subscription/customer', { ...id, ACTION: 'APPROVE' }],
      ['/pgws/subscription/customer', { ...id, ACTION: 'PAUSE' }],
      ['/pgws/subscription/customer', { ...id, ACTION: 'RESUME' }],
      ['/pgws/subscription/customer', { ...id, ACTION: 'REVOKE' }],
    ])
    // The request's fields in the contract's order.
    assert.deepEqual(Object.keys(calls[0]?.body ?? {}), [
      'PAY_ID',
      'SUBSCRIPTION_REF',
      'METHOD',
      'AMOUNT',
      'MAX_AMOUNT',
      'FREQUENCY',
      'START_DATE',
      'END_DATE',
      'DESCRIPTION',
      'CUST_NAME',
      'CUST_EMAIL',
      'CUST_PHONE',
      'RETURN_URL',
      'NOTIFY_URL',
      'HASH',
    ])
    for (const call of calls) assert.equal(verify(call.body, config.salt), true)
  })

  it('DEBITS is trusted only when the HASH covers it and it is a JSON list of objects', async () => {
    const tampered = fakeGateway(() => ({
      body: {
        ...signed({ ...presented, DEBITS: debits }),
        DEBITS: JSON.stringify([{ ...notice, AMOUNT: '1' }]),
      },
    }))
    const id = presented.SUBSCRIPTION_ID
    await assert.rejects(
      tampered.client.subscriptionStatus({ subscriptionId: id }),
      VerificationError,
    )
    await assert.rejects(tampered.client.presentCharge(id, '100'), VerificationError)
    await assert.rejects(tampered.client.actAsCustomer(id, 'SKIP'), VerificationError)
    await assert.rejects(tampered.client.cancelSubscription(id), VerificationError)
    await assert.rejects(tampered.client.resumeSubscription(id), VerificationError)
    for (const DEBITS of ['', 'nope', '{}', '[1]', '[{"AMOUNT":{}}]']) {
      const malformed = fakeGateway(() => ({ body: signed({ ...presented, DEBITS }) }))
      await assert.rejects(
        malformed.client.subscriptionStatus({ subscriptionId: id }),
        GatewayError,
        DEBITS,
      )
      await assert.rejects(malformed.client.actAsCustomer(id, 'PAUSE'), GatewayError, DEBITS)
      await assert.rejects(malformed.client.cancelSubscription(id), GatewayError, DEBITS)
      await assert.rejects(malformed.client.resumeSubscription(id), GatewayError, DEBITS)
    }
    const none = fakeGateway(() => ({ body: signed({ ...subscription, DEBITS: '[]' }) }))
    const created = await none.client.subscriptionStatus({ subscriptionRef: 'SUB-2026-0042' })
    assert.deepEqual(created.DEBITS, [])
  })

  // The sandbox's own answers, recorded with the demo merchant (its salt is this config's): a
  // UPI monthly subscription created; one registered with success@upi, its first month taken
  // with the registration; an AS_PRESENTED one charged and its notice skipped; a charge refused
  // on one not yet registered (385) and on a scheduled one (326), and a reference it does not
  // know (387); and, recorded for the OpenAPI examples, a card mandate cancelled by the merchant
  // with its presented charge's notice open (the attempt STOPPED, 385).
  const recordedCreated = {
    PAY_ID: '1000000000000001',
    SUBSCRIPTION_ID: 'sub_pui8zNFLX9zfFZ',
    SUBSCRIPTION_REF: 'SUB-REC-A1796658775556',
    METHOD: 'UPI',
    CATEGORY: '',
    AMOUNT: '49900',
    MAX_AMOUNT: '49900',
    CURRENCY_CODE: '356',
    FREQUENCY: 'MONTHLY',
    START_DATE: '2026-12-07',
    END_DATE: '',
    DESCRIPTION: 'Chai club: a box a month',
    CUST_NAME: 'Asha Verma',
    CUST_EMAIL: 'asha.verma@example.com',
    CUST_PHONE: '9876543210',
    AUTH_URL: 'http://127.0.0.1:4391/sandbox/m/ZVw5WRx66FJEEEYW',
    STATUS: 'CREATED',
    CREATED_AT: '2026-12-07 21:22:55',
    ACTIVATED_AT: '',
    ENDED_AT: '',
    ANCHOR_DATE: '',
    INSTRUMENT: '',
    PAID_CYCLES: '0',
    NEXT_DEBIT_AT: '',
    REGISTRATION_FEE: '700',
    REGISTRATION_GST: '126',
    TXNTYPE: 'SUBSCRIPTION',
    RESPONSE_CODE: '000',
    RESPONSE_MESSAGE: 'Transaction successful',
    RESPONSE_DATE_TIME: '2026-12-07 21:22:55',
    HASH: '702B258D9064729D665743DCBB7CEE07FE00E0B057197734856D6C84DBABE02B',
  }
  const recordedActive = {
    PAY_ID: '1000000000000001',
    SUBSCRIPTION_ID: 'sub_RdU7SNsnBlDrtZ',
    SUBSCRIPTION_REF: 'SUB-REC-B1796658775556',
    METHOD: 'UPI',
    CATEGORY: '',
    AMOUNT: '49900',
    MAX_AMOUNT: '49900',
    CURRENCY_CODE: '356',
    FREQUENCY: 'MONTHLY',
    START_DATE: '2026-12-07',
    END_DATE: '2036-12-07',
    DESCRIPTION: 'Chai club: a box a month',
    CUST_NAME: 'Asha Verma',
    CUST_EMAIL: 'asha.verma@example.com',
    CUST_PHONE: '9876543210',
    AUTH_URL: 'http://127.0.0.1:4391/sandbox/m/no9ZWHu834minfVO',
    STATUS: 'ACTIVE',
    CREATED_AT: '2026-12-07 21:22:56',
    ACTIVATED_AT: '2026-12-07 21:22:56',
    ENDED_AT: '',
    ANCHOR_DATE: '2026-12-07',
    INSTRUMENT: 'success@upi',
    PAID_CYCLES: '1',
    NEXT_DEBIT_AT: '',
    REGISTRATION_FEE: '700',
    REGISTRATION_GST: '126',
    DEBITS:
      '[{"DEBIT_ID":"sdeb_IEqtTBSn8DtJB7","CYCLE":"0","ATTEMPT":"1","AMOUNT":"49900","NOTIFIED_AT":"2026-12-07 21:22:56","DEBIT_AT":"2026-12-07 21:22:56","APPROVAL_REQUIRED":"N","APPROVED":"N","STATUS":"CHARGED","RESPONSE_CODE":"000","ORDER_ID":"sub_RdU7SNsnBlDrtZ-0-1","TXN_ID":"3970648670121488","FEE":"700","GST":"126"}]',
    TXNTYPE: 'SUBSCRIPTION',
    RESPONSE_CODE: '000',
    RESPONSE_MESSAGE: 'Transaction successful',
    RESPONSE_DATE_TIME: '2026-12-07 21:22:56',
    HASH: '2D5422F23236B8294AD3C4ED807BAD2A126E1C7E5F7A600452CEF4E89E3616D7',
  }
  const recordedCharge = {
    PAY_ID: '1000000000000001',
    SUBSCRIPTION_ID: 'sub_0yzYTi4VDz8QQr',
    SUBSCRIPTION_REF: 'SUB-REC-C1796658775556',
    METHOD: 'UPI',
    CATEGORY: 'INSURANCE',
    AMOUNT: '',
    MAX_AMOUNT: '2000000',
    CURRENCY_CODE: '356',
    FREQUENCY: 'AS_PRESENTED',
    START_DATE: '2026-12-07',
    END_DATE: '2036-12-07',
    DESCRIPTION: 'Chai club: a box a month',
    CUST_NAME: 'Asha Verma',
    CUST_EMAIL: 'asha.verma@example.com',
    CUST_PHONE: '9876543210',
    AUTH_URL: 'http://127.0.0.1:4391/sandbox/m/AwzphYbFUpW1VtCU',
    STATUS: 'ACTIVE',
    CREATED_AT: '2026-12-07 21:22:56',
    ACTIVATED_AT: '2026-12-07 21:22:57',
    ENDED_AT: '',
    ANCHOR_DATE: '2026-12-07',
    INSTRUMENT: 'success@upi',
    PAID_CYCLES: '0',
    NEXT_DEBIT_AT: '2026-12-09 07:00:00',
    REGISTRATION_FEE: '700',
    REGISTRATION_GST: '126',
    DEBITS:
      '[{"DEBIT_ID":"sdeb_YlBDgMsTrbAPMN","CYCLE":"0","ATTEMPT":"1","AMOUNT":"1600000","NOTIFIED_AT":"2026-12-07 21:22:57","DEBIT_AT":"2026-12-09 07:00:00","APPROVAL_REQUIRED":"N","APPROVED":"N","STATUS":"NOTIFIED","RESPONSE_CODE":"","ORDER_ID":"","TXN_ID":"","FEE":"","GST":""}]',
    TXNTYPE: 'SUBSCRIPTION',
    RESPONSE_CODE: '000',
    RESPONSE_MESSAGE: 'Transaction successful',
    RESPONSE_DATE_TIME: '2026-12-07 21:22:57',
    HASH: '67932CA7C126D69352F715D7F78CF93E77BE5D6AC824D39E6368B45AB288BE39',
  }
  const recordedSkipped = {
    PAY_ID: '1000000000000001',
    SUBSCRIPTION_ID: 'sub_0yzYTi4VDz8QQr',
    SUBSCRIPTION_REF: 'SUB-REC-C1796658775556',
    METHOD: 'UPI',
    CATEGORY: 'INSURANCE',
    AMOUNT: '',
    MAX_AMOUNT: '2000000',
    CURRENCY_CODE: '356',
    FREQUENCY: 'AS_PRESENTED',
    START_DATE: '2026-12-07',
    END_DATE: '2036-12-07',
    DESCRIPTION: 'Chai club: a box a month',
    CUST_NAME: 'Asha Verma',
    CUST_EMAIL: 'asha.verma@example.com',
    CUST_PHONE: '9876543210',
    AUTH_URL: 'http://127.0.0.1:4391/sandbox/m/AwzphYbFUpW1VtCU',
    STATUS: 'ACTIVE',
    CREATED_AT: '2026-12-07 21:22:56',
    ACTIVATED_AT: '2026-12-07 21:22:57',
    ENDED_AT: '',
    ANCHOR_DATE: '2026-12-07',
    INSTRUMENT: 'success@upi',
    PAID_CYCLES: '0',
    NEXT_DEBIT_AT: '',
    REGISTRATION_FEE: '700',
    REGISTRATION_GST: '126',
    DEBITS:
      '[{"DEBIT_ID":"sdeb_YlBDgMsTrbAPMN","CYCLE":"0","ATTEMPT":"1","AMOUNT":"1600000","NOTIFIED_AT":"2026-12-07 21:22:57","DEBIT_AT":"2026-12-09 07:00:00","APPROVAL_REQUIRED":"N","APPROVED":"N","STATUS":"SKIPPED","RESPONSE_CODE":"382","ORDER_ID":"","TXN_ID":"","FEE":"","GST":""}]',
    TXNTYPE: 'SUBSCRIPTION',
    RESPONSE_CODE: '000',
    RESPONSE_MESSAGE: 'Transaction successful',
    RESPONSE_DATE_TIME: '2026-12-07 21:22:57',
    HASH: 'E97095C1DBE37A34F6387C362A3CB1E6B9C83BEE20390D1E1170B51C2BFC4E65',
  }
  const recordedCancelled = {
    PAY_ID: '1000000000000001',
    SUBSCRIPTION_ID: 'sub_Rb69mUXi9Lz5kY',
    SUBSCRIPTION_REF: 'PLAN-1002',
    METHOD: 'CARD',
    CATEGORY: '',
    AMOUNT: '',
    MAX_AMOUNT: '2500000',
    CURRENCY_CODE: '356',
    FREQUENCY: 'AS_PRESENTED',
    START_DATE: '2026-12-08',
    END_DATE: '2036-12-08',
    DESCRIPTION: 'Metered cloud usage',
    CUST_NAME: 'Ravi Kumar',
    CUST_EMAIL: 'ravi.kumar@example.com',
    CUST_PHONE: '9876501234',
    AUTH_URL: 'http://localhost:3000/sandbox/m/vGbSn81TIF8wp62N',
    STATUS: 'CANCELLED',
    CREATED_AT: '2026-12-08 21:39:04',
    ACTIVATED_AT: '2026-12-08 21:39:04',
    ENDED_AT: '2026-12-08 21:39:05',
    ANCHOR_DATE: '2026-12-08',
    INSTRUMENT: '',
    PAID_CYCLES: '0',
    NEXT_DEBIT_AT: '',
    REGISTRATION_FEE: '600',
    REGISTRATION_GST: '108',
    CANCELLED_BY: 'MERCHANT',
    DEBITS:
      '[{"DEBIT_ID":"sdeb_7w6GmhbWpVVG5R","CYCLE":"0","ATTEMPT":"1","AMOUNT":"1800000","NOTIFIED_AT":"2026-12-08 21:39:04","DEBIT_AT":"2026-12-10 07:00:00","APPROVAL_REQUIRED":"Y","APPROVED":"Y","STATUS":"STOPPED","RESPONSE_CODE":"385","ORDER_ID":"","TXN_ID":"","FEE":"","GST":""}]',
    TXNTYPE: 'SUBSCRIPTION',
    RESPONSE_CODE: '000',
    RESPONSE_MESSAGE: 'Transaction successful',
    RESPONSE_DATE_TIME: '2026-12-08 21:39:05',
    HASH: 'D34F24B497DE58EB60BA086E4C8C7FF2A6306482149A7ABD830E592E6E68349A',
  }
  const recordedNotRegistered = {
    PAY_ID: '1000000000000001',
    SUBSCRIPTION_ID: 'sub_pui8zNFLX9zfFZ',
    AMOUNT: '49900',
    STATUS: 'Failed',
    RESPONSE_CODE: '385',
    RESPONSE_MESSAGE: 'Subscription not active: cancelled, revoked, halted, completed or failed',
    RESPONSE_DATE_TIME: '2026-12-07 21:22:56',
    HASH: '85CF09396C9FBCE205555055A9D4FF8347B03263386F3464CFDDAB5D869BDD18',
  }
  const recordedScheduled = {
    PAY_ID: '1000000000000001',
    SUBSCRIPTION_ID: 'sub_RdU7SNsnBlDrtZ',
    AMOUNT: '49900',
    STATUS: 'Failed',
    RESPONSE_CODE: '326',
    RESPONSE_MESSAGE: 'Invalid request',
    RESPONSE_DATE_TIME: '2026-12-07 21:22:56',
    HASH: 'F0F45F888219501D738B928BD1774436EA9B8974799550E6CB154CFD7FE6F05A',
  }
  const recordedUnknown = {
    PAY_ID: '1000000000000001',
    SUBSCRIPTION_REF: 'SUB-REC-NONE',
    STATUS: 'Failed',
    RESPONSE_CODE: '387',
    RESPONSE_MESSAGE: 'No subscription found',
    RESPONSE_DATE_TIME: '2026-12-07 21:22:57',
    HASH: '94550CF010C8810F5CC18B04E5CC3A9B09DD4EA5055B6B722048CB853745FE5B',
  }

  it('verify the sandbox’s recorded answers, DEBITS parsed, refusals as their fields', async () => {
    const answers = [
      recordedCreated,
      recordedActive,
      recordedCharge,
      recordedSkipped,
      recordedCancelled,
      recordedNotRegistered,
      recordedScheduled,
      recordedUnknown,
    ]
    const { calls, client } = fakeGateway(() => ({ body: answers[calls.length - 1] }))
    /** @param {{ DEBITS: string }} answer */
    const parsed = (answer) => ({ ...answer, DEBITS: JSON.parse(answer.DEBITS) })
    const created = await client.createSubscription({
      ...monthly,
      SUBSCRIPTION_REF: recordedCreated.SUBSCRIPTION_REF,
      AMOUNT: '49900',
      MAX_AMOUNT: '49900',
      START_DATE: recordedCreated.START_DATE,
    })
    assert.deepEqual(created, recordedCreated)
    const active = await client.subscriptionStatus({
      subscriptionId: recordedActive.SUBSCRIPTION_ID,
    })
    assert.deepEqual(active, parsed(recordedActive))
    assert.deepEqual(
      active.DEBITS?.map((debit) => [debit.CYCLE, debit.STATUS, debit.ORDER_ID, debit.FEE]),
      [['0', 'CHARGED', `${recordedActive.SUBSCRIPTION_ID}-0-1`, '700']],
    )
    const charge = await client.presentCharge(recordedCharge.SUBSCRIPTION_ID, '1600000')
    assert.deepEqual(charge, parsed(recordedCharge))
    assert.deepEqual(
      [charge.DEBITS?.[0]?.STATUS, charge.DEBITS?.[0]?.DEBIT_AT],
      ['NOTIFIED', '2026-12-09 07:00:00'],
    )
    const skipped = await client.actAsCustomer(recordedSkipped.SUBSCRIPTION_ID, 'SKIP')
    assert.deepEqual(skipped, parsed(recordedSkipped))
    assert.deepEqual(
      [skipped.DEBITS?.[0]?.STATUS, skipped.DEBITS?.[0]?.RESPONSE_CODE],
      ['SKIPPED', '382'],
    )
    const cancelled = await client.cancelSubscription(recordedCancelled.SUBSCRIPTION_ID)
    assert.deepEqual(
      [cancelled.STATUS, cancelled.CANCELLED_BY, cancelled.INSTRUMENT, cancelled.NEXT_DEBIT_AT],
      ['CANCELLED', 'MERCHANT', '', ''],
    )
    assert.deepEqual(
      cancelled.DEBITS?.map((debit) => [debit.CYCLE, debit.STATUS, debit.RESPONSE_CODE]),
      [['0', 'STOPPED', '385']],
    )
    assert.deepEqual(cancelled, parsed(recordedCancelled))
    const early = await client.presentCharge(recordedNotRegistered.SUBSCRIPTION_ID, '49900')
    assert.deepEqual(early, recordedNotRegistered)
    const scheduled = await client.presentCharge(recordedScheduled.SUBSCRIPTION_ID, '49900')
    assert.deepEqual(scheduled, recordedScheduled)
    const unknown = await client.subscriptionStatus({
      subscriptionRef: recordedUnknown.SUBSCRIPTION_REF,
    })
    assert.deepEqual(unknown, recordedUnknown)
  })

  it('return a refusal (374, 380, 385, 387, 388) as its verified fields, without DEBITS', async () => {
    /** @param {string} code @param {string} message */
    const refusing = (code, message) =>
      fakeGateway((request) => ({
        body: signed({
          ...without(request, 'HASH'),
          STATUS: 'Failed',
          RESPONSE_CODE: code,
          RESPONSE_MESSAGE: message,
          RESPONSE_DATE_TIME: '2026-12-07 13:09:53',
        }),
      }))
    const missing = await refusing('387', 'No subscription found').client.subscriptionStatus({
      subscriptionRef: 'SUB-404',
    })
    assert.deepEqual(
      [missing.RESPONSE_CODE, missing.SUBSCRIPTION_REF, 'DEBITS' in missing],
      ['387', 'SUB-404', false],
    )
    const notActive = 'Subscription not active: cancelled, revoked, halted, completed or failed'
    const id = subscription.SUBSCRIPTION_ID
    const refused = await refusing('385', notActive).client.presentCharge(id, '49900')
    assert.deepEqual([refused.RESPONSE_CODE, refused.RESPONSE_MESSAGE], ['385', notActive])
    assert.equal(
      (await refusing('385', notActive).client.cancelSubscription(id)).RESPONSE_CODE,
      '385',
    )
    assert.equal(
      (await refusing('385', notActive).client.resumeSubscription(id)).RESPONSE_CODE,
      '385',
    )
    assert.equal(
      (await refusing('385', notActive).client.actAsCustomer(id, 'REVOKE')).RESPONSE_CODE,
      '385',
    )
    const duplicate = await refusing('374', 'Duplicate reference id').client.createSubscription(
      monthly,
    )
    assert.equal(duplicate.RESPONSE_CODE, '374')
    const above = "Amount above the mandate's maximum, or above the method's largest debit"
    const tooMuch = await refusing('380', above).client.presentCharge(id, '5000001')
    assert.deepEqual([tooMuch.RESPONSE_CODE, tooMuch.AMOUNT], ['380', '5000001'])
    const dates =
      "Invalid start or end date: a date from the account's today, within 366 days; end after it, within 10 years"
    const past = await refusing('388', dates).client.createSubscription({
      ...monthly,
      START_DATE: '2020-01-01',
    })
    assert.deepEqual([past.RESPONSE_CODE, past.START_DATE], ['388', '2020-01-01'])
    const forged = fakeGateway(() => ({
      body: {
        ...signed({ ...subscription, STATUS: 'Failed', RESPONSE_CODE: '385' }),
        RESPONSE_CODE: '000',
      },
    }))
    await assert.rejects(forged.client.cancelSubscription(id), VerificationError)
  })

  it('check ids, the method, frequency, amounts, dates, category, customer and action before calling', async () => {
    const { calls, client } = gateway()
    const id = subscription.SUBSCRIPTION_ID
    const refusedInput = [
      () => client.createSubscription(/** @type {any} */ (undefined)),
      () => client.createSubscription({ ...monthly, SUBSCRIPTION_REF: 'SUB 42' }),
      () =>
        client.createSubscription({ ...monthly, SUBSCRIPTION_REF: /** @type {any} */ (undefined) }),
      () => client.createSubscription({ ...monthly, METHOD: /** @type {any} */ ('NETBANKING') }),
      () => client.createSubscription({ ...monthly, METHOD: /** @type {any} */ ('upi') }),
      () => client.createSubscription({ ...monthly, METHOD: /** @type {any} */ ('ENACH') }),
      () => client.createSubscription({ ...monthly, FREQUENCY: /** @type {any} */ ('DAILY') }),
      () => client.createSubscription({ ...monthly, FREQUENCY: /** @type {any} */ (undefined) }),
      () => client.createSubscription({ ...monthly, AMOUNT: '0' }),
      () => client.createSubscription({ ...monthly, AMOUNT: '499.00' }),
      () => client.createSubscription({ ...monthly, AMOUNT: '049900' }),
      () => client.createSubscription({ ...monthly, AMOUNT: undefined }),
      () => client.createSubscription({ ...monthly, AMOUNT: '' }),
      () => client.createSubscription({ ...monthly, MAX_AMOUNT: '1e5' }),
      () => client.createSubscription({ ...monthly, MAX_AMOUNT: /** @type {any} */ (undefined) }),
      () => client.createSubscription({ ...monthly, AMOUNT: '100001' }),
      () => client.createSubscription({ ...monthly, MAX_AMOUNT: '10000001' }),
      () => client.createSubscription({ ...monthly, METHOD: 'CARD', MAX_AMOUNT: '10000001' }),
      () => client.createSubscription({ ...monthly, METHOD: 'EMANDATE', MAX_AMOUNT: '1000000001' }),
      () => client.createSubscription({ ...monthly, FREQUENCY: 'AS_PRESENTED' }),
      () => client.createSubscription({ ...monthly, START_DATE: '2026-02-30' }),
      () => client.createSubscription({ ...monthly, START_DATE: '10/12/2026' }),
      () => client.createSubscription({ ...monthly, START_DATE: '2026-12-10T00:00:00+05:30' }),
      () => client.createSubscription({ ...monthly, START_DATE: /** @type {any} */ (undefined) }),
      () => client.createSubscription({ ...monthly, END_DATE: '2027-13-01' }),
      () => client.createSubscription({ ...monthly, END_DATE: '2026-12-10' }),
      () => client.createSubscription({ ...monthly, END_DATE: '2026-12-09' }),
      () => client.createSubscription({ ...monthly, CATEGORY: /** @type {any} */ ('GYM') }),
      () => client.createSubscription({ ...monthly, CATEGORY: /** @type {any} */ ('insurance') }),
      () => client.createSubscription({ ...monthly, DESCRIPTION: '' }),
      () => client.createSubscription({ ...monthly, DESCRIPTION: '   ' }),
      () => client.createSubscription({ ...monthly, DESCRIPTION: 'x'.repeat(256) }),
      () => client.createSubscription({ ...monthly, DESCRIPTION: 'Chai\nclub' }),
      () => client.createSubscription({ ...monthly, DESCRIPTION: 'Chai ~ club' }),
      () => client.createSubscription({ ...monthly, CUST_NAME: '' }),
      () => client.createSubscription({ ...monthly, CUST_NAME: 'R2D2' }),
      () => client.createSubscription({ ...monthly, CUST_EMAIL: /** @type {any} */ (undefined) }),
      () => client.createSubscription({ ...monthly, CUST_EMAIL: 'asha@example' }),
      () => client.createSubscription({ ...monthly, CUST_PHONE: '  ' }),
      () => client.createSubscription({ ...monthly, CUST_PHONE: '98765' }),
      () => client.createSubscription({ ...monthly, RETURN_URL: /** @type {any} */ (undefined) }),
      () => client.createSubscription({ ...monthly, RETURN_URL: '/subscribed' }),
      () => client.createSubscription({ ...monthly, RETURN_URL: 'javascript:alert(1)' }),
      () => client.createSubscription({ ...monthly, NOTIFY_URL: 'ftp://shop.example/hook' }),
      () => client.subscriptionStatus(/** @type {any} */ ({})),
      () =>
        client.subscriptionStatus(
          /** @type {any} */ ({ subscriptionId: id, subscriptionRef: 'SUB-1' }),
        ),
      () => client.subscriptionStatus({ subscriptionId: 'sub_short' }),
      () => client.subscriptionStatus({ subscriptionId: 'plink_4Fq9ZkT2mW8xLc' }),
      () => client.subscriptionStatus({ subscriptionRef: 'SUB#1' }),
      () => client.cancelSubscription(/** @type {any} */ (undefined)),
      () => client.cancelSubscription('sub_7Rk2Wq9Lm4Tx8'),
      () => client.resumeSubscription('SUB-2026-0042'),
      () => client.presentCharge(id, '0'),
      () => client.presentCharge(id, /** @type {any} */ (undefined)),
      () => client.presentCharge('sub_!Rk2Wq9Lm4Tx8Z', '100'),
      () => client.actAsCustomer(id, /** @type {any} */ ('REGISTER')),
      () => client.actAsCustomer(id, /** @type {any} */ ('skip')),
      () => client.actAsCustomer(id, /** @type {any} */ (undefined)),
      () => client.actAsCustomer('va_7Hn2Kp9Qr4Ts6V', 'SKIP'),
    ]
    for (const call of refusedInput) {
      await assert.rejects(call(), InvalidInputError, String(call))
    }
    assert.equal(calls.length, 0)
    // AMOUNT may be MAX_AMOUNT itself, MAX_AMOUNT the method's largest debit, END_DATE the day
    // after START_DATE, a leap day a date; how far from the account's today the dates are is the
    // gateway's to judge (388).
    await client.createSubscription({ ...monthly, AMOUNT: '100000' })
    await client.createSubscription({ ...monthly, MAX_AMOUNT: '10000000' })
    await client.createSubscription({ ...monthly, METHOD: 'EMANDATE', MAX_AMOUNT: '1000000000' })
    await client.createSubscription({
      ...monthly,
      START_DATE: '2028-02-29',
      END_DATE: '2028-03-01',
    })
    await client.createSubscription({
      ...monthly,
      START_DATE: '2020-01-01',
      CATEGORY: 'MUTUAL_FUND',
    })
    await client.createSubscription({
      ...monthly,
      FREQUENCY: 'AS_PRESENTED',
      AMOUNT: '',
      CATEGORY: 'CREDIT_CARD_BILL',
    })
    await client.createSubscription({ ...monthly, DESCRIPTION: '\u{1F375}'.repeat(127) })
    assert.equal(calls.length, 7)
  })
})
