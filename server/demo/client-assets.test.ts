import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '#server/config.ts'

const clientDir = path.resolve('build/client')
const built = existsSync(clientDir)

/** Every file the site sends to browsers as it is: scripts, styles, HTML, data. */
function clientFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name)
    return statSync(file).isDirectory() ? clientFiles(file) : [file]
  })
}

/** The sandbox defaults, and whatever this environment configures instead. */
function secrets(): string[] {
  const config = loadConfig({})
  const configured = loadConfig()
  return [
    ...new Set([
      config.PG_SALT,
      config.PG_MERCHANT_HOSTED_KEY,
      config.SANDBOX_KEY_SALT,
      configured.PG_SALT,
      configured.PG_MERCHANT_HOSTED_KEY,
      configured.SANDBOX_KEY_SALT,
    ]),
  ]
}

describe('what the browser is sent', () => {
  it.skipIf(!built)(
    built
      ? 'no file under build/client holds the salt, the merchant-hosted key or the key salt'
      : 'SKIPPED: build/client is absent — run `npm run build`, then this test checks every client asset for the salt and keys',
    () => {
      const files = clientFiles(clientDir)
      expect(files.length).toBeGreaterThan(0)
      const leaks: string[] = []
      for (const file of files) {
        const content = readFileSync(file)
        for (const secret of secrets()) {
          if (content.includes(secret) || content.includes(secret.toLowerCase())) {
            leaks.push(`${path.relative(clientDir, file)} contains ${secret.slice(0, 4)}…`)
          }
        }
      }
      expect(leaks).toEqual([])
    },
  )
})
