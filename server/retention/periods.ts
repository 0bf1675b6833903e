import { retentionDays } from '#app/content/legal/retention.ts'
import type { ServerConfig } from '#server/config.ts'

/** How many days each kind of data is kept; see app/content/legal/retention.ts. */
export interface RetentionPeriods {
  /** Delivered mail after delivery, and dead mail after its last attempt. */
  mailDays: number
  jobApplicationDays: number
  contactMessageDays: number
  /** Demo orders and the sandbox's transactions, refunds, payouts and webhooks. */
  demoDays: number
  /** Sandbox accounts after their last use, with all their data. */
  sandboxAccountDays: number
}

/** The periods the Privacy Policy states. */
export const defaultRetentionPeriods: RetentionPeriods = {
  mailDays: retentionDays.mail,
  jobApplicationDays: retentionDays.jobApplications,
  contactMessageDays: retentionDays.contactMessages,
  demoDays: retentionDays.demo,
  sandboxAccountDays: retentionDays.sandboxAccounts,
}

/**
 * The periods this server prunes by. Contact messages have no setting of their own: they are
 * kept as long as job applications (RETENTION_APPLICATION_DAYS), as the Privacy Policy says.
 */
export function retentionPeriods(
  config: Pick<
    ServerConfig,
    | 'RETENTION_MAIL_DAYS'
    | 'RETENTION_APPLICATION_DAYS'
    | 'RETENTION_DEMO_DAYS'
    | 'SANDBOX_ACCOUNT_TTL_DAYS'
  >,
): RetentionPeriods {
  return {
    mailDays: config.RETENTION_MAIL_DAYS,
    jobApplicationDays: config.RETENTION_APPLICATION_DAYS,
    contactMessageDays: config.RETENTION_APPLICATION_DAYS,
    demoDays: config.RETENTION_DEMO_DAYS,
    sandboxAccountDays: config.SANDBOX_ACCOUNT_TTL_DAYS,
  }
}
