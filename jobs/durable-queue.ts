/**
 * The claim of every durable queue (docs/decisions/044-one-durable-queue.md): rows of a table
 * that fall due (a mail in the outbox, a webhook event, a late@upi payment the bank confirms), taken
 * by whichever instance gets there first while several share one database.
 *
 * A claim is one statement: UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED LIMIT n)
 * RETURNING …, which takes up to n due rows no one else is claiming, counts the attempt and sets
 * the lease (its column = now + lease) together. Instances claiming at once each get other rows;
 * a row whose lease has run out (its instance died) is due again. The helpers end a claimed row's
 * lease: done, tried again later, given up, or handed back untried.
 *
 * The table keeps its own columns: the queue is a descriptor of them, and what a state means
 * stays with the table's owner, who passes what each step writes besides the queue's columns.
 */
import { and, asc, getTableColumns, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm'
import type {
  PgColumn,
  PgDatabase,
  PgQueryResultHKT,
  PgTable,
  PgUpdateSetSource,
} from 'drizzle-orm/pg-core'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a queue names its own table, so any schema
export type QueueDatabase = PgDatabase<PgQueryResultHKT, any>

export interface DurableQueue<T extends PgTable> {
  table: T
  /** The key rows are claimed and ended by. */
  id: PgColumn
  /** When a waiting row falls due. */
  dueAt: PgColumn
  /**
   * What `dueAt` is compared with: now() unless said, or a row's own time (a row on a clock of
   * its own, such as a sandbox merchant's).
   */
  dueBy?: SQL
  /** Which rows wait their turn, due or not (the state condition, e.g. status = 'pending'). */
  waiting: SQL
  /** Counted up by each claim; the claimed row carries its own attempt's number. */
  attempts?: PgColumn
  /**
   * A claimed row is its claimer's until `until` (now + `ms` at the claim); then another instance
   * may claim it, as it does the rows of one that died. Without a lease, the claim is the whole
   * work (its `set` finishes the row) and nothing is left to take over.
   */
  lease?: { until: PgColumn; ms: number }
  /**
   * A claim that moves the row out of `waiting` (the outbox's 'sending'): what it writes, and how
   * such a row is known, so that once its lease has run out it is claimed again.
   */
  taken?: { set: PgUpdateSetSource<T>; is: SQL }
  /** The order rows are claimed in; due time, then id, by default. */
  orderBy?: PgColumn[]
}

export type QueueRow<T extends PgTable> = T['$inferSelect']

/** `now() + ms`, in the database's clock, as every instance reads it. */
export function fromNow(ms: number): SQL {
  return sql`now() + make_interval(secs => ${ms / 1000})`
}

/** Rows a claim may take now: waiting and due and not leased, or taken and their lease run out. */
export function claimable<T extends PgTable>(queue: DurableQueue<T>): SQL {
  const { lease, taken } = queue
  const waitingAndDue = and(
    queue.waiting,
    lte(queue.dueAt, queue.dueBy ?? sql`now()`),
    lease ? or(isNull(lease.until), lt(lease.until, sql`now()`)) : undefined,
  )!
  if (!lease || !taken) return waitingAndDue
  return or(waitingAndDue, and(taken.is, lt(lease.until, sql`now()`)))!
}

/**
 * Claims up to `limit` due rows in one statement: counts their attempt, sets their lease and
 * writes `set` (with a lease-less queue, the work itself). Pass a transaction to do more in it.
 */
export async function claimDue<T extends PgTable>(
  db: QueueDatabase,
  queue: DurableQueue<T>,
  options: { limit: number; set?: PgUpdateSetSource<T> },
): Promise<QueueRow<T>[]> {
  const due = db
    .select({ id: queue.id })
    .from(queue.table as PgTable)
    .where(claimable(queue))
    .orderBy(...(queue.orderBy ?? [queue.dueAt, queue.id]).map((column) => asc(column)))
    .limit(options.limit)
    .for('update', { skipLocked: true })
  const values: Record<string, unknown> = { ...options.set, ...queue.taken?.set }
  if (queue.attempts) values[keyOf(queue, queue.attempts)] = sql`${queue.attempts} + 1`
  if (queue.lease) values[keyOf(queue, queue.lease.until)] = fromNow(queue.lease.ms)
  return (await db
    .update(queue.table as PgTable)
    .set(values)
    .where(and(inArray(queue.id, due), claimable(queue)))
    .returning()) as QueueRow<T>[]
}

/** Claimed rows done: their lease ends and `set` writes their done state. */
export async function complete<T extends PgTable>(
  db: QueueDatabase,
  queue: DurableQueue<T>,
  ids: readonly unknown[],
  set: PgUpdateSetSource<T>,
): Promise<void> {
  await endLease(db, queue, ids, set)
}

/**
 * Claimed rows that failed, to be tried again in `delayMs` (core/retry/backoff.ts gives the
 * queues their waits): due then, their lease ended, `set` writing their waiting state.
 */
export async function retryLater<T extends PgTable>(
  db: QueueDatabase,
  queue: DurableQueue<T>,
  ids: readonly unknown[],
  delayMs: number,
  set: PgUpdateSetSource<T>,
): Promise<void> {
  await endLease(db, queue, ids, { ...set, [keyOf(queue, queue.dueAt)]: fromNow(delayMs) })
}

/** Claimed rows not to be tried again: their lease ends and `set` writes their final state. */
export async function giveUp<T extends PgTable>(
  db: QueueDatabase,
  queue: DurableQueue<T>,
  ids: readonly unknown[],
  set: PgUpdateSetSource<T>,
): Promise<void> {
  await endLease(db, queue, ids, set)
}

/**
 * Hands claimed rows back untried (a worker stopping with part of its batch): due at once, their
 * attempt not counted, `set` writing their waiting state. Rows no longer taken are left alone.
 */
export async function release<T extends PgTable>(
  db: QueueDatabase,
  queue: DurableQueue<T>,
  ids: readonly unknown[],
  set: PgUpdateSetSource<T>,
): Promise<void> {
  const values: Record<string, unknown> = { ...set }
  if (queue.attempts) values[keyOf(queue, queue.attempts)] = sql`${queue.attempts} - 1`
  await endLease(db, queue, ids, values, queue.taken?.is)
}

async function endLease<T extends PgTable>(
  db: QueueDatabase,
  queue: DurableQueue<T>,
  ids: readonly unknown[],
  set: Record<string, unknown>,
  still?: SQL,
): Promise<void> {
  if (ids.length === 0) return
  const values = { ...set }
  if (queue.lease) values[keyOf(queue, queue.lease.until)] = null
  await db
    .update(queue.table as PgTable)
    .set(values)
    .where(and(inArray(queue.id, [...ids]), still))
}

/** The property name drizzle knows a column of the queue's table by. */
function keyOf<T extends PgTable>(queue: DurableQueue<T>, column: PgColumn): string {
  const entry = Object.entries(getTableColumns(queue.table)).find(([, each]) => each === column)
  if (!entry) throw new Error(`${column.name} is not a column of the queue's table`)
  return entry[0]
}

/**
 * For a raw statement that works through a table in batches (the retention pruner's deletes):
 * `SELECT id FROM table WHERE condition LIMIT n FOR UPDATE SKIP LOCKED`, the rows no one else
 * holds, so the batch neither waits for a worker's claim nor takes its rows from under it.
 */
export function unclaimedBatch(table: string, id: string, condition: SQL, limit: number): SQL {
  return sql`select ${sql.identifier(id)} from ${sql.identifier(table)} where ${condition} limit ${limit} for update skip locked`
}
