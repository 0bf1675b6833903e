/**
 * Every table of the gateway sandbox, each defined once beside the code that uses it.
 * `npx drizzle-kit generate --config gateway/drizzle.config.ts` compares them with the last
 * snapshot and writes the next migration into gateway/db/migrations (gateway/db/migrate.ts).
 */
export { sandboxAccounts } from '#gateway/accounts/table.ts'
export { sandboxClocks } from '#gateway/clock/table.ts'
export { sandboxPayouts } from '#gateway/api/payout-store.ts'
export { sandboxRefunds } from '#gateway/api/refund-store.ts'
export { sandboxDisputes } from '#gateway/disputes/table.ts'
export { sandboxGstInvoices } from '#gateway/settlements/invoice-store.ts'
export { sandboxSettlementLines, sandboxSettlements } from '#gateway/settlements/tables.ts'
export { sandboxTransactions } from '#gateway/store.ts'
export { sandboxPaylinks } from '#gateway/paylinks/table.ts'
export { sandboxVaCredits, sandboxVirtualAccounts } from '#gateway/virtual-accounts/table.ts'
export { sandboxCharges } from '#gateway/settlements/charges.ts'
export { sandboxSubscriptionDebits, sandboxSubscriptions } from '#gateway/subscriptions/table.ts'
export { sandboxWebhookAttempts, sandboxWebhookEvents } from '#gateway/webhooks/store.ts'
export { sandboxEventStreams } from '#gateway/webhooks/streams.ts'
