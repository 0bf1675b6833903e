/**
 * A payment link is paid once, decided where a payment ends (endPayment), on an embedded
 * database: the attempt that takes money claims the link; an attempt ended meanwhile by another
 * request (a cancel racing the card's post) lets it go again; a second attempt takes nothing.
 */
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { beforeAll, describe, expect, it } from 'vitest'
import { migrateGateway } from '#gateway/db/migrate.ts'
import { demoMerchant } from '#gateway/merchants.ts'
import { endPayment } from '#gateway/pages/tools.ts'
import {
  completeTransaction,
  type GatewayDatabase,
  type SandboxTransaction,
} from '#gateway/store.ts'
import { notifyTargetFor } from '#gateway/webhooks/events.ts'
import { createPaylink, findPaylink, startAttempt } from './store.ts'
import type { SandboxPaylink } from './table.ts'

const merchant = demoMerchant({ siteUrl: 'https://shop.paystra.example' })
const AT = new Date('2026-12-07T06:30:00Z')
let db: GatewayDatabase

beforeAll(async () => {
  db = drizzle(new PGlite())
  await migrateGateway(db)
})

async function newLink(): Promise<SandboxPaylink> {
  const link = await db.transaction((tx) =>
    createPaylink(
      tx,
      {
        payId: merchant.payId,
        amount: 49_900n,
        currencyCode: '356',
        description: 'A test link',
        custName: '',
        custEmail: '',
        custPhone: '',
        referenceId: '',
        expireBy: '',
        expireAt: undefined,
        validateBeneficiary: false,
      },
      notifyTargetFor({ url: '', allowPrivate: false }, merchant) ?? {
        url: '',
        allowPrivate: false,
      },
      AT,
      'https://pay.paystra.example/sandbox',
    ),
  )
  if (link === 'duplicate') throw new Error('no reference was sent')
  return link
}

async function attemptOf(link: SandboxPaylink): Promise<SandboxTransaction> {
  const started = await db.transaction((tx) => startAttempt(tx, link, AT, 'en'))
  if ('code' in started) throw new Error(`no attempt: ${started.code}`)
  return started.attempt
}

const card = { code: '000', paymentType: 'CC', mopType: 'VI', at: AT } as const
const linkNow = async (link: SandboxPaylink) =>
  (await findPaylink(db, merchant.payId, { paylinkId: link.id }))!

describe('a payment link is paid once', () => {
  it('the attempt that captures claims it: PAID by that payment', async () => {
    const link = await newLink()
    const attempt = await attemptOf(link)
    const { completion } = await endPayment(db, merchant, attempt, card)
    expect(completion).toMatchObject({ ended: true, transaction: { responseCode: '000' } })
    expect(await linkNow(link)).toMatchObject({ status: 'PAID', paymentId: attempt.id })
  })

  it('a second attempt ending after it takes nothing (373)', async () => {
    const link = await newLink()
    const [first, second] = [await attemptOf(link), await attemptOf(link)]
    await endPayment(db, merchant, first, card)
    const { completion } = await endPayment(db, merchant, second, card)
    expect(completion).toMatchObject({ ended: true, transaction: { responseCode: '373' } })
    expect(await linkNow(link)).toMatchObject({ status: 'PAID', paymentId: first.id })
  })

  it('an attempt another request ended first lets the link go: it is open for the next', async () => {
    const link = await newLink()
    const attempt = await attemptOf(link)
    // The customer's cancel ends the attempt between the card's check and its end.
    await completeTransaction(db, attempt.id, { code: '010', paymentType: '', mopType: '', at: AT })
    const { completion } = await endPayment(db, merchant, attempt, card)
    expect(completion).toMatchObject({ ended: false, transaction: { responseCode: '010' } })
    expect(await linkNow(link)).toMatchObject({ status: 'CREATED', paymentId: null })
    const next = await attemptOf(link)
    await endPayment(db, merchant, next, card)
    expect(await linkNow(link)).toMatchObject({ status: 'PAID', paymentId: next.id })
  })

  it('a pending UPI payment holds the link until the bank confirms it', async () => {
    const link = await newLink()
    const [late, other] = [await attemptOf(link), await attemptOf(link)]
    const pending = { code: '026', paymentType: 'UP', mopType: 'UP', at: AT } as const
    await endPayment(db, merchant, late, { ...pending, settleAt: new Date(AT.getTime() + 30_000) })
    expect(await linkNow(link)).toMatchObject({ status: 'CREATED', paymentId: late.id })
    const { completion } = await endPayment(db, merchant, other, card)
    expect(completion?.transaction.responseCode).toBe('373')
  })
})
