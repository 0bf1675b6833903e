// The server example's reconciliation (server/reconcile.js), run as a merchant runs it, against a
// stand-in gateway. A kit archive of another example has no server/ folder: then there is
// nothing to test.
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import { withHash } from '../../core/index.js'
import { demoConfig, demoSalt as salt } from '../../core/tests/support.js'

const script = fileURLToPath(new URL('../../server/reconcile.js', import.meta.url))
const kitRoot = fileURLToPath(new URL('../..', import.meta.url))
const config = demoConfig()

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
  PAYMENTS_COUNT: '2',
  REFUNDS_COUNT: '0',
  GROSS_AMOUNT: '150000',
  REFUNDS_AMOUNT: '0',
  FEES_AMOUNT: '3000',
  GST_AMOUNT: '540',
  ADJUSTMENTS_AMOUNT: '0',
  NET_AMOUNT: '146460',
  BANK_ACCOUNT: 'XXXXXXXXXX4321',
  STATUS: 'PROCESSED',
}
/** @param {string} orderId @param {string} amount @param {string} net */
const paymentLine = (orderId, amount, net) => ({
  TYPE: 'PAYMENT',
  ORDER_ID: orderId,
  TXN_ID: '1234567890123456',
  PG_REF_NUM: '202612345678901234',
  PAYMENT_TYPE: 'UP',
  MOP_TYPE: 'UP',
  AMOUNT: amount,
  FEE: '0',
  GST: '0',
  NET: net,
  DATE: '2026-11-27 10:15:00',
  DESCRIPTION: '',
})
const lines = [paymentLine('SK1', '100000', '97640'), paymentLine('OTHER1', '50000', '48820')]
const unsettled = {
  TYPE: 'PAYMENT',
  TXN_ID: '5234567890123456',
  AMOUNT: '100',
  FEE: '2',
  GST: '0',
  NET: '98',
  DATE: '2026-11-28 10:00:00',
  STATE: 'UNSETTLED',
  SETTLEMENT_ID: '',
  UTR: '',
  SETTLEMENT_DATE: '',
  EXPECTED_SETTLEMENT_DATE: '2026-12-01',
}

/**
 * @param {Record<string, string>} fields
 * @param {string[]} keys
 */
const omit = (fields, ...keys) =>
  Object.fromEntries(Object.entries(fields).filter(([key]) => !keys.includes(key)))

/** An open dispute's hold, not in a settlement yet: SK1's when /pgws/disputes lists SK1. */
const hold = {
  TYPE: 'DISPUTE_HOLD',
  TXN_ID: '1234567890123456',
  AMOUNT: '-100000',
  FEE: '0',
  GST: '0',
  NET: '-100000',
  DATE: '2026-11-30 11:00:00',
  DISPUTE_ID: 'dsp_0a1b2c3d4e5f60718293',
  STATE: 'UNSETTLED',
  SETTLEMENT_ID: '',
  SETTLEMENT_DATE: '',
  SETTLEMENT_STATUS: '',
  PAID_BY_SETTLEMENT_ID: '',
  UTR: '',
  EXPECTED_SETTLEMENT_DATE: '2026-12-01',
}
/** The ORDER_IDs /pgws/disputes lists. */
/** @type {string[]} */
let disputed = []

/** @type {Array<{ path: string, body: Record<string, string> }>} */
let requests = []
/** @type {(path: string, body: Record<string, string>) => Record<string, string> | undefined} */
let refuse = () => undefined

/**
 * @param {string} path
 * @param {Record<string, string>} body
 */
