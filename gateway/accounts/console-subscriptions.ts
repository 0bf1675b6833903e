import type { Router } from 'express'
import { responseCodes } from '#core/protocol/codes.ts'
import { allowedCustomerActions, isCustomerAction } from '#core/recurring/rules.ts'
import { formFields } from '#gateway/checks.ts'
import { merchantNow, type SandboxMerchant } from '#gateway/merchants.ts'
import type { GatewayDatabase } from '#gateway/store.ts'
import { SUBSCRIPTION_ID } from '#gateway/subscriptions/checks.ts'
import { actAsCustomer, runDueSubscriptions } from '#gateway/subscriptions/lifecycle.ts'
import {
  customerContext,
  debitsWithPayments,
  findSubscription,
  latestSubscriptions,
  openDebitOf,
} from '#gateway/subscriptions/store.ts'
import type { ConsoleSubscription } from '#gateway/views/console-subscriptions.ts'
import type { ConsoleTools } from './console-tools.ts'

/**
 * How many subscriptions the console lists, newest first: fewer than its other lists, since each
 * reads its debits and their payments too.
 */
const SUBSCRIPTIONS_SHOWN = 20
/** How many attempts of each subscription the console lists, newest first. */
const DEBITS_SHOWN = 10

/**
 * The account's latest subscriptions, brought up to its clock first (notices, debits and expired
 * registrations, with their webhooks), each with its latest attempts and what the customer may do.
 */
export async function consoleSubscriptions(
  db: GatewayDatabase,
  merchant: SandboxMerchant,
  realNow: Date,
  onEventQueued: () => void,
): Promise<ConsoleSubscription[]> {
  const at = merchantNow(merchant, realNow)
  const caught = await runDueSubscriptions(db, merchant, at)
  if (caught.queued) onEventQueued()
  const subscriptions = await latestSubscriptions(db, merchant.payId, SUBSCRIPTIONS_SHOWN)
  return Promise.all(
    subscriptions.map(async (subscription) => {
      const [debits, open] = await Promise.all([
        debitsWithPayments(db, subscription, DEBITS_SHOWN),
        openDebitOf(db, subscription.id),
      ])
      return {
        subscription,
        debits,
        open,
        actions: allowedCustomerActions(customerContext(subscription, open, at)),
      }
    }),
  )
}

/**
 * `POST /console/<token>/subscriptions/<SUBSCRIPTION_ID>/act` with `action`: the developer acts
 * as the customer (skip, approve, pause, resume, revoke), as the sandbox's customer call does; a
 * refusal (an action no longer allowed, say after the clock moved) shows the console again with
 * its reason beside the subscription.
 */
export function consoleSubscriptionRoutes(router: Router, tools: ConsoleTools): void {
  const { setup } = tools
  router.post('/console/:token/subscriptions/:subscriptionId/act', setup.form, async (req, res) => {
    const opened = await tools.open(req, res)
    if (!opened) return
    const id = String(req.params.subscriptionId)
    const merchant = await tools.directory.find(opened.account.payId)
    const subscription =
      merchant && SUBSCRIPTION_ID.test(id)
        ? await findSubscription(setup.db, merchant.payId, { subscriptionId: id })
        : undefined
    if (!merchant || !subscription) {
      return tools.refuse(req, res, opened, 404, {
        title: 'No such subscription',
        message: 'This account has no subscription of that id.',
      })
    }
    const action = (formFields(req.body) ?? {}).action ?? ''
    const refused = (code: keyof typeof responseCodes) =>
      tools.show(req, res, opened, {
        subscription: { subscriptionId: id, error: responseCodes[code].message },
      })
    if (!isCustomerAction(action)) return refused('326')
    const at = merchantNow(merchant, setup.now())
    const caught = await runDueSubscriptions(setup.db, merchant, at)
    if (caught.queued) setup.onEventQueued()
    const acted = await actAsCustomer(setup.db, merchant, id, action, at)
    if ('code' in acted) return refused(acted.code)
    if (acted.queued) setup.onEventQueued()
    tools.back(req, res, opened, id)
  })
}
