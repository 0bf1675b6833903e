import { stringify } from 'csv-stringify/sync'
import { settlementCsvRows } from '#core/settlement/csv.ts'
import type { SettlementFields } from '#core/settlement/fields.ts'
import type { GatewayDatabase } from '#gateway/store.ts'
import { settlementLines } from './store.ts'

/** A settlement's CSV file, whole: wherever it is downloaded from, the same bytes. */
export async function settlementCsvFile(
  db: GatewayDatabase,
  settlement: SettlementFields,
): Promise<{ contentType: string; filename: string; body: string }> {
  const lines = await settlementLines(db, settlement.SETTLEMENT_ID)
  return {
    contentType: 'text/csv; charset=utf-8',
    filename: `${settlement.SETTLEMENT_ID}.csv`,
    // RFC 4180: rows end with CRLF.
    body: stringify(settlementCsvRows(settlement, lines), { record_delimiter: 'windows' }),
  }
}
