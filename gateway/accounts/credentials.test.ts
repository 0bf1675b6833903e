import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { deriveMerchantHostedKey } from '#core/protocol/cipher.ts'
import {
  consoleTokenHash,
  consoleTokenMatches,
  isConsoleToken,
  merchantHostedKeyOf,
  newCredentials,
  type RandomSource,
} from './credentials.ts'
import { accountEnvFile } from './env-file.ts'
import { checkAccountName } from './name.ts'

/** A source that repeats one digit and one byte: the draws a reserved PAY_ID must survive. */
function fixed(digits: number[], byte = 0xab): RandomSource {
  let at = 0
  return {
    bytes: (count) => Buffer.alloc(count, byte),
    digit: () => digits[at++ % digits.length]!,
  }
}

describe('newCredentials', () => {
  it('draws a 16-digit PAY_ID without a leading zero, hex salts, a 128-bit webhook secret and a 256-bit console token', () => {
    const credentials = newCredentials([])
    expect(credentials.payId).toMatch(/^[1-9]\d{15}$/)
    expect(credentials.salt).toMatch(/^[0-9a-f]{16}$/)
    expect(credentials.keySalt).toMatch(/^[0-9a-f]{16}$/)
    expect(credentials.webhookSecret).toMatch(/^wh_[0-9a-f]{32}$/)
    expect(isConsoleToken(credentials.consoleToken)).toBe(true)
    expect(credentials.bankAccount).toMatch(/^[1-9]\d{13}$/)
    expect(newCredentials([]).consoleToken).not.toBe(credentials.consoleToken)
  })

  it('draws again rather than give a reserved PAY_ID (the demo merchant’s)', () => {
    // The first 16 draws make 1000000000000001 (0 maps to 1 for the first digit).
    const demo = `1${'0'.repeat(14)}1`
    const digits = [0, ...Array(14).fill(0), 1, 2, ...Array(15).fill(3)]
    const credentials = newCredentials([demo], fixed(digits))
    expect(credentials.payId).not.toBe(demo)
    expect(credentials.payId).toMatch(/^\d{16}$/)
  })

  it('derives the merchant-hosted key as every merchant’s', () => {
    const credentials = newCredentials([])
    expect(merchantHostedKeyOf(credentials)).toBe(
      deriveMerchantHostedKey(credentials.keySalt, credentials.payId),
    )
  })
})

describe('console tokens', () => {
  it('are kept as their SHA-256 and compared with it', () => {
    const { consoleToken } = newCredentials([])
    const stored = consoleTokenHash(consoleToken)
    expect(stored).toMatch(/^[0-9a-f]{64}$/)
    expect(consoleTokenMatches(consoleToken, stored)).toBe(true)
    expect(consoleTokenMatches(`${consoleToken.slice(0, -1)}x`, stored)).toBe(false)
    expect(consoleTokenMatches(consoleToken, 'abc')).toBe(false)
  })

  it('have one shape: 43 Base64URL characters', () => {
    expect(isConsoleToken('A'.repeat(43))).toBe(true)
    for (const bad of ['A'.repeat(42), 'A'.repeat(44), `${'A'.repeat(42)}/`, '']) {
      expect(isConsoleToken(bad)).toBe(false)
    }
  })
})

describe('accountEnvFile', () => {
  const credentials = {
    payId: '2345678901234567',
    salt: '0123456789abcdef',
    keySalt: 'fedcba9876543210',
    webhookSecret: `wh_${'c'.repeat(32)}`,
  }
  const setting = (text: string, key: string) => new RegExp(`^${key}=(.*)$`, 'm').exec(text)?.[1]

  it('sets every setting of the kits’ own example, with the account’s keys', () => {
    const example = readFileSync('kits/paystra.env.example', 'utf8')
    const keys = [...example.matchAll(/^#?\s*([A-Z_]+)=/gm)].map((match) => match[1]!)
    const file = accountEnvFile(credentials, {
      sandboxUrl: 'https://pay.example/sandbox',
      privateWebhooks: true,
    })
    for (const key of keys) expect(file, key).toMatch(new RegExp(`^#? ?${key}=`, 'm'))
    expect(setting(file, 'PAYSTRA_BASE_URL')).toBe('https://pay.example/sandbox')
    expect(setting(file, 'PAYSTRA_PAY_ID')).toBe(credentials.payId)
    expect(setting(file, 'PAYSTRA_SALT')).toBe(credentials.salt)
    expect(setting(file, 'PAYSTRA_KEY_SALT')).toBe(credentials.keySalt)
    expect(setting(file, 'PAYSTRA_WEBHOOK_SECRET')).toBe(credentials.webhookSecret)
  })

  it('sets the webhook secret where the sandbox sends nothing to localhost, and names paystra listen', () => {
    const file = accountEnvFile(credentials, {
      sandboxUrl: 'https://pay.example/sandbox',
      privateWebhooks: false,
    })
    expect(setting(file, 'PAYSTRA_WEBHOOK_SECRET')).toBe(credentials.webhookSecret)
    expect(file).toContain('node paystra.mjs listen --forward-to http://localhost:8000/webhook')
  })
})

describe('checkAccountName', () => {
  it('trims, folds spaces, and gives the default for nothing', () => {
    expect(checkAccountName(undefined)).toEqual({ ok: true, name: 'Test store' })
    expect(checkAccountName('   ')).toEqual({ ok: true, name: 'Test store' })
    expect(checkAccountName('  Chai   & Co. ')).toEqual({ ok: true, name: 'Chai & Co.' })
    expect(checkAccountName('मसाला मार्ट')).toEqual({ ok: true, name: 'मसाला मार्ट' })
    expect(checkAccountName("D'Souza (Goa) - 24/7")).toMatchObject({ ok: true })
  })

  it('refuses markup, control characters, other types and names over 60 characters', () => {
    for (const bad of ['<b>', 'a\u0000b', 'tab\there', 'x'.repeat(61), 7, ['a'], 'a"b']) {
      expect(checkAccountName(bad)).toMatchObject({ ok: false })
    }
    expect(checkAccountName('x'.repeat(60))).toMatchObject({ ok: true })
  })
})
