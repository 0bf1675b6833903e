import type { Router } from 'express'
import type { SettlementFields } from '#core/settlement/fields.ts'
import { settlementIdPattern } from '#gateway/settlements/checks.ts'
import { settlementCsvFile } from '#gateway/settlements/csv-file.ts'
import { findSettlement, latestSettlements } from '#gateway/settlements/store.ts'
import type { GatewayDatabase } from '#gateway/store.ts'
import { CONSOLE_LIST_LIMIT } from './console-data.ts'
import type { ConsoleTools } from './console-tools.ts'

/** The account's latest settlements, newest first. */
export function consoleSettlements(
  db: GatewayDatabase,
  payId: string,
): Promise<SettlementFields[]> {
  return latestSettlements(db, payId, CONSOLE_LIST_LIMIT)
}

/** `GET /console/<token>/settlements/<id>.csv`: the settlement API's CSV file of one of its own. */
export function consoleSettlementRoutes(router: Router, tools: ConsoleTools): void {
  const { setup } = tools
  router.get('/console/:token/settlements/:file', async (req, res) => {
    const opened = await tools.open(req, res)
    if (!opened) return
    const id = /^(.*)\.csv$/.exec(String(req.params.file))?.[1] ?? ''
    const settlement = settlementIdPattern.test(id)
      ? await findSettlement(setup.db, opened.account.payId, { settlementId: id })
      : undefined
    if (!settlement) {
      return tools.refuse(req, res, opened, 404, {
        title: 'No such settlement',
        message: 'This account has no settlement of that id.',
      })
    }
    const file = await settlementCsvFile(setup.db, settlement)
    res.type(file.contentType).attachment(file.filename).send(file.body)
  })
}
