import { randomInt } from 'node:crypto'
import type { ResponseCode } from '#core/protocol/codes.ts'

/**
 * What the acquirer adds to a payment's response, as a real one fills it for the method used:
 * cards get an acquirer id, a retrieval reference number (RRN), an authorisation code when
 * approved and the masked card; UPI an acquirer id and the RRN of the UPI switch; net banking
 * and wallets the bank's or wallet's own reference. A payment cancelled before it reached the
 * bank carries none of them.
 */
export interface AcquirerFields {
  acqId: string
  rrn: string
  authCode: string
  cardMask: string
}

export const noAcquirerFields: AcquirerFields = { acqId: '', rrn: '', authCode: '', cardMask: '' }

/** The acquirer's own words for an outcome (PG_TXN_MESSAGE), beside the gateway's message. */
export const acquirerMessages: Partial<Record<ResponseCode, string>> = {
  '000': 'Approved',
  '004': 'Do not honour: declined by the issuer',
  '006': 'Awaiting the customer',
  '010': 'Cancelled by the customer before authorisation',
  '020': 'Insufficient funds',
  '026': 'Awaiting confirmation from the remitter bank',
}

export function acquirerFields(
  paymentType: string,
  code: ResponseCode,
  cardNumber?: string,
  now = new Date(),
): AcquirerFields {
  if (code === '010') return noAcquirerFields
  switch (paymentType) {
    case 'CC':
    case 'DC':
      return {
        acqId: digits(12),
        rrn: retrievalReference(now),
        authCode: code === '000' ? String(randomInt(100_000, 1_000_000)) : '',
        cardMask: cardNumber ? maskCard(cardNumber) : '',
      }
    case 'UP':
      return { ...noAcquirerFields, acqId: digits(12), rrn: retrievalReference(now) }
    case 'NB':
    case 'WL':
      return { ...noAcquirerFields, acqId: `${paymentType}${digits(10)}` }
    default:
      return noAcquirerFields
  }
}

/** First six and last four digits, the rest X: `411111XXXXXX1111`. */
export function maskCard(number: string): string {
  const plain = number.replace(/\D/g, '')
  if (plain.length < 12) return ''
  return `${plain.slice(0, 6)}${'X'.repeat(plain.length - 10)}${plain.slice(-4)}`
}

/**
 * 12 digits as card networks make them: the last digit of the year, the day of the year
 * (3 digits), the hour (2 digits), then 6 digits of sequence.
 */
export function retrievalReference(now = new Date()): string {
  const start = Date.UTC(now.getUTCFullYear(), 0, 0)
  const day = Math.floor((now.getTime() - start) / 86_400_000)
  return (
    String(now.getUTCFullYear() % 10) +
    String(day).padStart(3, '0') +
    String(now.getUTCHours()).padStart(2, '0') +
    digits(6)
  )
}

function digits(count: number): string {
  let text = ''
  while (text.length < count) text += String(randomInt(0, 1_000_000)).padStart(6, '0')
  return text.slice(0, count)
}
