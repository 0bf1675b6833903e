import express, { type Request, type RequestHandler, type Response, type Router } from 'express'
import { rateLimit } from 'express-rate-limit'
import { responseCodes } from '#core/protocol/codes.ts'
import { gatewayBase } from '#gateway/api/qr.ts'
import type { LimitCounts } from '#gateway/api/limits.ts'
import { language } from '#gateway/i18n/index.ts'
import { context, type PageSetup } from '#gateway/pages/tools.ts'
import { sendPage } from '#gateway/pages/policy.ts'
import {
  accountCreatedPage,
  accountDeletedPage,
  accountRefusalPage,
  type AccountKeys,
  type AccountLinks,
  type AccountRules,
  newAccountPage,
} from '#gateway/views/account-pages.ts'
import { consolePage } from '#gateway/views/console-page.ts'
import { merchantNow } from '#gateway/merchants.ts'
import { type AdvanceDeps, advanceClock } from '#gateway/clock/advance.ts'
import { advanceTarget } from '#gateway/clock/time.ts'
import { consoleEvents, consolePayments } from './console-data.ts'
import { consoleDisputeRoutes, consoleDisputes } from './console-disputes.ts'
import { consoleCollectionRoutes, consoleCollections } from './console-collections.ts'
import { consoleSettlementRoutes, consoleSettlements } from './console-settlements.ts'
import { consoleSubscriptionRoutes, consoleSubscriptions } from './console-subscriptions.ts'
import type { ConsoleTools } from './console-tools.ts'
import { consoleWebhookRoutes, defaultNotifyUrlNote } from './console-webhooks.ts'
import { checkAccountName } from './name.ts'
import {
  type AccountCredentials,
  isConsoleToken,
  merchantHostedKeyOf,
  newCredentials,
} from './credentials.ts'
import type { MerchantDirectory } from './directory.ts'
import { accountEnvFile } from './env-file.ts'
import {
  createAccount,
  findAccountByConsoleToken,
  PayIdTaken,
  removeAccounts,
  replaceConsoleToken,
  type StoredAccount,
} from './store.ts'

/** What the operator sets (createGateway's `accounts`, filled with the defaults). */
export interface AccountRouteSettings {
  /** Accounts the sandbox holds at most (0: no cap). */
  maxAccounts: number
  /** Accounts one address may make in an hour (0: no limit). */
  perHour: number
  /** Days an unused account is kept (the retention job removes it). */
  idleDays: number
  /** Whether this sandbox sends webhooks to private addresses (its paystra.env says so). */
  privateWebhooks: boolean
}

export interface AccountRouteOptions extends AccountRouteSettings {
  setup: PageSetup
  directory: MerchantDirectory
  /** What the console's clock buttons need to move the account's clock. */
  clock: AdvanceDeps
  /** The configured merchants' PAY_IDs, which no account may draw. */
  reservedPayIds: readonly string[]
  counts?: LimitCounts
  /** Webhook resends one account may ask for a minute (the resend API's limit; 0: none). */
  resendsPerMinute: number
}

const HOUR_MS = 3_600_000
/** The console's clock buttons. */
const consoleAdvances = ['1h', '1d', '7d', '30d']
const JSON_LIMIT = '2kb'

const english = language('en')

/** The account pages hold secrets: framed by no one (their headers are set by secretHeaders). */
function sendSecretPage(res: Response, status: number, body: string) {
  sendPage(res, status, body, { frameAncestors: [] })
}

/**
 * Every answer under `/accounts` and `/console` holds keys or a console link: kept by no cache,
 * and its address (the console's secret) never sent to another site as a referrer.
 */
const secretHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store')
  res.setHeader('Referrer-Policy', 'no-referrer')
  next()
}

function wantsJson(req: Request): boolean {
  return req.accepts(['html', 'json']) === 'json'
}

/**
 * The sandbox accounts: `GET /accounts/new` (a plain form), `POST /accounts` (a page, or JSON
 * when asked), and each account's console under its secret link, `/console/<token>`, with its
 * paystra.env, a new link and its removal. Everything a console shows is read by the account's
 * PAY_ID, so one account's link can only ever show that account.
 */
