/** The arguments of `npm run erase`, read before anything is opened. */
import { normaliseAddress } from '#server/retention/erase.ts'
import { UsageError } from './operator-command.ts'

const usage = 'Usage: npm run erase -- --email someone@example.com'

/** The one address to erase, from `--email ADDRESS` or `--email=ADDRESS`. */
export function parseEraseArgs(args: string[]): string {
  let email: string | undefined
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!
    if (arg === '--email') {
      if (email !== undefined) throw new UsageError(`Give one --email. ${usage}`)
      email = args[++index] ?? ''
    } else if (arg.startsWith('--email=')) {
      if (email !== undefined) throw new UsageError(`Give one --email. ${usage}`)
      email = arg.slice('--email='.length)
    } else {
      throw new UsageError(`Unknown argument ${arg}. ${usage}`)
    }
  }
  if (email === undefined) throw new UsageError(`Missing --email. ${usage}`)
  return normaliseAddress(email)
}
