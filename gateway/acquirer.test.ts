import { describe, expect, it } from 'vitest'
import { acquirerFields, maskCard, retrievalReference } from './acquirer.ts'

describe('acquirerFields', () => {
  it('fills a card approval with an id, an RRN, an authorisation code and the masked card', () => {
    const fields = acquirerFields('CC', '000', '4111 1111 1111 1111')
    expect(fields.acqId).toMatch(/^\d{12}$/)
    expect(fields.rrn).toMatch(/^\d{12}$/)
    expect(fields.authCode).toMatch(/^\d{6}$/)
    expect(fields.cardMask).toBe('411111XXXXXX1111')
  })

  it('gives a declined card no authorisation code', () => {
    expect(acquirerFields('CC', '004', '4000000000000002')).toMatchObject({
      authCode: '',
      cardMask: '400000XXXXXX0002',
    })
  })

  it('gives UPI an RRN and no card details, net banking and wallets a bank reference only', () => {
    expect(acquirerFields('UP', '000')).toMatchObject({ authCode: '', cardMask: '' })
    expect(acquirerFields('UP', '000').rrn).toMatch(/^\d{12}$/)
    expect(acquirerFields('NB', '000')).toMatchObject({ rrn: '', authCode: '', cardMask: '' })
    expect(acquirerFields('WL', '004').acqId).toMatch(/^WL\d{10}$/)
  })

  it('gives a payment cancelled before the bank nothing', () => {
    expect(acquirerFields('CC', '010', '4111111111111111')).toEqual({
      acqId: '',
      rrn: '',
      authCode: '',
      cardMask: '',
    })
  })
})

describe('maskCard and retrievalReference', () => {
  it('keeps the first six and last four digits of any length', () => {
    expect(maskCard('4000000000009995')).toBe('400000XXXXXX9995')
    expect(maskCard('378282246310005')).toBe('378282XXXXX0005')
    expect(maskCard('1234')).toBe('')
  })

  it('starts an RRN with the year digit, the day of the year and the hour', () => {
    expect(retrievalReference(new Date('2026-11-25T09:30:00Z')).slice(0, 6)).toBe('632909')
  })
})