function answer(path, body) {
  const echo = omit(body, 'HASH')
  const refusal = refuse(path, echo)
  if (refusal) return withHash({ ...echo, STATUS: 'Failed', ...refusal }, salt)
  if (path === '/pgws/settlement/run' || path === '/pgws/settlements') {
    return withHash({ ...echo, ...ok, SETTLEMENTS: JSON.stringify([settlement]) }, salt)
  }
  if (path === '/pgws/settlement') {
    // One line a page, whatever PAGE_SIZE asks: the example must fetch every page.
    const page = Number(echo.PAGE ?? '1')
    const paging = { PAGE: String(page), PAGE_SIZE: '1', LINES_COUNT: String(lines.length) }
    const pageLines = JSON.stringify(lines.slice(page - 1, page))
    return withHash(
      { ...echo, ...ok, ...settlement, ...paging, PAGES: String(lines.length), LINES: pageLines },
      salt,
    )
  }
  if (path === '/pgws/disputes') {
    const disputes = disputed.map((ORDER_ID) => ({
      DISPUTE_ID: hold.DISPUTE_ID,
      ORDER_ID,
      STATUS: 'OPEN',
    }))
    return withHash({ ...echo, ...ok, DISPUTES: JSON.stringify(disputes) }, salt)
  }
  if (echo.ORDER_ID === 'SK1')
    return withHash({ ...echo, ...ok, RECON: JSON.stringify([hold]) }, salt)
  if (echo.ORDER_ID === 'SK2') {
    return withHash({ ...echo, ...ok, RECON: JSON.stringify([unsettled]) }, salt)
  }
  const unknown = { RESPONSE_CODE: '328', RESPONSE_MESSAGE: 'No such transaction' }
  return withHash({ ...echo, STATUS: 'Failed', ...unknown }, salt)
}

const gateway = createServer((req, res) => {
  let text = ''
  req.on('data', (chunk) => (text += chunk))
  req.on('end', () => {
    const path = (req.url ?? '').replace('/sandbox', '')
    const body = JSON.parse(text)
    requests.push({ path, body })
    res.writeHead(200, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify(answer(path, body)))
  })
})

const dataDir = mkdtempSync(join(tmpdir(), 'paystra-reconcile-'))
let baseUrl = ''

/**
 * Runs the script to its end (asynchronously: the stand-in gateway answers in this process).
 * @param {string[]} args
 * @returns {Promise<{ status: number | null, stdout: string, stderr: string }>}
 */
function reconcile(...args) {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: kitRoot,
    env: {
      PATH: process.env.PATH,
      PAYSTRA_BASE_URL: baseUrl,
      PAYSTRA_PAY_ID: config.payId,
      PAYSTRA_SALT: salt,
      PAYSTRA_KEY_SALT: config.keySalt,
      PAYSTRA_DATA_DIR: dataDir,
    },
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr += chunk))
  return new Promise((resolve) =>
    child.on('close', (status) => resolve({ status, stdout, stderr })),
  )
}

