import { randomUUID } from 'node:crypto'
import { eq, inArray, sql } from 'drizzle-orm'
import { rowsOf } from '#jobs/sql-rows.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DataStore, openDatabase } from '#server/db/database.ts'
import { contactMessages, jobApplications, type MailDraft, outbox } from '#server/db/schema.ts'
import { saveContactMessage, saveJobApplication } from '#server/forms/submissions.ts'
import { testDatabaseOptions } from '#tests/support/database.ts'
import { erase, InvalidAddressError, normaliseAddress } from './erase.ts'

/**
 * Erasure by e-mail address, on PGlite and, with DATABASE_URL, PostgreSQL. Every address here
 * carries a random marker, so other rows of a shared database are never among the matches.
 */

const addresses = {
  from: 'Paystra Website <no-reply@paystra.example>',
  contactInbox: 'contact@paystra.example',
  careersInbox: 'careers@paystra.example',
}

let store: DataStore

beforeAll(async () => {
  store = await openDatabase(testDatabaseOptions())
})
afterAll(() => store?.close())

function person(name: string) {
  const email = `${name}.${randomUUID().slice(0, 8)}@example.com`
  return {
    email,
    contact: {
      name,
      company: `${name} Traders`,
      phone: '9876543210',
      email,
      subject: 'Pricing',
      message: 'Hello',
    },
    application: {
      name,
      phone: '9876543210',
      email,
      message: 'Hello',
      resume: {
        fileName: 'resume.pdf',
        contentType: 'application/pdf',
        content: Buffer.from('%PDF'),
      },
    },
  }
}

async function addMail(
  mail: Partial<MailDraft>,
  status: 'pending' | 'delivered' | 'dead' = 'pending',
) {
  const [row] = await store.db
    .insert(outbox)
    .values({
      kind: 'contact',
      status,
      mail: {
        from: addresses.from,
        to: 'someone@example.com',
        subject: 'S',
        text: 'T',
        html: 'H',
        ...mail,
      },
    })
    .returning({ id: outbox.id })
  return row!.id
}

async function mailIds(ids: number[]): Promise<number[]> {
  if (ids.length === 0) return []
  const rows = await store.db.select({ id: outbox.id }).from(outbox).where(inArray(outbox.id, ids))
  return rows.map((row) => row.id).sort((a, b) => a - b)
}

async function mailOfApplication(id: string): Promise<number> {
  const [row] = await store.db
    .select({ id: outbox.id })
    .from(outbox)
    .where(sql`${outbox.mail} ->> 'attachResumeOf' = ${id}`)
  return row!.id
}

async function mailReplyingTo(email: string): Promise<number[]> {
  const rows = await store.db
    .select({ id: outbox.id })
    .from(outbox)
    .where(sql`${outbox.mail} ->> 'replyTo' like ${`%<${email}>`}`)
  return rows.map((row) => row.id).sort((a, b) => a - b)
}

