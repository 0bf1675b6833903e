import { describe, expect, it } from 'vitest'
import { maskedAccountNumber, validateBeneficiary } from './beneficiary.ts'

describe("a validated link's payer account", () => {
  it("passes an account of the link's customer, naming its holder and masking its number", () => {
    expect(validateBeneficiary('123456789012', 'HDFC0001234', 'Asha Verma')).toEqual({
      ok: true,
      holder: 'Asha Verma',
      maskedAccount: 'XXXXXXXX9012',
    })
    expect(validateBeneficiary('123456789012', 'HDFC0001234', '')).toMatchObject({
      ok: true,
      holder: 'Test Payer',
    })
  })

  it('refuses a malformed number or IFSC, an unknown account, and another holder', () => {
    expect(validateBeneficiary('1234', 'HDFC0001234', 'A')).toEqual({
      ok: false,
      reason: 'malformed',
    })
    expect(validateBeneficiary('123456789012', 'hdfc0001234', 'A')).toMatchObject({
      reason: 'malformed',
    })
    expect(validateBeneficiary('000000000004', 'HDFC0001234', 'A')).toMatchObject({
      reason: 'not-found',
    })
    expect(validateBeneficiary('000000000013', 'HDFC0001234', 'Asha Verma')).toMatchObject({
      reason: 'name-mismatch',
    })
    // Without a customer's name, any holder passes.
    expect(validateBeneficiary('000000000013', 'HDFC0001234', '')).toMatchObject({
      ok: true,
      holder: 'R K Sharma',
    })
  })

  it('matches names as people write them: case, dots and spaces aside', () => {
    expect(validateBeneficiary('000000000013', 'HDFC0001234', 'r. k. sharma').ok).toBe(true)
    expect(maskedAccountNumber('000000000013')).toBe('XXXXXXXX0013')
  })
})
