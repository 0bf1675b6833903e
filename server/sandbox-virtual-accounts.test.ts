/**
 * Virtual accounts over HTTP, on the site's database (PGlite, and PostgreSQL in CI's data stage):
 * opened with a unique account number, IFSC and UPI ID; credited by the sandbox's test transfer
 * with `virtual_account.credited`; charged by slab of the Auto Collection row and settled the
 * next working day as COLLECTION and FEE lines; reconciled by VA_ID; closed, after which a credit
 * is returned (377, `virtual_account.credit_returned`); bad input refused with its own code and
 * nothing stored; another account sees none of it.
 */
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Fields } from '#core/protocol/fields.ts'
import { verifyHash } from '#core/protocol/hash.ts'
import type { WebhookEvent } from '#core/protocol/webhook.ts'
import { rowsOf } from '#jobs/sql-rows.ts'
import type { SandboxMerchant } from '#gateway/merchants.ts'
import { accountSandboxSuite } from '#tests/support/account-sandbox-suite.ts'
import { verifiedEvent } from '#tests/support/webhook-receiver.ts'

const suite = accountSandboxSuite()
const { makeAccount, ask } = suite

const open = (merchant: SandboxMerchant, fields: Fields = {}) =>
  ask(merchant, '/pgws/virtual-account', {
    CUST_NAME: 'Verma Textiles',
    NOTIFY_URL: suite.receiver.url,
    ...fields,
  })

const credit = (merchant: SandboxMerchant, vaId: string, fields: Fields = {}) =>
  ask(merchant, '/pgws/virtual-account/credit', {
    VA_ID: vaId,
    AMOUNT: '1500000',
    MODE: 'IMPS',
    PAYER_NAME: 'Ravi Kumar',
    ...fields,
  })

async function stored(payId: string): Promise<Record<string, number>> {
  const [row] = await rowsOf<Record<string, number>>(
    suite.store.db,
    sql`SELECT
      (SELECT count(*)::int FROM sandbox_virtual_accounts WHERE pay_id = ${payId}) AS accounts,
      (SELECT count(*)::int FROM sandbox_va_credits WHERE pay_id = ${payId}) AS credits,
      (SELECT count(*)::int FROM sandbox_charges WHERE pay_id = ${payId}) AS charges,
      (SELECT count(*)::int FROM sandbox_webhook_events WHERE pay_id = ${payId}) AS events`,
  )
  return row!
}

/** The verified events of one virtual account, at least `count`. */
async function eventsOf(merchant: SandboxMerchant, vaId: string, count: number) {
  const mine = () =>
    suite.receiver.received.filter(
      (delivery) => (JSON.parse(delivery.body) as WebhookEvent).data.VA_ID === vaId,
    )
  await expect.poll(() => mine().length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count)
  return mine().map((delivery) => verifiedEvent(delivery, merchant))
}

