/**
 * npm run prune   deletes now what the retention periods say the website no longer keeps
 *
 * The server runs the same pass every RETENTION_PRUNE_INTERVAL_MS; this is for an operator who
 * wants it done at once (after shortening a period, say). Reads DATABASE_URL / DATA_DIR and the
 * RETENTION_* settings like the server. Embedded PGlite serves one process, so with PGlite stop
 * the server first (the data-folder lock says so if you forget).
 */
import path from 'node:path'
import { retentionPeriods } from '#server/retention/periods.ts'
import { pruneMailFiles } from '#server/retention/mail-files.ts'
import { type PruneCounts, pruneLabels } from '#server/retention/prune.ts'
import { runPrunePass } from '#server/retention/runner.ts'
import { runOperatorCommand, UsageError } from './operator-command.ts'

runOperatorCommand(
  (args) => {
    if (args.length > 0)
      throw new UsageError(`Unknown argument ${args[0]}: npm run prune takes none`)
  },
  async (_args, config, store) => {
    const periods = retentionPeriods(config)
    const pass = await runPrunePass(store, periods)
    if (!pass.ran) {
      console.log('Another instance is pruning right now; nothing done. Try again in a minute.')
      return
    }
    console.log(
      `Kept: mail ${periods.mailDays} days, job applications ${periods.jobApplicationDays} days, contact messages ${periods.contactMessageDays} days, demo and sandbox data ${periods.demoDays} days.`,
    )
    for (const kind of Object.keys(pruneLabels) as (keyof PruneCounts)[]) {
      console.log(`${pruneLabels[kind][1]}: ${pass.counts[kind]}`)
    }
    // The file transport's copies of mail (no SMTP_URL), in this machine's DATA_DIR.
    const mailFiles = await pruneMailFiles(
      path.join(config.DATA_DIR, 'mail'),
      new Date(Date.now() - periods.mailDays * 24 * 60 * 60 * 1000),
    )
    console.log(`mail files: ${mailFiles}`)
    console.log(
      pass.total + mailFiles === 0
        ? 'Nothing was old enough to delete.'
        : `Deleted ${pass.total} ${pass.total === 1 ? 'row' : 'rows'} and ${mailFiles} ${mailFiles === 1 ? 'file' : 'files'}${pass.vacuumed ? ', and vacuumed the database' : ''}.`,
    )
  },
)
