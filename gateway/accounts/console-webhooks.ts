import type { RequestHandler, Response, Router } from 'express'
import { rateLimit } from 'express-rate-limit'
import { responseCodes } from '#core/protocol/codes.ts'
import { EVENT_ID_PATTERN } from '#core/protocol/webhook.ts'
import type { LimitCounts } from '#gateway/api/limits.ts'
import { checkedNotifyUrl } from '#gateway/checks.ts'
import type { SandboxMerchant } from '#gateway/merchants.ts'
import { merchantUrl } from '#gateway/urls.ts'
import { checkNotifyUrl } from '#gateway/webhooks/addresses.ts'
import { findEvent, scheduleResend } from '#gateway/webhooks/store.ts'
import type { ConsoleTools, OpenConsole } from './console-tools.ts'
import { rotateWebhookSecret, setDefaultNotifyUrl } from './store.ts'

const MINUTE_MS = 60_000

/**
 * A default NOTIFY_URL is judged as a request's NOTIFY_URL is, under the policy its deliveries
 * will have: the account's own, which is the operator's, whoever sets it from wherever. Refused,
 * it is told why with 357's message: not an address, or one this sandbox sends nothing to.
 */
export function checkDefaultNotifyUrl(
  value: string,
  merchant: SandboxMerchant,
): { ok: true } | { ok: false; message: string } {
  const policy = { allowPrivate: merchant.notifyUrlAllowsPrivate === true }
  if (checkedNotifyUrl(value, policy, merchant)) return { ok: true }
  const why = merchantUrl(value)
    ? 'this sandbox sends no webhooks to localhost or private addresses'
    : 'give an absolute http or https address without a user name or password'
  return { ok: false, message: `${responseCodes['357'].message}: ${why}.` }
}

/** What the console says of a default NOTIFY_URL that this sandbox's policy keeps webhooks from. */
export function defaultNotifyUrlNote(
  value: string | undefined,
  merchant: SandboxMerchant,
): string | undefined {
  if (!value) return undefined
  const policy = { allowPrivate: merchant.notifyUrlAllowsPrivate === true }
  return checkNotifyUrl(value, policy)
    ? undefined
    : 'This sandbox sends no webhooks to private addresses: events for this address reach you through paystra listen only.'
}

/**
 * The console's webhook actions: a new webhook secret (the old one signing beside it for a day),
 * the default NOTIFY_URL, and an event sent again. Resends count against the resend API's limit
 * a minute, under the same name and key (the account's PAY_ID), so where the limits are counted
 * in the database the console and the API share one count and neither is a way around the other.
 */
export function consoleWebhookRoutes(
  router: Router,
  tools: ConsoleTools,
  options: { counts?: LimitCounts; resendsPerMinute: number },
): void {
  const { setup, directory } = tools
  const opened = (res: Response) => res.locals.console as OpenConsole
  const opening: RequestHandler = async (req, res, next) => {
    const found = await tools.open(req, res)
    if (!found) return
    res.locals.console = found
    next()
  }
  const { resendsPerMinute } = options
  const resendLimit: RequestHandler[] =
    resendsPerMinute > 0
      ? [
          rateLimit({
            windowMs: MINUTE_MS,
            limit: resendsPerMinute,
            standardHeaders: 'draft-8',
            legacyHeaders: false,
            keyGenerator: (_req, res) => opened(res).account.payId,
            handler: (req, res) =>
              tools.refuse(req, res, opened(res), 429, {
                title: 'Too many resends',
                message: `An account can resend ${resendsPerMinute} webhook events a minute. Try again in a minute.`,
              }),
            ...(options.counts && {
              store: options.counts('sandbox-resend', resendsPerMinute, MINUTE_MS),
            }),
          }),
        ]
      : []

  router.post('/console/:token/webhook-secret', setup.form, opening, async (req, res) => {
    const { account } = opened(res)
    await rotateWebhookSecret(setup.db, account.payId, setup.now())
    setup.log?.(`sandbox: account ${account.payId} rotated its webhook secret`)
    tools.back(req, res, opened(res), 'keys')
  })

  router.post('/console/:token/notify-url', setup.form, opening, async (req, res) => {
    const { account } = opened(res)
    const value = String((req.body as Record<string, unknown> | undefined)?.notify_url ?? '').trim()
    if (value !== '') {
      const merchant = await directory.find(account.payId)
      const checked = checkDefaultNotifyUrl(value, merchant!)
      if (!checked.ok) {
        return tools.show(req, res, opened(res), {
          notifyUrl: { value, error: checked.message },
        })
      }
    }
    await setDefaultNotifyUrl(setup.db, account.payId, value || undefined)
    tools.back(req, res, opened(res), 'webhooks')
  })

  router.post(
    '/console/:token/events/:eventId/resend',
    setup.form,
    opening,
    ...resendLimit,
    async (req, res) => {
      const { account } = opened(res)
      const id = String(req.params.eventId)
      const event = EVENT_ID_PATTERN.test(id)
        ? await findEvent(setup.db, account.payId, id)
        : undefined
      if (!event) {
        return tools.refuse(req, res, opened(res), 404, {
          title: 'No such event',
          message: 'This account has no webhook event of that id: it was not sent again.',
        })
      }
      await scheduleResend(setup.db, event.id)
      setup.onEventQueued()
      tools.back(req, res, opened(res), event.id)
    },
  )
}
