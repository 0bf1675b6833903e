/**
 * Disputes, proved in every kit language against the sandbox through the `server` example. What
 * the example must do (the same in every language; only the commands in kits/<lang>/kit.ts differ):
 *
 * - POST /webhook takes `dispute.created`, `dispute.won` and `dispute.lost`, verified like any
 *   event, and records the dispute on the order its ORDER_ID names, answering 200
 *   `{"received": true, "duplicate": false, …}`; a repeated event id changes nothing (200,
 *   `"duplicate": true`), and a dispute never moves back (OPEN → UNDER_REVIEW → WON or LOST; a
 *   decided one stays decided, even when a dispute.created with a new id arrives late).
 * - GET /orders/<ORDER_ID> with `Accept: application/json` carries `"dispute": null` until then,
 *   and after it `{"dispute_id", "status", "reason_code", "reason", "amount", "currency_code",
 *   "respond_by"}` (the event's DISPUTE_ID, STATUS, REASON_CODE, REASON, AMOUNT, CURRENCY_CODE,
 *   RESPOND_BY).
 * - The same address asked for `text/html` is the order page (200, text/html), with a "Dispute"
 *   section showing the dispute id, its status (the word: OPEN, UNDER_REVIEW, WON, LOST), its
 *   reason text and "Respond by YYYY-MM-DD" (read as text: tags stripped, white space collapsed).
 *   While the dispute is OPEN, and only then, the section holds a form with a submit button
 *   "Accept dispute", and a form with a `<textarea name="EVIDENCE">` and a submit button "Contest
 *   dispute" (one form or two; hidden inputs say which order). Submitting either posts
 *   urlencoded to the example, which calls its client's accept_dispute / contest_dispute (text
 *   only), records the verified answer's STATUS on the order at once (LOST, UNDER_REVIEW: no
 *   event announces UNDER_REVIEW) and answers with the page or a redirect to it (200 at the end).
 *
 * The harness itself contests one dispute at the gateway with a PDF (the example then only has to
 * record dispute.won), and reads the gateway's /pgws/disputes for the resolutions. Once the holds
 * are in a settlement, the kit's reconciliation example (where the kit has one) reports a lost
 * dispute's order HELD where its hold's settlement line is.
 */
import { expect } from 'vitest'
import { addWorkingDays, nextWorkingDay } from '#core/calendar/business-calendar.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { withHash } from '#core/protocol/hash.ts'
import {
  newEventId,
  serialiseEvent,
  signatureHeader,
  type WebhookEvent,
} from '#core/protocol/webhook.ts'
import { settlementDateOf } from '#core/settlement/schedule.ts'
import { demoMerchantDefaults } from '#gateway/merchants.ts'
import { disputeCards, disputeReasonOf } from '#gateway/methods.ts'
import { clickButton, decodeEntities } from './html-forms.ts'
import { follow, json, request } from './http.ts'
import type { ReportRow } from './reconciliation.ts'
import { deliver } from './webhooks.ts'

/** The order's `dispute` as the example's JSON gives it. */
export interface OrderDispute {
  dispute_id: string
  status: string
  reason_code: string
  reason: string
  amount: string
  currency_code: string
  respond_by: string
}

export interface DisputeContext {
  appUrl: string
  sandboxUrl: string
  /** A hosted card payment of ₹1.00 (AMOUNT 100) through the example, returned to it: paid. */
  paidOrder(card: string): Promise<string>
  /** Runs the kit's reconciliation example with these arguments (and `--json`), if it has one. */
  reconcile?(args: string[]): Promise<ReportRow[]>
}

const { payId, salt, webhookSecret } = demoMerchantDefaults
const [winnable, unwinnable] = disputeCards
/** A PDF the sandbox takes as evidence: its content says PDF, and so does its name. */
const evidencePdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)

/** A signed `/pgws/` call of the harness's own, answered 000. */
async function signedCall(sandboxUrl: string, path: string, fields: Fields): Promise<Fields> {
  const answer = await request(`${sandboxUrl}${path}`, {
    json: withHash({ PAY_ID: payId, ...fields }, salt),
  })
  const body = json<Fields>(answer)
  expect(body.RESPONSE_CODE, `${path}: ${answer.text.slice(0, 500)}`).toBe('000')
  return body
}

