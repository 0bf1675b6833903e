/**
 * npm run erase -- --email someone@example.com
 *
 * Deletes everything the website stores about that address (any case): contact messages, job
 * applications with their resumes, every mail to it, replying to it or carrying its resume
 * (queued, delivered or dead, and the file transport's .eml copies in DATA_DIR/mail), and
 * sandbox payments, payment links and subscriptions made with it. Prints what it deleted. Reads
 * DATABASE_URL / DATA_DIR like the server; with PGlite stop the server first.
 */
import path from 'node:path'
import { erase, type Erased, InvalidAddressError } from '#server/retention/erase.ts'
import { eraseMailFiles } from '#server/retention/mail-files.ts'
import { parseEraseArgs } from './erase-args.ts'
import { runOperatorCommand } from './operator-command.ts'

const labels: Record<keyof Erased | 'mailFiles', string> = {
  contactMessages: 'contact messages',
  jobApplications: 'job applications (with resumes)',
  mail: 'mails',
  sandboxTransactions: 'sandbox transactions',
  sandboxRefunds: 'sandbox refunds',
  sandboxDisputes: 'sandbox disputes (with their evidence)',
  sandboxPaylinks: 'sandbox payment links',
  sandboxSubscriptions: 'sandbox subscriptions',
  sandboxSubscriptionDebits: 'sandbox subscription debits',
  sandboxWebhookEvents: 'sandbox webhook events',
  mailFiles: 'mail files',
}

runOperatorCommand(
  parseEraseArgs,
  async (address, config, store) => {
    const erased = {
      ...(await erase(store.db, address)),
      mailFiles: await eraseMailFiles(path.join(config.DATA_DIR, 'mail'), address),
    }
    const kinds = Object.keys(labels) as (keyof typeof erased)[]
    for (const kind of kinds) {
      const ids = erased[kind]
      console.log(`${labels[kind]}: ${ids.length}${ids.length > 0 ? ` (${ids.join(', ')})` : ''}`)
    }
    const total = kinds.reduce((sum, kind) => sum + erased[kind].length, 0)
    console.log(
      total === 0 ? `Nothing stored for ${address}.` : `Erased ${total} records of ${address}.`,
    )
  },
  [InvalidAddressError],
)