describe('server/reconcile.js', { skip: !existsSync(script) && 'no server example here' }, () => {
  before(async () => {
    await new Promise((resolve) => gateway.listen(0, '127.0.0.1', () => resolve(undefined)))
    const address = gateway.address()
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/sandbox`
    const order = (/** @type {string} */ id, /** @type {string} */ amount, status = 'paid') => ({
      order_id: id,
      amount,
      status,
      events: [],
      updated_by: 'return',
    })
    const orders = {
      SK1: order('SK1', '100000'),
      SK2: order('SK2', '100'),
      SK3: order('SK3', '2500'),
      SK4: order('SK4', '100', 'failed'),
    }
    writeFileSync(join(dataDir, 'server-orders.json'), JSON.stringify({ orders, events: [] }))
  })
  after(() => {
    gateway.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('settles, fetches the settlements with their lines, asks recon for the rest, and reports', async () => {
    requests = []
    refuse = () => undefined
    const asOf = '2026-11-30T11:00:00+05:30'
    const notify = 'http://127.0.0.1:4151/webhook'
    const run = await reconcile(
      '--settle-as-of',
      asOf,
      '--notify-url',
      notify,
      '--today',
      '2026-12-02',
      '--json',
    )
    assert.equal(run.stderr, '')
    assert.equal(run.status, 0)
    assert.deepEqual(
      requests.map(({ path, body }) => [path, omit(body, 'HASH', 'PAY_ID')]),
      [
        ['/pgws/settlement/run', { AS_OF: asOf, NOTIFY_URL: notify }],
        // TO = today + 7 days, FROM = TO − 91 days: 92 days, both included.
        ['/pgws/settlements', { FROM: '2026-09-09', TO: '2026-12-09' }],
        ['/pgws/settlement', { SETTLEMENT_ID: settlement.SETTLEMENT_ID, PAGE_SIZE: '1000' }],
        [
          '/pgws/settlement',
          { SETTLEMENT_ID: settlement.SETTLEMENT_ID, PAGE: '2', PAGE_SIZE: '1000' },
        ],
        ['/pgws/disputes', { FROM: '2026-09-09', TO: '2026-12-09' }],
        ['/pgws/recon', { ORDER_ID: 'SK2' }],
        ['/pgws/recon', { ORDER_ID: 'SK3' }],
      ],
    )
    const { rows } = JSON.parse(run.stdout)
    assert.deepEqual(
      rows.map((/** @type {Record<string, string>} */ row) => [row.ORDER_ID, row.RESULT]),
      [
        ['SK1', 'MATCHED'],
        ['SK2', 'OVERDUE'],
        ['SK3', 'MISSING'],
        ['OTHER1', 'UNKNOWN'],
      ],
    )
    assert.deepEqual(rows[0], {
      ORDER_ID: 'SK1',
      RESULT: 'MATCHED',
      AMOUNT: '100000',
      SETTLED_AMOUNT: '100000',
      REFUNDED_AMOUNT: '0',
      HELD_AMOUNT: '0',
      NET: '97640',
      SETTLEMENT_ID: settlement.SETTLEMENT_ID,
      UTR: settlement.UTR,
      SETTLEMENT_DATE: '2026-11-30',
      EXPECTED_SETTLEMENT_DATE: '',
    })
  })

  it('asks recon for a paid-out order with a dispute, held while its hold is open', async () => {
    requests = []
    refuse = () => undefined
    disputed = ['SK1']
    const run = await reconcile('--today', '2026-11-30', '--json')
    disputed = []
    assert.equal(run.stderr, '')
    assert.ok(requests.some(({ path, body }) => path === '/pgws/recon' && body.ORDER_ID === 'SK1'))
    const [row] = JSON.parse(run.stdout).rows
    assert.deepEqual(
      [row.ORDER_ID, row.RESULT, row.HELD_AMOUNT, row.NET, row.SETTLEMENT_ID, row.UTR],
      ['SK1', 'HELD', '100000', '-2360', '', ''],
    )
  })

  it('prints a table by default, and settles nothing unless asked', async () => {
    requests = []
    refuse = () => undefined
    const run = await reconcile('--today', '2026-11-30')
    assert.equal(run.status, 0)
    assert.equal(requests[0]?.path, '/pgws/settlements')
    assert.match(
      run.stdout,
      /^SK1 +MATCHED +₹1,000\.00 +₹1,000\.00 +₹0\.00 +₹0\.00 +₹976\.40 +setl_/m,
    )
    assert.match(run.stdout, /^SK2 +UNSETTLED .* due 2026-12-01$/m)
    assert.match(run.stdout, /1 MATCHED, 1 UNSETTLED, 1 MISSING, 1 UNKNOWN/)
  })

  it('stops with the refusal on stderr and exit code 1', async () => {
    refuse = (path) =>
      path === '/pgws/settlements'
        ? { RESPONSE_CODE: '340', RESPONSE_MESSAGE: 'Date range longer than 92 days' }
        : undefined
    const run = await reconcile('--json')
    assert.equal(run.status, 1)
    assert.equal(run.stdout, '')
    assert.match(run.stderr, /The settlements call: Date range longer than 92 days \(340\)/)
    refuse = () => undefined
  })

  it('refuses bad options and a gateway it cannot reach with exit code 1', async () => {
    for (const args of [
      ['--notify-url', 'http://127.0.0.1:4151/webhook'],
      ['--today', '2026-02-30'],
      ['--settle-as-of', 'tomorrow'],
      ['--unknown'],
    ]) {
      const run = await reconcile(...args)
      assert.equal(run.status, 1, args.join(' '))
      assert.notEqual(run.stderr, '')
    }
    const saved = baseUrl
    baseUrl = 'http://127.0.0.1:9/sandbox'
    try {
      const run = await reconcile('--json')
      assert.equal(run.status, 1)
      assert.match(run.stderr, /could not be reached/)
    } finally {
      baseUrl = saved
    }
  })
})
