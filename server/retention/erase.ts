/**
 * Erasure on request: everything the website stores about one e-mail address, deleted in one
 * transaction. The Privacy Policy tells people to ask the Grievance Officer; the operator then
 * runs `npm run erase -- --email someone@example.com` (scripts/operator/erase.ts).
 */
import { type SQL, sql } from 'drizzle-orm'
import { rowsOf, textArray } from '#jobs/sql-rows.ts'
import { z } from 'zod'
import type { Database } from '#server/db/database.ts'

/** What was deleted, by id, per kind. */
export interface Erased {
  contactMessages: string[]
  /** With their resumes. */
  jobApplications: string[]
  /** Outbox rows in any state: queued, being sent, delivered or dead. */
  mail: number[]
  /** Sandbox payments whose customer e-mail is the address (a developer testing with their own). */
  sandboxTransactions: string[]
  /** Refunds of those payments. */
  sandboxRefunds: string[]
  /** Disputes of those payments, with the evidence the merchant sent. */
  sandboxDisputes: string[]
  /** Payment links made for the address (their payments are among the payments above). */
  sandboxPaylinks: string[]
  /** Subscriptions made for the address (their debits' payments are among the payments above). */
  sandboxSubscriptions: string[]
  /** The notices and debit attempts of those subscriptions. */
  sandboxSubscriptionDebits: string[]
  /**
   * Webhook events of those payments, refunds, links and subscriptions, which repeat the
   * customer's e-mail.
   */
  sandboxWebhookEvents: string[]
}

export class InvalidAddressError extends Error {
  override name = 'InvalidAddressError'
}

/** The address to erase, trimmed and lower-cased; refuses anything that is not one address. */
export function normaliseAddress(input: string | undefined): string {
  const address = input?.trim().toLowerCase() ?? ''
  if (address === '') throw new InvalidAddressError('Give the e-mail address to erase')
  if (!z.email().safeParse(address).success) {
    throw new InvalidAddressError(`"${input}" is not an e-mail address`)
  }
  return address
}

/** An address written "Name <a@b>" or "a@b", as a lower-cased bare address, in SQL. */
const bareAddress = (field: 'to' | 'replyTo') =>
  sql.raw(
    `lower(trim(coalesce(substring(mail ->> '${field}' from '<([^<>]*)>'), mail ->> '${field}')))`,
  )

/**
 * Deletes every contact message and job application sent with `address` (in any case), every
 * mail to it, replying to it or attaching the resume of one of its applications, and the
 * sandbox's payments, payment links and subscriptions made with it as the customer's e-mail, with
 * their refunds, disputes, debits and webhooks.
 * A mail a worker is sending at this very moment may still go out; it is deleted all the same.
 */
export async function erase(db: Database, input: string): Promise<Erased> {
  const address = normaliseAddress(input)
  return db.transaction(async (tx) => {
    const rows = <T>(query: SQL) => rowsOf<T>(tx, query)
    const mail = await rows<{ id: number }>(sql`
      delete from outbox
      where ${bareAddress('to')} = ${address}
        or ${bareAddress('replyTo')} = ${address}
        or mail ->> 'attachResumeOf' in (
          select id::text from job_applications where lower(trim(email)) = ${address}
        )
      returning id`)
    const jobApplications = await rows<{ id: string }>(sql`
      delete from job_applications where lower(trim(email)) = ${address} returning id`)
    const contactMessages = await rows<{ id: string }>(sql`
      delete from contact_messages where lower(trim(email)) = ${address} returning id`)

    let sandboxRefunds: { id: string }[] = []
    let sandboxDisputes: { id: string }[] = []
    let sandboxWebhookEvents: { id: string }[] = []
    const sandboxTransactions = await rows<{ id: string; pay_id: string; order_id: string }>(sql`
      delete from sandbox_transactions where lower(trim(cust_email)) = ${address}
      returning id, pay_id, order_id`)
    const paymentIds = sandboxTransactions.map((row) => row.id)
    if (paymentIds.length > 0) {
      sandboxRefunds = await rows(sql`
        delete from sandbox_refunds where payment_id = any(${textArray(paymentIds)})
        returning id`)
      sandboxDisputes = await rows(sql`
        delete from sandbox_disputes where payment_id = any(${textArray(paymentIds)})
        returning id`)
    }
    const sandboxPaylinks = await rows<{ id: string; pay_id: string }>(sql`
      delete from sandbox_paylinks where lower(trim(cust_email)) = ${address}
      returning id, pay_id`)
    const sandboxSubscriptions = await rows<{ id: string; pay_id: string }>(sql`
      delete from sandbox_subscriptions where lower(trim(cust_email)) = ${address}
      returning id, pay_id`)
    const subscriptionIds = sandboxSubscriptions.map((row) => row.id)
    const sandboxSubscriptionDebits =
      subscriptionIds.length > 0
        ? await rows<{ id: string }>(sql`
          delete from sandbox_subscription_debits
          where subscription_id = any(${textArray(subscriptionIds)})
          returning id`)
        : []
    if (sandboxTransactions.length + sandboxPaylinks.length + subscriptionIds.length > 0) {
      // A payment's events, its refunds' and its dispute's carry its ORDER_ID as their
      // reference (a subscription's debit is a payment too); a link's carry its PAYLINK_ID, a
      // subscription's its SUBSCRIPTION_ID.
      const references = [
        ...sandboxTransactions.map((row) => `${row.pay_id} ${row.order_id}`),
        ...sandboxPaylinks.map((row) => `${row.pay_id} ${row.id}`),
        ...sandboxSubscriptions.map((row) => `${row.pay_id} ${row.id}`),
      ]
      sandboxWebhookEvents = await rows(sql`
        with doomed as (
          select id from sandbox_webhook_events
          where pay_id || ' ' || reference = any(${textArray(references)})
        ),
        attempts as (
          delete from sandbox_webhook_attempts where event_id in (select id from doomed)
        )
        delete from sandbox_webhook_events where id in (select id from doomed) returning id`)
    }
    return {
      contactMessages: contactMessages.map((row) => row.id),
      jobApplications: jobApplications.map((row) => row.id),
      mail: mail.map((row) => Number(row.id)),
      sandboxTransactions: paymentIds,
      sandboxRefunds: sandboxRefunds.map((row) => row.id),
      sandboxDisputes: sandboxDisputes.map((row) => row.id),
      sandboxPaylinks: sandboxPaylinks.map((row) => row.id),
      sandboxSubscriptions: subscriptionIds,
      sandboxSubscriptionDebits: sandboxSubscriptionDebits.map((row) => row.id),
      sandboxWebhookEvents: sandboxWebhookEvents.map((row) => row.id),
    }
  })
}

/** A text[] parameter, written as an array literal so both drivers send it the same way. */
