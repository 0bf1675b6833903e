/**
 * The claim of every durable queue, on a table of the tests' own with the columns the queues
 * have (a state, a due time, attempts, a lease). What it does is tested on PGlite; the race it
 * exists for (instances claiming at once) needs separate sessions, so it runs on PostgreSQL only
 * and says so in its name when DATABASE_URL is unset.
 */
import { randomBytes } from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import { asc, eq, sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  claimDue,
  complete,
  type DurableQueue,
  giveUp,
  type QueueDatabase,
  release,
  retryLater,
  unclaimedBatch,
} from './durable-queue.ts'

type State = 'pending' | 'working' | 'done' | 'dead'

function jobsTable(name: string) {
  return pgTable(name, {
    id: serial('id').primaryKey(),
    state: text('state').$type<State>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    note: text('note'),
  })
}

function createTable(name: string) {
  return sql.raw(`create table ${name} (
    id serial primary key,
    state text not null default 'pending',
    attempts integer not null default 0,
    due_at timestamptz not null default now(),
    leased_until timestamptz,
    note text
  )`)
}

/** Like the sandbox's webhooks: waiting rows stay 'pending' while leased. */
function leasedQueue(table: ReturnType<typeof jobsTable>, ms = 60_000): DurableQueue<typeof table> {
  return {
    table,
    id: table.id,
    dueAt: table.dueAt,
    waiting: eq(table.state, 'pending'),
    attempts: table.attempts,
    lease: { until: table.leasedUntil, ms },
  }
}

const ids = (rows: { id: number }[]) => rows.map((row) => row.id).sort((a, b) => a - b)

describe('the durable queue on PGlite', () => {
  let client: PGlite
  let db: QueueDatabase
  const table = jobsTable('queue_jobs')
  const queue = leasedQueue(table)

  beforeAll(() => {
    client = new PGlite()
    db = drizzlePglite(client)
  })
  afterAll(() => client.close())
  beforeEach(async () => {
    await db.execute(sql`drop table if exists queue_jobs`)
    await db.execute(createTable('queue_jobs'))
  })

  const ago = (ms: number) => sql`now() - make_interval(secs => ${ms / 1000})`
  const rows = () => db.select().from(table).orderBy(asc(table.id))

  it('claims due waiting rows only, oldest due first, up to the limit, counting the attempt and setting the lease', async () => {
    await db
      .insert(table)
      .values([
        { dueAt: ago(3000) },
        { dueAt: ago(1000) },
        { dueAt: ago(2000) },
        { dueAt: sql`now() + interval '1 hour'` },
        { state: 'done' },
      ])
    const first = await claimDue(db, queue, { limit: 2 })
    expect(first.map((row) => row.id)).toEqual([1, 3])
    expect(first.every((row) => row.attempts === 1 && row.leasedUntil !== null)).toBe(true)
    const [{ leaseMs } = { leaseMs: 0 }] = (
      (await db.execute(
        sql`select extract(epoch from leased_until - now()) * 1000 as "leaseMs" from queue_jobs where id = 1`,
      )) as unknown as { rows: { leaseMs: number }[] }
    ).rows
    expect(Number(leaseMs)).toBeGreaterThan(59_000)
    expect(Number(leaseMs)).toBeLessThanOrEqual(60_000)

    expect(ids(await claimDue(db, queue, { limit: 10 }))).toEqual([2])
    expect(await claimDue(db, queue, { limit: 10 })).toEqual([])
  })

  it('claims a row again once its lease has run out, counting another attempt', async () => {
    await db.insert(table).values([{}, {}])
    expect(ids(await claimDue(db, queue, { limit: 10 }))).toEqual([1, 2])
    await db
      .update(table)
      .set({ leasedUntil: sql`${ago(1)}` })
      .where(eq(table.id, 2))
    const again = await claimDue(db, queue, { limit: 10 })
    expect(again.map((row) => [row.id, row.attempts])).toEqual([[2, 2]])
  })

  it('completes, retries later with its delay, and gives up: each ends the lease and writes the state', async () => {
    await db.insert(table).values([{}, {}, {}])
    await claimDue(db, queue, { limit: 10 })
    await complete(db, queue, [1], { state: 'done', note: 'sent' })
    await retryLater(db, queue, [2], 60_000, { note: 'busy' })
    await giveUp(db, queue, [3], { state: 'dead' })
    const [one, two, three] = await rows()
    expect([one?.state, one?.note, one?.leasedUntil]).toEqual(['done', 'sent', null])
    expect([two?.state, two?.note, two?.leasedUntil, two?.attempts]).toEqual([
      'pending',
      'busy',
      null,
      1,
    ])
    expect(two!.dueAt.getTime()).toBeGreaterThan(Date.now() + 50_000)
    expect([three?.state, three?.leasedUntil]).toEqual(['dead', null])
    // The retried row is waiting but not due; the others are out of the queue.
    expect(await claimDue(db, queue, { limit: 10 })).toEqual([])
    await db
      .update(table)
      .set({ dueAt: sql`${ago(1)}` })
      .where(eq(table.id, 2))
    expect((await claimDue(db, queue, { limit: 10 })).map((row) => [row.id, row.attempts])).toEqual(
      [[2, 2]],
    )
  })

  it('moves a claimed row to its taken state, claims it again when that lease runs out, and release hands it back untried', async () => {
    const taken: DurableQueue<typeof table> = {
      ...queue,
      taken: { set: { state: 'working' }, is: eq(table.state, 'working') },
      orderBy: [table.id],
    }
    await db.insert(table).values([{}, {}, {}])
    const claimed = await claimDue(db, taken, { limit: 10 })
    expect(claimed.map((row) => row.state)).toEqual(['working', 'working', 'working'])
    expect(await claimDue(db, taken, { limit: 10 })).toEqual([])

    await db
      .update(table)
      .set({ leasedUntil: sql`${ago(1)}` })
      .where(eq(table.id, 1))
    expect((await claimDue(db, taken, { limit: 10 })).map((row) => [row.id, row.attempts])).toEqual(
      [[1, 2]],
    )

    await complete(db, taken, [3], { state: 'done' })
    await release(db, taken, [2, 3], { state: 'pending' })
    const [, two, three] = await rows()
    expect([two?.state, two?.attempts, two?.leasedUntil]).toEqual(['pending', 0, null])
    // No longer taken: left as it was.
    expect([three?.state, three?.attempts]).toEqual(['done', 1])
    expect(ids(await claimDue(db, taken, { limit: 10 }))).toEqual([2])
  })

  it('without a lease, the claim is the work: its set takes the row out of the queue', async () => {
    const confirmations: DurableQueue<typeof table> = {
      table,
      id: table.id,
      dueAt: table.dueAt,
      waiting: eq(table.state, 'pending'),
    }
    await db.insert(table).values([{}, { dueAt: sql`now() + interval '1 hour'` }])
    const done = await claimDue(db, confirmations, { limit: 10, set: { state: 'done' } })
    expect(done.map((row) => [row.id, row.state, row.attempts])).toEqual([[1, 'done', 0]])
    expect(await claimDue(db, confirmations, { limit: 10, set: { state: 'done' } })).toEqual([])
  })

  it('gives a raw batch statement the rows no one holds', async () => {
    await db.insert(table).values([{}, {}, { state: 'done' }])
    const batch = (await db.execute(
      sql`delete from queue_jobs where id in (${unclaimedBatch('queue_jobs', 'id', sql`state = 'pending'`, 1)}) returning id`,
    )) as unknown as { rows: { id: number }[] }
    expect(batch.rows).toEqual([{ id: 1 }])
  })
})

