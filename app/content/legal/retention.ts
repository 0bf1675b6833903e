/**
 * How long the website keeps what people send it and what its demos create, in days. The
 * Privacy Policy states these periods and the server's pruner deletes by them (as the defaults
 * of its RETENTION_* settings), so they are written once, here.
 */
import { DEFAULT_ACCOUNT_IDLE_DAYS } from '#gateway/accounts/defaults.ts'

const jobApplications = 180

export const retentionDays = {
  /** Copies of mail the website sent (the outbox row holds the whole message): after delivery. */
  mail: 30,
  /** Job applications with their resumes: after they arrive. */
  jobApplications,
  /**
   * Contact form messages: as long as job applications. A sales or onboarding conversation
   * often runs for months, and one period for everything people send us is easier to state,
   * to keep and to check.
   */
  contactMessages: jobApplications,
  /**
   * Orders of the live demos and transactions of the sandbox, with their webhooks and disputes:
   * after they start (a dispute, once decided). The sandbox's subscriptions, with their debits:
   * after they end.
   */
  demo: 30,
  /**
   * Sandbox accounts (no personal data is asked to make one; the business name is the
   * developer's choice): after their last use, with everything still kept of theirs.
   */
  sandboxAccounts: DEFAULT_ACCOUNT_IDLE_DAYS,
} as const
