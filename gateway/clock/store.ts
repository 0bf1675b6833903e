import { sql } from 'drizzle-orm'
import { rowsOf } from '#jobs/sql-rows.ts'
import type { GatewayDatabase } from '#gateway/store.ts'

/** A merchant's clock offset in milliseconds: 0 until it is first advanced. */
export async function clockOffset(db: GatewayDatabase, payId: string): Promise<number> {
  const [row] = await rowsOf<{ offset_ms: string | number }>(
    db,
    sql`SELECT offset_ms FROM sandbox_clocks WHERE pay_id = ${payId}`,
  )
  return row ? Number(row.offset_ms) : 0
}

/**
 * Moves a merchant's clock so that it reads `to` at `realNow`, never back: two advances racing
 * to the same time leave it there once, and an older one arriving late changes nothing.
 * Answers the offset the clock now has.
 */
export async function moveClockTo(
  db: GatewayDatabase,
  payId: string,
  to: Date,
  realNow: Date,
): Promise<number> {
  const offset = to.getTime() - realNow.getTime()
  const [row] = await rowsOf<{ offset_ms: string | number }>(
    db,
    sql`INSERT INTO sandbox_clocks (pay_id, offset_ms, updated_at)
      VALUES (${payId}, ${offset}, ${realNow.toISOString()})
      ON CONFLICT (pay_id) DO UPDATE
        SET offset_ms = GREATEST(sandbox_clocks.offset_ms, EXCLUDED.offset_ms),
          updated_at = EXCLUDED.updated_at
      RETURNING offset_ms`,
  )
  return Number(row!.offset_ms)
}
