/**
 * The advisory lock where the race happens: separate sessions of one PostgreSQL database, as
 * separate instances of the site have. Those tests need DATABASE_URL (CI's data tests) and say
 * so in their name when it is unset. PGlite is one session in one process: what it does is
 * tested apart, for what it is.
 */
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type LockingDatabase, withAdvisoryLock } from './advisory-lock.ts'

/** Keys of these tests only ("TEST" and a number), so no job of the site is held back. */
const KEY = 0x54455354_00000001n
const OTHER_KEY = 0x54455354_00000002n

function gate() {
  let open!: () => void
  const promise = new Promise<void>((resolve) => (open = resolve))
  return { promise, open }
}

const databaseUrl = process.env.DATABASE_URL

describe.skipIf(!databaseUrl)(
  'withAdvisoryLock on PostgreSQL (skipped: DATABASE_URL is unset; the race needs two sessions)',
  () => {
    const pools: pg.Pool[] = []
    /** A database of its own connections, as another instance of the site has. */
    function instance(): LockingDatabase {
      const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 })
      pools.push(pool)
      return drizzlePg(pool)
    }
    afterAll(async () => {
      await Promise.all(pools.map((pool) => pool.end()))
    })

    /**
     * Two instances try for `key` at once. The one that gets in holds its work open until both
     * have had their answer, so the two tries overlap whatever the timing.
     */
    async function race(key: bigint, other = key) {
      const [a, b] = [instance(), instance()]
      const ran: string[] = []
      const turnedAway: string[] = []
      const hold = gate()
      const attempt = (name: string, db: LockingDatabase, lockKey: bigint) =>
        withAdvisoryLock(db, lockKey, async () => {
          ran.push(name)
          await hold.promise
          return { ran: true as const, name }
        }).then((result) => {
          if (!result.ran) turnedAway.push(name)
          return result
        })
      const results = Promise.all([attempt('a', a, key), attempt('b', b, other)])
      await vi.waitFor(() => expect(ran.length + turnedAway.length).toBe(2))
      hold.open()
      return { results: await results, ran, turnedAway }
    }

    it('two instances racing for one key: exactly one runs, the other skips without waiting', async () => {
      const { results, ran, turnedAway } = await race(KEY)
      expect(ran).toHaveLength(1)
      expect(turnedAway).toHaveLength(1)
      expect(results).toContainEqual({ ran: false })
    })

    it('two instances with different keys both run', async () => {
      const { ran } = await race(KEY, OTHER_KEY)
      expect(ran.sort()).toEqual(['a', 'b'])
    })

    it('gives the lock back after the run, and after a run that throws', async () => {
      const [a, b] = [instance(), instance()]
      expect(await withAdvisoryLock(a, KEY, async () => ({ ran: true }))).toEqual({ ran: true })
      expect(await withAdvisoryLock(b, KEY, async () => ({ ran: true }))).toEqual({ ran: true })
      await expect(
        withAdvisoryLock(a, KEY, () => Promise.reject(new Error('the run failed'))),
      ).rejects.toThrow('the run failed')
      expect(await withAdvisoryLock(b, KEY, async () => ({ ran: true }))).toEqual({ ran: true })
    })
  },
)

describe('withAdvisoryLock on PGlite (one session, where the lock is re-entrant: the process keeps runs apart itself)', () => {
  let client: PGlite
  let db: LockingDatabase
  beforeAll(() => {
    client = new PGlite()
    db = drizzlePglite(client)
  })
  afterAll(() => client.close())

  it('PGlite grants the same lock twice in its one session, so the lock alone keeps nothing apart', async () => {
    const tryLock = async () =>
      (
        (await db.execute(
          sql`select pg_try_advisory_lock(${KEY.toString()}::bigint) as locked`,
        )) as unknown as {
          rows: { locked: boolean }[]
        }
      ).rows[0]?.locked
    expect(await tryLock()).toBe(true)
    expect(await tryLock()).toBe(true)
    await db.execute(sql`select pg_advisory_unlock_all()`)
  })

  it('runs on one PGlite database in this process one at a time, and the next after the lock is given back', async () => {
    const hold = gate()
    const first = withAdvisoryLock(db, KEY, async () => {
      await hold.promise
      return { ran: true }
    })
    expect(await withAdvisoryLock(db, KEY, async () => ({ ran: true }))).toEqual({ ran: false })
    hold.open()
    expect(await first).toEqual({ ran: true })
    expect(await withAdvisoryLock(db, KEY, async () => ({ ran: true }))).toEqual({ ran: true })
  })
})
