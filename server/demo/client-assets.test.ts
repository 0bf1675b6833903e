import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { publicConfigDefines } from '#app/config/public-config.build.ts'
import { checkoutScript, loadAssets } from '#gateway/assets.ts'
import { loadConfig, type ServerConfig } from '#server/config.ts'

const clientDir = path.resolve('build/client')
const built = existsSync(clientDir)

/** Every file the site sends to browsers as it is: scripts, styles, HTML, data. */
function clientFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name)
    return statSync(file).isDirectory() ? clientFiles(file) : [file]
  })
}

/** What a browser reads of a file: the precompressed siblings are read decompressed. */
function contentOf(file: string): Buffer {
  const content = readFileSync(file)
  if (file.endsWith('.br')) return brotliDecompressSync(content)
  if (file.endsWith('.gz')) return gunzipSync(content)
  return content
}

/** The password (and user) of a connection URL, when it has them. */
function credentialsOf(url: string | undefined): string[] {
  if (!url) return []
  const { username, password } = new URL(url)
  return [decodeURIComponent(password), password ? decodeURIComponent(username) : ''].filter(
    (part) => part.length >= 4,
  )
}

/** Every secret of server/config.ts: the sandbox defaults, and whatever this environment sets. */
function secretsOf(config: ServerConfig): string[] {
  return [
    config.PG_SALT,
    config.PG_MERCHANT_HOSTED_KEY,
    config.SANDBOX_KEY_SALT,
    ...credentialsOf(config.SMTP_URL),
    ...credentialsOf(config.DATABASE_URL),
  ]
}

function secrets(): string[] {
  return [...new Set([...secretsOf(loadConfig({})), ...secretsOf(loadConfig())])]
}

/**
 * The developer documentation publishes the sandbox demo merchant's test credentials (the
 * defaults, as docs/integration/*.md give them) on purpose: the guides in HTML and PDF, the API
 * reference, its search index, the OpenAPI document and the Postman files. A value this
 * environment configures instead must stay out of them like everywhere else.
 */
const developerDocumentation =
  /^(developers\/docs\/|developers\/openapi\.json|downloads\/postman\/)/

function secretsFor(name: string): string[] {
  if (!developerDocumentation.test(name)) return secrets()
  const published = new Set(secretsOf(loadConfig({})))
  return secretsOf(loadConfig()).filter((secret) => !published.has(secret))
}

function leaksIn(name: string, content: Buffer | string, found: string[]) {
  for (const secret of secretsFor(name)) {
    if (content.includes(secret) || content.includes(secret.toLowerCase())) {
      found.push(`${name} contains ${secret.slice(0, 4)}…`)
    }
  }
}

describe('what the browser is sent', () => {
  it.skipIf(!built)(
    built
      ? 'no file under build/client, nor its brotli and gzip copies, holds a secret of the configuration'
      : 'SKIPPED: build/client is absent — run `npm run build`, then this test checks every client asset for the salt and keys',
    () => {
      const files = clientFiles(clientDir)
      expect(files.length).toBeGreaterThan(0)
      const leaks: string[] = []
      for (const file of files) leaksIn(path.relative(clientDir, file), contentOf(file), leaks)
      expect(leaks).toEqual([])
    },
  )

  it('the gateway’s own scripts and styles (checkout.js, its page script, its stylesheet) hold none', () => {
    const leaks: string[] = []
    for (const [name, asset] of Object.entries(loadAssets())) leaksIn(name, asset.body, leaks)
    leaksIn('checkout.js', checkoutScript('https://pay.paystra.example/sandbox'), leaks)
    expect(leaks).toEqual([])
  })

  it('the build writes only the public configuration into the client code, whatever the server is given', () => {
    // Vite exposes only VITE_-prefixed variables and what `define` writes; the site defines
    // just the public configuration. Every server variable set to a marker must stay out.
    const env: Record<string, string> = {
      PG_SALT: 'marker-salt-7f3a9c',
      PG_MERCHANT_HOSTED_KEY: 'MARKERKEY0123456789ABCDEFGHIJKLM',
      SANDBOX_KEY_SALT: 'marker-key-salt-51e2',
      SMTP_URL: 'smtps://mailer:marker-smtp-pass@smtp.paystra.example:465',
      DATABASE_URL: 'postgres://site:marker-db-pass@db.paystra.example/site',
    }
    const defines = JSON.stringify(publicConfigDefines({ ...process.env, ...env }))
    for (const marker of [
      'marker-salt',
      'MARKERKEY',
      'marker-key-salt',
      'marker-smtp',
      'marker-db',
    ]) {
      expect(defines).not.toContain(marker)
    }
    expect(Object.keys(loadConfig(env)).filter((name) => name.startsWith('VITE_'))).toEqual([])
  })
})