describe('erase', () => {
  it('deletes the address’s messages, applications and mail in every state, and nobody else’s', async () => {
    const asha = person('asha')
    const ravi = person('ravi')
    const ashaContact = await saveContactMessage(store.db, asha.contact, '203.0.113.7', addresses)
    // Stored as typed: the match ignores case.
    const ashaApplication = await saveJobApplication(
      store.db,
      { ...asha.application, email: asha.email.toUpperCase() },
      undefined,
      addresses,
    )
    const ashaQueued = await mailReplyingTo(asha.email)
    expect(ashaQueued).toHaveLength(1)
    const resumeMail = await mailOfApplication(ashaApplication)
    await store.db.update(outbox).set({ status: 'delivered' }).where(eq(outbox.id, resumeMail))
    const reply = await addMail({ to: `Asha <${asha.email}>` }, 'dead')
    const bare = await addMail({ to: asha.email }, 'delivered')

    const raviContact = await saveContactMessage(store.db, ravi.contact, undefined, addresses)
    const raviApplication = await saveJobApplication(
      store.db,
      ravi.application,
      undefined,
      addresses,
    )
    const raviMail = [...(await mailReplyingTo(ravi.email)), await addMail({ to: ravi.email })]

    const erased = await erase(store.db, ` ${asha.email.replace('asha', 'ASHA')} `)
    expect(erased.contactMessages).toEqual([ashaContact])
    expect(erased.jobApplications).toEqual([ashaApplication])
    expect([...erased.mail].sort((a, b) => a - b)).toEqual(
      [...ashaQueued, resumeMail, reply, bare].sort((a, b) => a - b),
    )
    expect(erased.sandboxTransactions).toEqual([])

    expect(await mailIds([...ashaQueued, resumeMail, reply, bare])).toEqual([])
    const left = await store.db
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(inArray(contactMessages.id, [ashaContact, raviContact]))
    expect(left.map((row) => row.id)).toEqual([raviContact])
    const applications = await store.db
      .select({ id: jobApplications.id })
      .from(jobApplications)
      .where(inArray(jobApplications.id, [ashaApplication, raviApplication]))
    expect(applications.map((row) => row.id)).toEqual([raviApplication])
    expect(await mailIds(raviMail)).toEqual([...raviMail].sort((a, b) => a - b))

    // Once erased, nothing is left to find.
    expect(await erase(store.db, asha.email)).toMatchObject({
      contactMessages: [],
      jobApplications: [],
      mail: [],
    })
    await erase(store.db, ravi.email)
  })

  it('deletes a mail carrying the person’s resume whatever its reply address says', async () => {
    const asha = person('asha')
    const application = await saveJobApplication(store.db, asha.application, undefined, addresses)
    const forwarded = await addMail({
      replyTo: 'careers@paystra.example',
      attachResumeOf: application,
    })
    const erased = await erase(store.db, asha.email)
    expect(erased.mail).toContain(forwarded)
    expect(await mailIds([forwarded])).toEqual([])
  })

  it('matches the whole address, not a part of another', async () => {
    const asha = person('asha')
    await saveContactMessage(store.db, asha.contact, undefined, addresses)
    const part = asha.email.slice(1) // "sha.…@example.com"
    expect((await erase(store.db, part)).contactMessages).toEqual([])
    expect((await erase(store.db, asha.email)).contactMessages).toHaveLength(1)
  })

  it('deletes sandbox payments made with the address, with their refunds, disputes and webhooks', async () => {
    const asha = person('asha')
    const ravi = person('ravi')
    const payment = async (email: string) => {
      const id = `erase-${randomUUID()}`
      await store.db.execute(sql`insert into sandbox_transactions
        (id, txn_id, pg_ref_num, pay_id, order_id, amount, inr_amount, currency_code, txn_type, return_url, mode, cust_email)
        values (${id}, ${id}, ${id}, '1000000000000001', ${id}, 100, 100, '356', 'SALE', '', 'hosted', ${email})`)
      await store.db.execute(sql`insert into sandbox_refunds
        (id, txn_id, pay_id, refund_order_id, payment_id, order_id, amount, inr_amount, currency_code)
        values (${`r-${id}`}, ${`r-${id}`}, '1000000000000001', ${`r-${id}`}, ${id}, ${id}, 100, 100, '356')`)
      await store.db.execute(sql`insert into sandbox_disputes
        (id, pay_id, payment_id, order_id, txn_id, pg_ref_num, payment_type, mop_type, amount,
          currency_code, inr_amount, reason_code, respond_by, status, evidence, created_at)
        values (${`d-${id}`}, '1000000000000001', ${id}, ${id}, ${id}, ${id}, 'CC', 'VI', 100,
          '356', 100, '13.1', '2026-12-07', 'UNDER_REVIEW', ${`Delivered to ${email}`}, now())`)
      await store.db.execute(sql`insert into sandbox_webhook_events
        (id, pay_id, reference, type, notify_url, body)
        values (${`evt-${id}`}, '1000000000000001', ${id}, 'payment.captured', 'https://merchant.example/hook', '{}')`)
      await store.db
        .execute(sql`insert into sandbox_webhook_attempts (event_id, attempted_at, duration_ms)
        values (${`evt-${id}`}, now(), 5)`)
      return id
    }
    const ashas = await payment(asha.email.toUpperCase())
    const ravis = await payment(ravi.email)

    const erased = await erase(store.db, asha.email)
    expect(erased.sandboxTransactions).toEqual([ashas])
    expect(erased.sandboxRefunds).toEqual([`r-${ashas}`])
    expect(erased.sandboxDisputes).toEqual([`d-${ashas}`])
    expect(erased.sandboxWebhookEvents).toEqual([`evt-${ashas}`])
    const left = await rowsOf<{ payments: number; attempts: number }>(
      store.db,
      sql`
      select (select count(*)::int from sandbox_transactions where id in (${ashas}, ${ravis})) as payments,
        (select count(*)::int from sandbox_webhook_attempts where event_id in (${`evt-${ashas}`}, ${`evt-${ravis}`})) as attempts
    `,
    )
    expect(left[0]).toEqual({ payments: 1, attempts: 1 })
    expect((await erase(store.db, ravi.email)).sandboxTransactions).toEqual([ravis])
  })

  it('deletes payment links made for the address, with their webhooks', async () => {
    const asha = person('asha')
    const link = async (email: string) => {
      const id = `plink_${randomUUID().replaceAll('-', '').slice(0, 14)}`
      await store.db.execute(sql`insert into sandbox_paylinks (id, code, short_url, pay_id, amount,
          currency_code, description, cust_email, status, created_at)
        values (${id}, ${id}, ${`https://pay.example/l/${id}`}, '1000000000000001', 100, '356',
          'Invoice', ${email}, 'CANCELLED', now())`)
      await store.db.execute(sql`insert into sandbox_webhook_events
        (id, pay_id, reference, type, notify_url, body)
        values (${`evt-${id}`}, '1000000000000001', ${id}, 'paylink.cancelled', 'https://merchant.example/hook', '{}')`)
      return id
    }
    const ashas = await link(asha.email)
    const others = await link('someone.else@example.com')
    const erased = await erase(store.db, asha.email)
    expect(erased.sandboxPaylinks).toEqual([ashas])
    expect(erased.sandboxWebhookEvents).toEqual([`evt-${ashas}`])
    const [left] = await rowsOf<{ links: number }>(
      store.db,
      sql`select count(*)::int as links from sandbox_paylinks where id in (${ashas}, ${others})`,
    )
    expect(left).toEqual({ links: 1 })
  })

  it('deletes subscriptions made for the address, with their debits, their payments and the webhooks of both', async () => {
    const asha = person('asha')
    const subscribe = async (email: string) => {
      const id = `sub_${randomUUID().replaceAll('-', '').slice(0, 14)}`
      await store.db.execute(sql`insert into sandbox_subscriptions (id, code, auth_url, pay_id,
          reference, method, max_amount, frequency, start_date, description, cust_name,
          cust_email, cust_phone, return_url, status, instrument, created_at, ended_at)
        values (${id}, ${id}, ${`https://pay.example/m/${id}`}, '1000000000000001', ${id}, 'UPI',
          49900, 'MONTHLY', '2026-12-07', 'Plan', 'Asha', ${email}, '9876543210',
          'https://shop.example/return', 'CANCELLED', '', now(), now())`)
      // Cycle 0, taken with the registration: a payment with the customer's e-mail, and a notice.
      const orderId = `${id}-0-1`
      await store.db.execute(sql`insert into sandbox_transactions
        (id, txn_id, pg_ref_num, pay_id, order_id, amount, inr_amount, currency_code, txn_type, return_url, mode, cust_email)
        values (${`pay-${id}`}, ${`pay-${id}`}, ${`pay-${id}`}, '1000000000000001', ${orderId}, 49900, 49900, '356', 'SALE', '', 'subscription', ${email})`)
      for (const [debit, cycle, status] of [
        [`deb-${id}-0`, 0, 'CHARGED'],
        [`deb-${id}-1`, 1, 'STOPPED'],
      ] as const) {
        await store.db.execute(sql`insert into sandbox_subscription_debits (id, subscription_id,
            pay_id, cycle, attempt, amount, notified_at, debit_at, status, payment_id)
          values (${debit}, ${id}, '1000000000000001', ${cycle}, 1, 49900, now(), now(),
            ${status}, ${cycle === 0 ? `pay-${id}` : null})`)
      }
      for (const [event, reference, type] of [
        [`evt-${id}`, id, 'subscription.cancelled'],
        [`evt-${orderId}`, orderId, 'payment.captured'],
      ]) {
        await store.db.execute(sql`insert into sandbox_webhook_events
          (id, pay_id, reference, type, notify_url, body)
          values (${event}, '1000000000000001', ${reference}, ${type}, 'https://merchant.example/hook', '{}')`)
      }
      return id
    }
    const ashas = await subscribe(asha.email.toUpperCase())
    const others = await subscribe('someone.else@example.com')
    const erased = await erase(store.db, asha.email)
    expect(erased.sandboxSubscriptions).toEqual([ashas])
    expect(erased.sandboxSubscriptionDebits.sort()).toEqual([`deb-${ashas}-0`, `deb-${ashas}-1`])
    expect(erased.sandboxTransactions).toEqual([`pay-${ashas}`])
    expect(erased.sandboxWebhookEvents.sort()).toEqual([`evt-${ashas}`, `evt-${ashas}-0-1`])
    const [left] = await rowsOf<Record<string, number>>(
      store.db,
      sql`select
        (select count(*)::int from sandbox_subscriptions where id in (${ashas}, ${others})) as subscriptions,
        (select count(*)::int from sandbox_subscription_debits
          where subscription_id in (${ashas}, ${others})) as debits,
        (select count(*)::int from sandbox_webhook_events
          where reference in (${ashas}, ${others}, ${`${ashas}-0-1`}, ${`${others}-0-1`})) as events`,
    )
    expect(left).toEqual({ subscriptions: 1, debits: 2, events: 2 })
  })

  it('refuses a missing or malformed address before touching anything', async () => {
    expect(normaliseAddress('  Asha@Example.COM ')).toBe('asha@example.com')
    for (const bad of [undefined, '', '   ', 'asha', 'asha@', '@example.com', 'a b@example.com']) {
      expect(() => normaliseAddress(bad)).toThrow(InvalidAddressError)
    }
    await expect(erase(store.db, 'not an address')).rejects.toThrow(InvalidAddressError)
  })
})
