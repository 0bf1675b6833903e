import { accessSync, constants } from 'node:fs'
import path from 'node:path'

export const nginxInstallHint =
  "Install Debian's package with `apt-get install -y nginx` (the bench starts and stops its own " +
  'nginx on a free port; the system service need not run), or measure our server alone with ' +
  '`npm run bench -- --skip-nginx`.'

/** nginx on PATH or where Debian puts it (/usr/sbin is not on every user's PATH). */
export function findNginx(searchPath = process.env.PATH ?? ''): string | undefined {
  const dirs = [...searchPath.split(path.delimiter).filter(Boolean), '/usr/sbin', '/usr/local/sbin']
  for (const dir of dirs) {
    const candidate = path.join(dir, 'nginx')
    try {
      accessSync(candidate, constants.X_OK)
      return candidate
    } catch {
      // not here
    }
  }
  return undefined
}
