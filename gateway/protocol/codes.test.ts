import { describe, expect, it } from 'vitest'
import { isSuccess, responseCodes } from './codes.ts'

describe('response codes', () => {
  it('only 000 is success, and it is the only Captured code', () => {
    expect(isSuccess('000')).toBe(true)
    expect(isSuccess('010')).toBe(false)
    expect(isSuccess(undefined)).toBe(false)
    const captured = Object.entries(responseCodes).filter(([, code]) => code.status === 'Captured')
    expect(captured.map(([code]) => code)).toEqual(['000'])
  })

  it('has every code of the contract, three digits each, with a message', () => {
    for (const code of [
      '000',
      '004',
      '010',
      '018',
      '020',
      '026',
      '319',
      '320',
      '321',
      '322',
      '323',
      '324',
      '325',
    ]) {
      expect(responseCodes).toHaveProperty(code)
    }
    for (const [code, { message }] of Object.entries(responseCodes)) {
      expect(code).toMatch(/^\d{3}$/)
      expect(message.length).toBeGreaterThan(5)
    }
  })

  it('pending states are Pending, so a status enquiry never reports them as final', () => {
    expect(responseCodes['026'].status).toBe('Pending')
    expect(responseCodes['006'].status).toBe('Pending')
  })
})
