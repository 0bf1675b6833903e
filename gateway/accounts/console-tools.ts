import type { Request, Response } from 'express'
import type { PageSetup } from '#gateway/pages/tools.ts'
import type { ConsolePageOptions } from '#gateway/views/console-page.ts'
import type { MerchantDirectory } from './directory.ts'
import type { StoredAccount } from './store.ts'

/** A console its link opened: the account, and the link's token. */
export interface OpenConsole {
  account: StoredAccount
  token: string
}

/** What the console's actions (console-*.ts) share with its page (routes.ts). */
export interface ConsoleTools {
  setup: PageSetup
  directory: MerchantDirectory
  /** The account of the link, or undefined once the 404 page is sent; the visit keeps it alive. */
  open(req: Request, res: Response): Promise<OpenConsole | undefined>
  /** The console page, with a refused form shown again beside its error. */
  show(
    req: Request,
    res: Response,
    opened: OpenConsole,
    refused?: ConsolePageOptions['refused'],
  ): Promise<void>
  /** After an action: back to the console at `anchor` (303, so a reload does not repeat it). */
  back(req: Request, res: Response, opened: OpenConsole, anchor: string): void
  /** A refusal page that leads back to the console. */
  refuse(
    req: Request,
    res: Response,
    opened: OpenConsole,
    status: number,
    refusal: { title: string; message: string },
  ): void
}