/** The sandbox's settlement test call, as if its clock read `asOf`; events go to the example. */
function runSettlement(context: DisputeContext, asOf: string) {
  return signedCall(context.sandboxUrl, '/pgws/settlement/run', {
    AS_OF: asOf,
    NOTIFY_URL: `${context.appUrl}/webhook`,
  })
}

/** The gateway's own record of an order's dispute. */
async function gatewayDispute(context: DisputeContext, orderId: string): Promise<Fields> {
  const answer = await signedCall(context.sandboxUrl, '/pgws/disputes', { ORDER_ID: orderId })
  const disputes = JSON.parse(answer.DISPUTES!) as Fields[]
  expect(disputes, `the disputes of ${orderId}`).toHaveLength(1)
  return disputes[0]!
}

async function disputeOf(appUrl: string, orderId: string): Promise<OrderDispute | null> {
  const answer = await request(`${appUrl}/orders/${encodeURIComponent(orderId)}`, {
    accept: 'application/json',
  })
  expect(answer.status, answer.text.slice(0, 500)).toBe(200)
  const order = json<{ dispute?: OrderDispute | null }>(answer)
  expect(order, `GET /orders/${orderId} has a "dispute" (null or an object)`).toHaveProperty(
    'dispute',
  )
  return order.dispute ?? null
}

/** Waits for the example's order to show its dispute with `status` (events come in the background). */
async function disputeReaches(appUrl: string, orderId: string, status: string) {
  let dispute: OrderDispute | null = null
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline) {
    dispute = await disputeOf(appUrl, orderId)
    if (dispute?.status === status) return dispute
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
  throw new Error(
    `The dispute of order ${orderId} did not become ${status}: ${JSON.stringify(dispute)}`,
  )
}

async function orderPage(appUrl: string, orderId: string) {
  const page = await request(`${appUrl}/orders/${encodeURIComponent(orderId)}`, {
    accept: 'text/html',
  })
  expect(page.status, page.text.slice(0, 500)).toBe(200)
  expect(page.type).toContain('text/html')
  return page
}

/** The page's text as a reader sees it: no tags, entities decoded, white space collapsed. */
function visibleText(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim()
}

/** Clicks a button of the order page's dispute section, as a merchant would. */
async function answerOnPage(
  appUrl: string,
  orderId: string,
  label: 'Accept dispute' | 'Contest dispute',
  evidence?: string,
) {
  const page = await orderPage(appUrl, orderId)
  const click = clickButton(page.text, page.url, label)
  const fields = { ...click.fields }
  if (evidence !== undefined) {
    expect(fields, `the form of "${label}" has a textarea EVIDENCE`).toHaveProperty('EVIDENCE')
    fields.EVIDENCE = evidence
  }
  const answered = await follow(await request(click.action, { form: fields }))
  expect(answered.status, `${label}: ${answered.text.slice(0, 800)}`).toBe(200)
}

/** A dispute event signed as the gateway signs it, from the gateway's fields of the dispute. */
function disputeEvent(type: WebhookEvent['type'], dispute: Fields): WebhookEvent {
  const { HASH: _, ...fields } = dispute
  return {
    id: newEventId(),
    type,
    created: Math.floor(Date.now() / 1000),
    data: withHash({ PAY_ID: payId, ...fields }, salt),
  }
}

async function deliverEvent(appUrl: string, event: WebhookEvent) {
  const body = serialiseEvent(event)
  const header = signatureHeader(webhookSecret, Math.floor(Date.now() / 1000), body)
  const answer = await deliver(appUrl, body, header, event.id)
  expect(answer.status, answer.text.slice(0, 400)).toBe(200)
  return answer.answer
}

