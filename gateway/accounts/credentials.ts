import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { deriveMerchantHostedKey } from '#core/protocol/cipher.ts'

/** What a new sandbox account is given, each secret from the system's CSPRNG. */
export interface AccountCredentials {
  /** 16 digits, never starting with 0 and never the demo merchant's. */
  payId: string
  /** 16 lower-case hex characters (64 bits), as the demo merchant's. */
  salt: string
  keySalt: string
  /** `wh_` and 32 hex characters (128 bits). */
  webhookSecret: string
  /** The console link's secret: 32 random bytes, Base64URL (256 bits). */
  consoleToken: string
  /** A made-up 14-digit bank account its settlements are paid to. */
  bankAccount: string
}

export type RandomSource = {
  bytes: (count: number) => Buffer
  digit: () => number
}

const systemRandom: RandomSource = { bytes: randomBytes, digit: () => randomInt(10) }

function digits(count: number, random: RandomSource): string {
  let text = String(1 + (random.digit() % 9))
  while (text.length < count) text += String(random.digit())
  return text
}

export function newCredentials(
  reservedPayIds: readonly string[],
  random: RandomSource = systemRandom,
): AccountCredentials {
  let payId = digits(16, random)
  while (reservedPayIds.includes(payId)) payId = digits(16, random)
  return {
    payId,
    salt: random.bytes(8).toString('hex'),
    keySalt: random.bytes(8).toString('hex'),
    webhookSecret: newWebhookSecret(random),
    consoleToken: random.bytes(32).toString('base64url'),
    bankAccount: digits(14, random),
  }
}

/** A webhook secret: `wh_` and 32 hex characters (128 bits), at creation and at each rotation. */
export function newWebhookSecret(random: RandomSource = systemRandom): string {
  return `wh_${random.bytes(16).toString('hex')}`
}

/** The merchant-hosted (and ENCDATA) key of an account, derived as every merchant's is. */
export function merchantHostedKeyOf(credentials: Pick<AccountCredentials, 'keySalt' | 'payId'>) {
  return deriveMerchantHostedKey(credentials.keySalt, credentials.payId)
}

/** How a console token is stored and looked up: its SHA-256, hex. */
export function consoleTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}

/** A console token's shape, checked before anything is hashed or looked up. */
export function isConsoleToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value)
}

/** Compares a token with a stored hash in constant time. */
export function consoleTokenMatches(token: string, storedHash: string): boolean {
  const given = Buffer.from(consoleTokenHash(token), 'hex')
  const stored = Buffer.from(storedHash, 'hex')
  return given.length === stored.length && timingSafeEqual(given, stored)
}
