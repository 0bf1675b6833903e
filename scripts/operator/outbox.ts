/**
 * npm run outbox                 lists mail that is pending, being sent, or dead
 * npm run outbox -- --retry ID…  queues those mails again now (dead or pending)
 * npm run outbox -- --retry-dead queues every dead mail again
 *
 * Reads DATABASE_URL / DATA_DIR like the server. Embedded PGlite serves one process, so with
 * PGlite stop the server first (the data-folder lock says so if you forget).
 */
import { listUndelivered, requeue } from '#server/mail/outbox-admin.ts'
import { runOperatorCommand, UsageError } from './operator-command.ts'

runOperatorCommand(
  (args) => args,
  async (args, _config, store) => {
    const { db } = store
    if (args[0] === '--retry' || args[0] === '--retry-dead') {
      const ids = args.slice(1).map(Number)
      if (args[0] === '--retry' && (ids.length === 0 || ids.some((id) => !Number.isInteger(id)))) {
        throw new UsageError('--retry needs the ids of the mails to send again, e.g. --retry 12 13')
      }
      const requeued = await requeue(db, args[0] === '--retry-dead' ? 'dead' : ids)
      console.log(
        requeued.length === 0
          ? 'Nothing to retry.'
          : `Queued again: ${requeued.join(', ')}. The server sends them within a second.`,
      )
      return
    }
    if (args.length > 0) throw new UsageError(`Unknown argument ${args[0]}`)
    const rows = await listUndelivered(db)
    if (rows.length === 0) {
      console.log('The outbox is empty: every mail has been delivered.')
      return
    }
    console.log('id\tstatus\tattempts\tnext attempt\tto\tsubject\tlast error')
    for (const row of rows) {
      console.log(
        [
          row.id,
          row.status,
          row.attempts,
          row.status === 'dead' ? '-' : row.nextAttemptAt.toISOString(),
          row.mail.to,
          row.mail.subject,
          row.lastError ?? '',
        ].join('\t'),
      )
    }
  },
)