describe('virtual accounts', () => {
  it('opens an account with a unique number, IFSC and UPI ID, and its setup charge', async () => {
    const account = await makeAccount()
    const first = await open(account, { REFERENCE_ID: 'CUST-7' })
    const second = await open(account)
    expect(verifyHash(first, account.salt)).toBe(true)
    expect(first).toMatchObject({
      PAY_ID: account.payId,
      REFERENCE_ID: 'CUST-7',
      CUST_NAME: 'Verma Textiles',
      IFSC: 'PYST0000001',
      STATUS: 'ACTIVE',
      SETUP_FEE: '500',
      SETUP_GST: '90',
      TXNTYPE: 'VIRTUAL_ACCOUNT',
      RESPONSE_CODE: '000',
    })
    expect(first.VA_ID).toMatch(/^va_[A-Za-z0-9]{14}$/)
    expect(first.ACCOUNT_NUMBER).toMatch(/^\d{16}$/)
    expect(first.VPA).toBe(`pay.${first.ACCOUNT_NUMBER}@paystra`)
    expect(second.ACCOUNT_NUMBER).not.toBe(first.ACCOUNT_NUMBER)
    const status = await ask(account, '/pgws/virtual-account/status', { VA_ID: first.VA_ID! })
    expect(status).toMatchObject({ VA_ID: first.VA_ID, STATUS: 'ACTIVE', CREDITS: '[]' })
  })

  it('an IMPS credit of ₹15,000 is charged ₹10.00 + ₹1.80 GST in the next settlement', async () => {
    const account = await makeAccount()
    const va = await open(account, { REFERENCE_ID: 'CUST-15K' })
    const made = await credit(account, va.VA_ID!)
    expect(verifyHash(made, account.salt)).toBe(true)
    expect(made).toMatchObject({
      VA_ID: va.VA_ID,
      ACCOUNT_NUMBER: va.ACCOUNT_NUMBER,
      AMOUNT: '1500000',
      CURRENCY_CODE: '356',
      MODE: 'IMPS',
      PAYER_NAME: 'Ravi Kumar',
      STATUS: 'CREDITED',
      FEE: '1000',
      GST: '180',
      NET: '1498820',
      TXNTYPE: 'VA_CREDIT',
      RESPONSE_CODE: '000',
    })
    expect(made.CREDIT_ID).toMatch(/^vacr_[A-Za-z0-9]{14}$/)
    expect(made.UTR).toMatch(/^\d{12}$/)
    const [event] = await eventsOf(account, va.VA_ID!, 1)
    expect(event!.type).toBe('virtual_account.credited')
    expect(event!.data).toMatchObject({ CREDIT_ID: made.CREDIT_ID, UTR: made.UTR, FEE: '1000' })

    const listed = JSON.parse(
      (await ask(account, '/pgws/virtual-account/status', { VA_ID: va.VA_ID! })).CREDITS!,
    ) as Fields[]
    expect(listed).toEqual([
      expect.objectContaining({ CREDIT_ID: made.CREDIT_ID, SETTLEMENT_ID: '' }),
    ])

    const advanced = await ask(account, '/pgws/clock/advance', { BY: '4d' })
    const settlementId = (
      JSON.parse(advanced.HAPPENED!) as Array<{ TYPE: string; REFERENCE: string }>
    ).find((happening) => happening.TYPE === 'SETTLEMENT')!.REFERENCE
    const settlement = await ask(account, '/pgws/settlement', { SETTLEMENT_ID: settlementId })
    const lines = JSON.parse(settlement.LINES!) as Fields[]
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          TYPE: 'COLLECTION',
          ORDER_ID: 'CUST-15K',
          TXN_ID: made.CREDIT_ID,
          PG_REF_NUM: made.UTR,
          PAYMENT_TYPE: 'IMPS',
          AMOUNT: '1500000',
          FEE: '1000',
          GST: '180',
          NET: '1498820',
          DESCRIPTION: 'Auto Collection fees: Per transaction',
        }),
        expect.objectContaining({
          TYPE: 'FEE',
          ORDER_ID: 'CUST-15K',
          TXN_ID: va.VA_ID,
          AMOUNT: '0',
          FEE: '500',
          GST: '90',
          NET: '-590',
          DESCRIPTION: 'Auto Collection fees: Virtual account setup',
        }),
      ]),
    )
    expect(settlement).toMatchObject({
      STATUS: 'PROCESSED',
      GROSS_AMOUNT: '1500000',
      FEES_AMOUNT: '1500',
      GST_AMOUNT: '270',
      NET_AMOUNT: String(1500000 - 1500 - 270),
    })

    // The recon by VA_ID names the settlement that paid each.
    const recon = JSON.parse(
      (await ask(account, '/pgws/recon', { VA_ID: va.VA_ID! })).RECON!,
    ) as Fields[]
    expect(recon.map((entry) => [entry.TYPE, entry.STATE, entry.UTR])).toEqual([
      ['FEE', 'SETTLED', settlement.UTR],
      ['COLLECTION', 'SETTLED', settlement.UTR],
    ])
    expect(recon[1]).toMatchObject({
      TXN_ID: made.CREDIT_ID,
      NET: '1498820',
      SETTLEMENT_ID: settlementId,
    })
  })

  it('charges each credit by the slab of its amount', async () => {
    const account = await makeAccount()
    const va = await open(account)
    const fees: Record<string, [string, string]> = {
      '1000000': ['750', '135'],
      '1000001': ['1000', '180'],
      '2500000': ['1000', '180'],
      '2500001': ['1500', '270'],
    }
    for (const [amount, [fee, gst]] of Object.entries(fees)) {
      expect(await credit(account, va.VA_ID!, { AMOUNT: amount, MODE: 'NEFT' })).toMatchObject({
        FEE: fee,
        GST: gst,
      })
    }
  })

  it('a credit to a closed account is returned (377) with virtual_account.credit_returned, and never settled', async () => {
    const account = await makeAccount()
    const va = await open(account)
    const closed = await ask(account, '/pgws/virtual-account/close', { VA_ID: va.VA_ID! })
    expect(closed).toMatchObject({ STATUS: 'CLOSED', RESPONSE_CODE: '000' })
    expect(closed.CLOSED_AT).toBeTruthy()
    expect(
      (await ask(account, '/pgws/virtual-account/close', { VA_ID: va.VA_ID! })).RESPONSE_CODE,
    ).toBe('377')
    const returned = await credit(account, va.VA_ID!, { MODE: 'UPI', AMOUNT: '50000' })
    expect(returned).toMatchObject({
      STATUS: 'RETURNED',
      RESPONSE_CODE: '377',
      FEE: '0',
      GST: '0',
      NET: '0',
    })
    expect(returned.RETURN_REASON).toContain('closed')
    const [event] = await eventsOf(account, va.VA_ID!, 1)
    expect(event!.type).toBe('virtual_account.credit_returned')
    expect(event!.data).toMatchObject({ CREDIT_ID: returned.CREDIT_ID, STATUS: 'RETURNED' })
    await ask(account, '/pgws/clock/advance', { BY: '4d' })
    const [settled] = await rowsOf<{ collections: number }>(
      suite.store.db,
      sql`SELECT count(*)::int AS collections FROM sandbox_settlement_lines
        WHERE type = 'COLLECTION' AND txn_id = ${returned.CREDIT_ID!}`,
    )
    expect(settled).toEqual({ collections: 0 })
  })

  it('refuses bad input with its own code and stores nothing', async () => {
    const account = await makeAccount()
    const va = await open(account, { REFERENCE_ID: 'TAKEN' })
    const before = await stored(account.payId)
    const opens: Array<[Fields, string]> = [
      [{ CUST_NAME: '' }, '375'],
      [{ CUST_NAME: '<b>x</b>' }, '375'],
      [{ REFERENCE_ID: 'bad reference' }, '321'],
      [{ REFERENCE_ID: 'TAKEN' }, '374'],
      [{ NOTIFY_URL: 'javascript:alert(1)' }, '357'],
    ]
    for (const [fields, code] of opens) {
      expect((await open(account, fields)).RESPONSE_CODE, JSON.stringify(fields)).toBe(code)
    }
    const credits: Array<[Fields, string]> = [
      [{ VA_ID: 'va_nope' }, '321'],
      [{ VA_ID: 'va_AAAAAAAAAAAAAA' }, '376'],
      [{ AMOUNT: '-5' }, '320'],
      [{ AMOUNT: '99999999999' }, '320'],
      [{ MODE: 'CHEQUE' }, '331'],
      [{ MODE: 'RTGS', AMOUNT: '100000' }, '334'],
      [{ MODE: 'UPI', AMOUNT: '10000001' }, '334'],
      [{ PAYER_NAME: '42' }, '375'],
    ]
    for (const [fields, code] of credits) {
      const answer = await credit(account, va.VA_ID!, fields)
      expect(answer.RESPONSE_CODE, JSON.stringify(fields)).toBe(code)
      expect(verifyHash(answer, account.salt)).toBe(true)
    }
    for (const path of [
      '/pgws/virtual-account/status',
      '/pgws/virtual-account/close',
      '/pgws/recon',
    ]) {
      expect((await ask(account, path, { VA_ID: 'x' })).RESPONSE_CODE).toBe('321')
      expect((await ask(account, path, { VA_ID: 'va_AAAAAAAAAAAAAA' })).RESPONSE_CODE).toBe('376')
    }
    expect(await stored(account.payId)).toEqual(before)
  })

  it("another account can neither read, credit, close nor reconcile an account's virtual account", async () => {
    const owner = await makeAccount()
    const other = await makeAccount()
    const va = await open(owner)
    for (const path of [
      '/pgws/virtual-account/status',
      '/pgws/virtual-account/close',
      '/pgws/recon',
    ]) {
      expect((await ask(other, path, { VA_ID: va.VA_ID! })).RESPONSE_CODE).toBe('376')
    }
    expect((await credit(other, va.VA_ID!)).RESPONSE_CODE).toBe('376')
    expect(await stored(other.payId)).toMatchObject({ accounts: 0, credits: 0 })
    expect((await ask(owner, '/pgws/virtual-account/status', { VA_ID: va.VA_ID! })).STATUS).toBe(
      'ACTIVE',
    )
  })
})
