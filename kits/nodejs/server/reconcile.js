#!/usr/bin/env node
/**
 * Reconciles the server example's paid orders with what the gateway paid out: fetches the
 * settlements dated in the 92 days that end 7 days after today (IST) with every page of their
 * lines, asks the gateway's recon for each paid order no line pays or with a dispute dated in
 * those days (whose hold may not be in a settlement yet), and prints one row per order
 * (MATCHED, REFUNDED, AMOUNT_MISMATCH, HELD, CARRIED_FORWARD, UNSETTLED, OVERDUE, MISSING) and per
 * settled order that is not in the store (UNKNOWN). HELD: a dispute holds the money back;
 * CARRIED_FORWARD: its settlement paid nothing yet (its net was not above zero) and no later one
 * has paid it out. Only MATCHED and REFUNDED money reached your bank. Run it daily, after the
 * settlements of 11:00 IST.
 *
 * Run from the kit root:
 *   node server/reconcile.js [--settle-as-of ISO] [--notify-url URL] [--today YYYY-MM-DD] [--json]
 *
 * --settle-as-of asks the sandbox to settle first, as if its clock read that time (a test call:
 * a real gateway settles on its own); --notify-url sends that run's settlement.processed webhooks
 * there. --json prints {"rows": [...]} instead of the table.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import {
  Client,
  GatewayError,
  PaystraError,
  Reconciliation,
  SETTLEMENT_RANGE_DAYS,
  loadConfig,
} from '../core/index.js'
import { rupees } from '../example/widgets.js'

/** @typedef {import('../core/src/reconcile.js').ReportRow} ReportRow */
/** @typedef {import('../core/src/reconcile.js').PaidOrder} PaidOrder */
/** @typedef {import('../core/src/client.js').Settlement} Settlement */

const USAGE =
  'Usage: node server/reconcile.js [--settle-as-of ISO] [--notify-url URL] [--today YYYY-MM-DD] [--json]'

const DAY_MS = 24 * 60 * 60 * 1000
const IST_OFFSET_MS = 330 * 60 * 1000
/** Settlements dated up to this many days after today are fetched (a sandbox run ahead of time). */
const DAYS_AHEAD = 7
const NO_SUCH_ORDER = '328'

class UsageError extends Error {}

/**
 * @param {string[]} argv
 * @returns {{ settleAsOf?: string, notifyUrl?: string, today: string, json: boolean }}
 */
function options(argv) {
  let values
  try {
    ;({ values } = parseArgs({
      args: argv,
      options: {
        'settle-as-of': { type: 'string' },
        'notify-url': { type: 'string' },
        today: { type: 'string' },
        json: { type: 'boolean', default: false },
      },
    }))
  } catch (error) {
    throw new UsageError(/** @type {Error} */ (error).message)
  }
  if (values['notify-url'] !== undefined && values['settle-as-of'] === undefined) {
    throw new UsageError(
      '--notify-url goes with --settle-as-of: it is where that run’s webhooks go',
    )
  }
  const today = values.today ?? istToday()
  if (!isDate(today)) throw new UsageError('--today must be a date as YYYY-MM-DD')
  return {
    settleAsOf: values['settle-as-of'],
    notifyUrl: values['notify-url'],
    today,
    json: values.json ?? false,
  }
}

/** Today's date in India, where the gateway's business days are counted. */
function istToday() {
  return new Date(Date.now() + IST_OFFSET_MS).toISOString().slice(0, 10)
}

/** @param {string} text */
function isDate(text) {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : NaN
  return !Number.isNaN(day) && new Date(day).toISOString().slice(0, 10) === text
}

/**
 * @param {string} date YYYY-MM-DD
 * @param {number} days
 */
function addDays(date, days) {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
}

/**
 * The orders the server example recorded as paid, in the order it created them.
 * @param {string} file <PAYSTRA_DATA_DIR>/server-orders.json
 * @returns {Promise<PaidOrder[]>}
 */
async function paidOrders(file) {
  let text
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOENT') throw error
    console.error(`No orders at ${file} yet (PAYSTRA_DATA_DIR): only settled orders are listed.`)
    return []
  }
  let book
  try {
    book = JSON.parse(text)
  } catch {
    throw new PaystraError(`${file} is not JSON: is it the server example's order store?`)
  }
  return Object.values(book?.orders ?? {})
    .filter((order) => order?.status === 'paid')
    .map((order) => ({ ORDER_ID: String(order.order_id), AMOUNT: String(order.amount) }))
}

/**
 * A verified answer that succeeded; a refusal becomes an error naming the call.
 * @template {Record<string, unknown>} T
 * @param {T} answer
 * @param {string} call
 * @returns {T}
 */
function succeeded(answer, call) {
  if (answer.RESPONSE_CODE === '000') return answer
  throw new GatewayError(`${call}: ${answer.RESPONSE_MESSAGE || 'refused'}`, {
    code: String(answer.RESPONSE_CODE ?? ''),
  })
}

/**
 * @param {ReturnType<typeof options>} settings
 * @returns {Promise<{ rows: ReportRow[], from: string, to: string, settlements: Settlement[], run?: Settlement[] }>}
 */