export const disputeSteps = [
  {
    name: 'disputes: a settlement run opens a dispute on a disputed card payment, the order shows it (JSON and page, "Respond by"), the page accepts or contests it, and the deadline decides the rest; a repeated or late event changes nothing',
    async run(context: DisputeContext) {
      const { appUrl } = context
      const unanswered = await context.paidOrder(winnable.number)
      const accepted = await context.paidOrder(unwinnable.number)
      const contested = await context.paidOrder(winnable.number)
      const won = await context.paidOrder(winnable.number)
      expect(await disputeOf(appUrl, unanswered)).toBeNull()

      // Paid today, settled (and disputed) on the next working day.
      const runDate = settlementDateOf(new Date())
      await runSettlement(context, `${runDate}T12:00:00+05:30`)
      const respondBy = addWorkingDays(runDate, 5)
      const opened: Record<string, OrderDispute> = {}
      for (const [orderId, card] of [
        [unanswered, winnable],
        [accepted, unwinnable],
        [contested, winnable],
        [won, winnable],
      ] as const) {
        const dispute = await disputeReaches(appUrl, orderId, 'OPEN')
        expect(dispute).toEqual({
          dispute_id: expect.stringMatching(/^dsp_[0-9a-f]{20}$/),
          status: 'OPEN',
          reason_code: card.reasonCode,
          reason: disputeReasonOf(card.reasonCode)!.reason,
          amount: '100',
          currency_code: '356',
          respond_by: respondBy,
        })
        opened[orderId] = dispute
      }

      const page = visibleText((await orderPage(appUrl, unanswered)).text)
      expect(page).toContain('Dispute')
      expect(page).toContain(opened[unanswered]!.dispute_id)
      expect(page).toContain('OPEN')
      expect(page).toContain('Merchandise or services not received')
      expect(page).toContain(`Respond by ${respondBy}`)

      // Accepted from the order page: lost at once.
      await answerOnPage(appUrl, accepted, 'Accept dispute')
      expect((await disputeOf(appUrl, accepted))?.status).toBe('LOST')
      expect(await gatewayDispute(context, accepted)).toMatchObject({
        STATUS: 'LOST',
        RESOLUTION: 'Accepted by the merchant',
      })
      // Contested from the order page with text alone: under review until the deadline.
      await answerOnPage(
        appUrl,
        contested,
        'Contest dispute',
        'The parcel was delivered on 2 December; the courier has the signed receipt.',
      )
      expect((await disputeOf(appUrl, contested))?.status).toBe('UNDER_REVIEW')
      expect(await gatewayDispute(context, contested)).toMatchObject({
        STATUS: 'UNDER_REVIEW',
        EVIDENCE_RECEIVED: 'Y',
      })
      // Contested with a document (by the harness, at the gateway): the issuer will accept it.
      await signedCall(context.sandboxUrl, '/pgws/dispute', {
        DISPUTE_ID: opened[won]!.dispute_id,
        ACTION: 'CONTEST',
        EVIDENCE: 'Delivered on 2 December: the signed delivery receipt is attached.',
        EVIDENCE_FILE: evidencePdf.toString('base64'),
        EVIDENCE_FILE_NAME: 'delivery-receipt.pdf',
      })

      // A late dispute.created for the lost dispute never reopens it; a repeat is acknowledged.
      const late = disputeEvent('dispute.created', {
        ...(await gatewayDispute(context, accepted)),
        STATUS: 'OPEN',
        DECIDED_AT: '',
        RESOLUTION: '',
      })
      expect(await deliverEvent(appUrl, late)).toMatchObject({ received: true, duplicate: false })
      expect(await deliverEvent(appUrl, late)).toMatchObject({ received: true, duplicate: true })
      expect((await disputeOf(appUrl, accepted))?.status).toBe('LOST')

      // The first run past the end of RESPOND_BY decides what is still open or under review.
      await runSettlement(context, `${nextWorkingDay(respondBy)}T12:00:00+05:30`)
      await disputeReaches(appUrl, unanswered, 'LOST')
      await disputeReaches(appUrl, contested, 'LOST')
      await disputeReaches(appUrl, won, 'WON')
      expect(await gatewayDispute(context, unanswered)).toMatchObject({
        STATUS: 'LOST',
        RESOLUTION: 'No answer by the deadline',
      })
      expect((await gatewayDispute(context, contested)).RESOLUTION).toBe(
        'No document sent with the evidence',
      )
      const decided = visibleText((await orderPage(appUrl, unanswered)).text)
      expect(decided).toContain(opened[unanswered]!.dispute_id)
      expect(decided).toContain('LOST')
      expect(decided).not.toContain('Accept dispute')

      // That run also settled the holds: a lost dispute's order stays HELD, named by its hold's line.
      if (context.reconcile) {
        const rows = await context.reconcile(['--today', nextWorkingDay(respondBy)])
        const lost = rows.find((row) => row.ORDER_ID === unanswered)
        expect(lost, JSON.stringify(rows)).toMatchObject({
          RESULT: 'HELD',
          SETTLED_AMOUNT: '100',
          HELD_AMOUNT: '100',
          SETTLEMENT_ID: expect.stringMatching(/^setl_[0-9a-f]{20}$/),
        })
      }
    },
  },
]
