/**
 * The sandbox's disputes table. The settlement runs read it (holds and releases), so the
 * settlement tables bring it with them (gateway/settlements/store.ts).
 */
import { sql } from 'drizzle-orm'
import { createTableOnce } from '#gateway/ids.ts'
import type { GatewayDatabase } from '#gateway/store.ts'

const createStatements = [
  // One dispute per payment at most (payment_id UNIQUE); amounts as the payment's: text digits.
  sql`CREATE TABLE IF NOT EXISTS sandbox_disputes (
    id text PRIMARY KEY,
    pay_id text NOT NULL,
    payment_id text NOT NULL UNIQUE,
    order_id text NOT NULL,
    txn_id text NOT NULL,
    pg_ref_num text NOT NULL,
    payment_type text NOT NULL,
    mop_type text NOT NULL,
    amount text NOT NULL,
    currency_code text NOT NULL,
    inr_amount bigint NOT NULL,
    reason_code text NOT NULL,
    respond_by date NOT NULL,
    status text NOT NULL,
    answer text NOT NULL DEFAULT '',
    evidence text NOT NULL DEFAULT '',
    evidence_file text NOT NULL DEFAULT '',
    evidence_file_name text NOT NULL DEFAULT '',
    resolution text NOT NULL DEFAULT '',
    notify_url text NOT NULL DEFAULT '',
    notify_private boolean NOT NULL DEFAULT false,
    run_notify_url text NOT NULL DEFAULT '',
    run_notify_private boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL,
    decided_at timestamptz,
    hold_settlement_id text,
    release_settlement_id text
  )`,
  sql`CREATE INDEX IF NOT EXISTS sandbox_disputes_merchant_created
    ON sandbox_disputes (pay_id, created_at)`,
  sql`CREATE INDEX IF NOT EXISTS sandbox_disputes_order ON sandbox_disputes (pay_id, order_id)`,
  // What a run looks for: disputes to decide, holds and releases not yet settled.
  sql`CREATE INDEX IF NOT EXISTS sandbox_disputes_undecided
    ON sandbox_disputes (pay_id, respond_by) WHERE decided_at IS NULL`,
  sql`CREATE INDEX IF NOT EXISTS sandbox_disputes_unheld
    ON sandbox_disputes (pay_id, created_at) WHERE hold_settlement_id IS NULL`,
  sql`CREATE INDEX IF NOT EXISTS sandbox_disputes_unreleased
    ON sandbox_disputes (pay_id, decided_at) WHERE status = 'WON' AND release_settlement_id IS NULL`,
]

export async function ensureDisputeTable(db: GatewayDatabase): Promise<void> {
  for (const statement of createStatements) await createTableOnce(() => db.execute(statement))
}