async function reconcileStore(settings) {
  const config = loadConfig(fileURLToPath(new URL('..', import.meta.url)))
  const client = new Client(config)

  let run
  if (settings.settleAsOf !== undefined) {
    const answer = await client.runSettlement(settings.settleAsOf, settings.notifyUrl)
    run = succeeded(answer, 'The settlement run').SETTLEMENTS
  }

  const orders = await paidOrders(join(config.dataDir, 'server-orders.json'))
  const to = addDays(settings.today, DAYS_AHEAD)
  const from = addDays(to, 1 - SETTLEMENT_RANGE_DAYS)
  const listed = succeeded(await client.settlements(from, to), 'The settlements call')
  const settlements = []
  for (const { SETTLEMENT_ID } of listed.SETTLEMENTS ?? []) {
    const answer = await client.settlementWithAllLines({ settlementId: SETTLEMENT_ID })
    settlements.push(succeeded(answer, `Settlement ${SETTLEMENT_ID}`))
  }

  const paidOut = new Set(
    settlements.flatMap((settlement) =>
      (settlement.LINES ?? []).filter((line) => line.TYPE === 'PAYMENT').map((l) => l.ORDER_ID),
    ),
  )
  const disputes = succeeded(await client.disputes(from, to), 'The disputes call')
  const disputed = new Set((disputes.DISPUTES ?? []).map((dispute) => dispute.ORDER_ID))
  /** @type {Record<string, import('../core/src/client.js').ReconEntry[]>} */
  const recon = {}
  for (const { ORDER_ID } of orders) {
    if (paidOut.has(ORDER_ID) && !disputed.has(ORDER_ID)) continue
    const answer = await client.recon(ORDER_ID)
    // 328: the gateway has no such order, so the row says MISSING rather than the run failing.
    recon[ORDER_ID] =
      answer.RESPONSE_CODE === NO_SUCH_ORDER
        ? []
        : (succeeded(answer, `Recon of ${ORDER_ID}`).RECON ?? [])
  }

  const rows = Reconciliation.reconcile(
    orders,
    /** @type {any} */ (settlements), // each carries LINES, as client.settlement answered it
    recon,
    settings.today,
  )
  return { rows, from, to, settlements, run }
}

/**
 * Signed paise as rupees: "-1180" → "-₹11.80"; '' stays ''.
 * @param {string} paise
 */
function money(paise) {
  return paise.startsWith('-') ? `-${rupees(paise.slice(1))}` : rupees(paise)
}

/**
 * Columns padded to their widest cell; amounts (right: true) aligned right.
 * @param {Array<{ title: string, right?: boolean }>} columns
 * @param {string[][]} cells
 */
function table(columns, cells) {
  const widths = columns.map((column, index) =>
    Math.max(column.title.length, ...cells.map((row) => (row[index] ?? '').length)),
  )
  /** @param {string[]} row */
  const line = (row) =>
    row
      .map((cell, index) =>
        columns[index]?.right ? cell.padStart(widths[index] ?? 0) : cell.padEnd(widths[index] ?? 0),
      )
      .join('  ')
      .trimEnd()
  return [line(columns.map((column) => column.title)), ...cells.map(line)].join('\n')
}

/**
 * The report as text: the settlement run (if any), the settlements, then the orders.
 * @param {Awaited<ReturnType<typeof reconcileStore>>} report
 * @param {string} today
 */
function reportText({ rows, from, to, settlements, run }, today) {
  const sections = []
  if (run)
    sections.push(`Settlement run: ${run.length} settlement(s) dated in the 92 days up to it.`)
  const settlementCells = settlements.map((settlement) => [
    settlement.SETTLEMENT_ID,
    settlement.SETTLEMENT_DATE,
    settlement.STATUS,
    settlement.UTR || '-',
    money(settlement.NET_AMOUNT),
  ])
  const settlementColumns = [
    { title: 'SETTLEMENT_ID' },
    { title: 'DATE' },
    { title: 'STATUS' },
    { title: 'UTR' },
    { title: 'NET', right: true },
  ]
  sections.push(
    [
      `Settlements dated ${from} to ${to}: ${settlements.length}`,
      ...(settlements.length > 0 ? [table(settlementColumns, settlementCells)] : []),
    ].join('\n'),
  )
  const orderCells = rows.map((row) => [
    row.ORDER_ID,
    row.RESULT,
    money(row.AMOUNT),
    money(row.SETTLED_AMOUNT),
    money(row.REFUNDED_AMOUNT),
    money(row.HELD_AMOUNT),
    money(row.NET),
    row.SETTLEMENT_ID,
    row.UTR,
    row.SETTLEMENT_DATE || (row.EXPECTED_SETTLEMENT_DATE && `due ${row.EXPECTED_SETTLEMENT_DATE}`),
  ])
  const orderColumns = [
    { title: 'ORDER_ID' },
    { title: 'RESULT' },
    { title: 'AMOUNT', right: true },
    { title: 'SETTLED', right: true },
    { title: 'REFUNDED', right: true },
    { title: 'HELD', right: true },
    { title: 'NET', right: true },
    { title: 'SETTLEMENT_ID' },
    { title: 'UTR' },
    { title: 'SETTLED ON' },
  ]
  const counts = Reconciliation.RESULTS.map((result) => ({
    result,
    count: rows.filter((row) => row.RESULT === result).length,
  })).filter(({ count }) => count > 0)
  sections.push(
    [
      `Orders reconciled on ${today} (IST): ${rows.length}`,
      ...(rows.length > 0 ? [table(orderColumns, orderCells), ''] : []),
      ...(counts.length > 0
        ? [counts.map(({ result, count }) => `${count} ${result}`).join(', ')]
        : []),
    ].join('\n'),
  )
  return sections.join('\n\n')
}

try {
  const settings = options(process.argv.slice(2))
  const report = await reconcileStore(settings)
  if (settings.json) console.log(JSON.stringify({ rows: report.rows }))
  else console.log(reportText(report, settings.today))
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n${USAGE}`)
  } else if (error instanceof PaystraError) {
    const code = error instanceof GatewayError && error.code ? ` (${error.code})` : ''
    console.error(`reconcile: ${error.message}${code}`)
  } else if (error instanceof Error && 'syscall' in error) {
    console.error(`reconcile: ${error.message}`) // the order store could not be read
  } else {
    throw error
  }
  process.exitCode = 1
}
