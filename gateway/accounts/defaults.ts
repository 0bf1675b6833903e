/** What a sandbox allows of accounts unless its operator says otherwise (gateway/settings.ts). */
export const DEFAULT_MAX_ACCOUNTS = 50_000
export const DEFAULT_ACCOUNTS_PER_HOUR = 20
/** The Privacy Policy states it (app/content/legal/retention.ts). */
export const DEFAULT_ACCOUNT_IDLE_DAYS = 30