const databaseUrl = process.env.DATABASE_URL

describe.skipIf(!databaseUrl)(
  'the durable queue on PostgreSQL (skipped: DATABASE_URL is unset; the race needs two sessions)',
  () => {
    const name = `queue_race_${randomBytes(4).toString('hex')}`
    const table = jobsTable(name)
    const pools: pg.Pool[] = []
    let a: QueueDatabase
    let b: QueueDatabase

    beforeAll(async () => {
      const instance = () => {
        const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 })
        pools.push(pool)
        return drizzlePg(pool)
      }
      a = instance()
      b = instance()
      await a.execute(createTable(name))
    })
    afterAll(async () => {
      await a?.execute(sql.raw(`drop table if exists ${name}`))
      await Promise.all(pools.map((pool) => pool.end()))
    })

    /** Claims in small batches, several at a time, until the queue has nothing due. */
    async function drain(db: QueueDatabase, queue: DurableQueue<typeof table>) {
      const claimed: { id: number; attempts: number }[] = []
      const worker = async () => {
        for (;;) {
          const rows = await claimDue(db, queue, { limit: 3 })
          if (rows.length === 0) return
          claimed.push(...rows)
        }
      }
      await Promise.all([worker(), worker(), worker()])
      return claimed
    }

    it('two instances claiming at once get each row exactly once; a lease that runs out is claimed again, its attempts counted', async () => {
      const queue = leasedQueue(table)
      const count = 300
      await a.insert(table).values(Array.from({ length: count }, () => ({})))

      const [fromA, fromB] = await Promise.all([drain(a, queue), drain(b, queue)])
      const all = ids([...fromA, ...fromB])
      expect(all).toEqual(Array.from({ length: count }, (_, i) => i + 1))
      // Both took part: the claims really overlapped rather than one draining alone.
      expect(fromA.length).toBeGreaterThan(0)
      expect(fromB.length).toBeGreaterThan(0)
      expect([...fromA, ...fromB].every((row) => row.attempts === 1)).toBe(true)

      // Instance A "dies" holding the first 50: their leases run out, and only they come back.
      await a
        .update(table)
        .set({ leasedUntil: sql`now() - interval '1 second'` })
        .where(sql`${table.id} <= 50`)
      const [againA, againB] = await Promise.all([drain(a, queue), drain(b, queue)])
      const again = [...againA, ...againB]
      expect(ids(again)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
      expect(again.every((row) => row.attempts === 2)).toBe(true)

      await complete(a, queue, all, { state: 'done' })
      const [total] = await b
        .select({ attempts: sql<number>`sum(${table.attempts})::int` })
        .from(table)
      expect(total?.attempts).toBe(count + 50)
    })
  },
)