export function accountRoutes(router: Router, options: AccountRouteOptions): void {
  const { setup, directory } = options
  const rules: AccountRules = { idleDays: options.idleDays, perHour: options.perHour }
  const page = (req: Request) => context(setup, req, english)
  const base = (req: Request) => gatewayBase(req, setup.publicUrl)
  const links = (req: Request, token: string): AccountLinks => ({
    consoleUrl: `${base(req)}/console/${token}`,
    envUrl: `${base(req)}/console/${token}/paystra.env`,
    sandboxUrl: base(req),
  })
  const envFile = (req: Request, credentials: Parameters<typeof accountEnvFile>[0]) =>
    accountEnvFile(credentials, {
      sandboxUrl: base(req),
      privateWebhooks: options.privateWebhooks,
    })

  const refuse = (req: Request, res: Response, status: number, code: '344' | '360' | '361') => {
    const message = responseCodes[code].message
    if (wantsJson(req)) {
      return res
        .status(status)
        .json({ STATUS: 'Failed', RESPONSE_CODE: code, RESPONSE_MESSAGE: message })
    }
    if (code === '360') {
      // A form with an error answers 200, as the sandbox's payment forms do: the error is on
      // the page, and browsers log every 4xx document as a failed load.
      return sendSecretPage(
        res,
        200,
        newAccountPage(page(req), {
          rules,
          name: typeof req.body?.name === 'string' ? req.body.name.slice(0, 200) : '',
          error: message,
        }),
      )
    }
    const title = code === '344' ? 'Too many new accounts' : 'No room for new accounts'
    sendSecretPage(res, status, accountRefusalPage(page(req), { title, message }))
  }

  const perAddress: RequestHandler[] =
    options.perHour > 0
      ? [
          rateLimit({
            windowMs: HOUR_MS,
            limit: options.perHour,
            standardHeaders: 'draft-8',
            legacyHeaders: false,
            handler: (req, res) => refuse(req, res, 429, '344'),
            ...(options.counts && {
              store: options.counts('sandbox-accounts', options.perHour, HOUR_MS),
            }),
          }),
        ]
      : []
  const json = express.json({ limit: JSON_LIMIT, strict: true })
  const readBody: RequestHandler = (req, res, next) => {
    const parse = req.is('application/json') ? json : setup.form
    parse(req, res, (error?: unknown) => {
      if (error) return refuse(req, res, 400, '360')
      next()
    })
  }

  router.use(['/accounts', '/console'], secretHeaders)

  router.get('/accounts/new', (req, res) => {
    sendSecretPage(res, 200, newAccountPage(page(req), { rules }))
  })

  router.post('/accounts', ...perAddress, readBody, async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>
    const checked = checkAccountName(body.NAME ?? body.name)
    if (!checked.ok) return refuse(req, res, 400, '360')
    const made = await createWithFreshPayId(setup, options, checked.name)
    if (!made) return refuse(req, res, 503, '361')
    const { account, credentials } = made
    const keys = keysOf(account)
    const accountLinks = links(req, credentials.consoleToken)
    setup.log?.(`sandbox: account ${account.payId} created`)
    if (wantsJson(req)) {
      return res.status(201).json({
        STATUS: 'Created',
        PAY_ID: keys.payId,
        SALT: keys.salt,
        KEY_SALT: keys.keySalt,
        MERCHANT_HOSTED_KEY: keys.merchantHostedKey,
        WEBHOOK_SECRET: keys.webhookSecret,
        NAME: account.name,
        PAYSTRA_BASE_URL: accountLinks.sandboxUrl,
        CONSOLE_URL: accountLinks.consoleUrl,
        PAYSTRA_ENV_URL: accountLinks.envUrl,
        PAYSTRA_ENV: envFile(req, credentials),
        IDLE_DAYS: String(options.idleDays),
      })
    }
    sendSecretPage(
      res,
      201,
      accountCreatedPage(page(req), { keys, links: accountLinks, name: account.name, rules }),
    )
  })

  /** The account of the link, or the 404 page; the visit keeps the account alive. */
  const consoleAccount: ConsoleTools['open'] = async (req, res) => {
    const token = String(req.params.token)
    const account = isConsoleToken(token)
      ? await findAccountByConsoleToken(setup.db, token)
      : undefined
    if (!account) {
      sendPage(
        res,
        404,
        accountRefusalPage(page(req), {
          title: 'No such console',
          message:
            'This console link is not, or no longer, an account’s: the account was deleted, left unused, or given a new link.',
        }),
        { frameAncestors: [] },
      )
      return undefined
    }
    await directory.markActive(account.payId, setup.now())
    return { account, token }
  }

  const showConsole: ConsoleTools['show'] = async (req, res, { account, token }, refused) => {
    const realNow = setup.now()
    const merchant = await directory.find(account.payId)
    // Subscriptions first: bringing them up to the clock may make payments and webhooks.
    const subscriptions = await consoleSubscriptions(
      setup.db,
      merchant!,
      realNow,
      setup.onEventQueued,
    )
    const [payments, events, settlements, disputes, collections] = await Promise.all([
      consolePayments(setup.db, account.payId),
      consoleEvents(setup.db, account.payId),
      consoleSettlements(setup.db, account.payId),
      consoleDisputes(setup.db, account, realNow),
      consoleCollections(setup.db, merchant!, realNow, setup.onEventQueued),
    ])
    const until = account.previousWebhookSecretUntil
    sendSecretPage(
      res,
      200,
      consolePage(page(req), {
        name: account.name,
        keys: keysOf(account),
        links: links(req, token),
        payments,
        events,
        settlements,
        disputes,
        ...collections,
        subscriptions,
        webhooks: {
          previousSecretUntil: until && until > realNow ? until : undefined,
          notifyUrl: account.notifyUrl,
          notifyUrlNote: merchant && defaultNotifyUrlNote(account.notifyUrl, merchant),
        },
        rules,
        createdAt: account.createdAt,
        clock: { now: merchantNow(account, realNow), advances: consoleAdvances },
        refused,
      }),
    )
  }

  const tools: ConsoleTools = {
    setup,
    directory,
    open: consoleAccount,
    show: showConsole,
    back: (req, res, opened, anchor) =>
      res.redirect(303, `${links(req, opened.token).consoleUrl}#${anchor}`),
    refuse: (req, res, opened, status, refusal) =>
      sendSecretPage(
        res,
        status,
        accountRefusalPage(page(req), {
          ...refusal,
          back: { href: links(req, opened.token).consoleUrl, label: 'Back to the console' },
        }),
      ),
  }

  router.get('/console/:token', async (req, res) => {
    const found = await consoleAccount(req, res)
    if (found) await showConsole(req, res, found)
  })

  router.post('/console/:token/clock', setup.form, async (req, res) => {
    const found = await consoleAccount(req, res)
    if (!found) return
    const merchant = await directory.find(found.account.payId)
    const by = String((req.body as Record<string, unknown> | undefined)?.by ?? '')
    const target = advanceTarget({ BY: by }, merchantNow(merchant!, setup.now()))
    if (!target.ok || !consoleAdvances.includes(by)) {
      return sendSecretPage(
        res,
        400,
        accountRefusalPage(page(req), {
          title: 'The clock did not move',
          message: responseCodes[target.ok ? '363' : target.code].message,
        }),
      )
    }
    await advanceClock(options.clock, merchant!, target.to)
    tools.back(req, res, found, 'clock')
  })

  consoleWebhookRoutes(router, tools, {
    counts: options.counts,
    resendsPerMinute: options.resendsPerMinute,
  })
  consoleSettlementRoutes(router, tools)
  consoleDisputeRoutes(router, tools)
  consoleCollectionRoutes(router, tools)
  consoleSubscriptionRoutes(router, tools)

  router.get('/console/:token/paystra.env', async (req, res) => {
    const found = await consoleAccount(req, res)
    if (!found) return
    res.type('text/plain').attachment('paystra.env').send(envFile(req, found.account))
  })

  router.post('/console/:token/link', setup.form, async (req, res) => {
    const found = await consoleAccount(req, res)
    if (!found) return
    const token = newCredentials([]).consoleToken
    await replaceConsoleToken(setup.db, found.account.payId, token)
    res.redirect(303, links(req, token).consoleUrl)
  })

  router.post('/console/:token/delete', setup.form, async (req, res) => {
    const found = await consoleAccount(req, res)
    if (!found) return
    const { account } = found
    const confirm = String((req.body as Record<string, unknown> | undefined)?.confirm ?? '').trim()
    if (confirm !== account.payId) {
      return sendSecretPage(
        res,
        400,
        accountRefusalPage(page(req), {
          title: 'The account was not deleted',
          message: `Type the account's PAY_ID, ${account.payId}, to confirm its deletion.`,
        }),
      )
    }
    await removeAccounts(setup.db, [account.payId])
    setup.log?.(`sandbox: account ${account.payId} deleted from its console`)
    sendSecretPage(res, 200, accountDeletedPage(page(req), account.payId))
  })
}

function keysOf(account: StoredAccount): AccountKeys {
  return {
    payId: account.payId,
    salt: account.salt,
    keySalt: account.keySalt,
    merchantHostedKey: merchantHostedKeyOf(account),
    webhookSecret: account.webhookSecret,
  }
}

/** Makes the account, drawing a new PAY_ID in the rare case one is taken; none when full. */
async function createWithFreshPayId(
  setup: PageSetup,
  options: AccountRouteOptions,
  name: string,
): Promise<{ account: StoredAccount; credentials: AccountCredentials } | undefined> {
  for (let draw = 0; draw < 5; draw++) {
    const credentials = newCredentials(options.reservedPayIds)
    try {
      const result = await createAccount(setup.db, credentials, {
        name,
        now: setup.now(),
        maxAccounts: options.maxAccounts,
      })
      return result.ok ? { account: result.account, credentials } : undefined
    } catch (error) {
      if (!(error instanceof PayIdTaken)) throw error
    }
  }
  throw new Error('Five PAY_IDs drawn in a row were taken')
}
