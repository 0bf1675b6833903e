import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository the tools measure: the folder above tools/, from whatever folder they run. */
export const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '')

/**
 * A path typed on the command line, read from the folder it was typed in: npm runs a
 * workspace's script in the workspace's folder and names the first one in INIT_CWD.
 */
export function typedPath(typed: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), typed)
}
