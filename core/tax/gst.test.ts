import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { providerGst } from '#core/brand/gst-registration.ts'
import { gstOn } from '#core/pricing/fees.ts'
import {
  checkGstin,
  type GstParties,
  gstinCheckCharacter,
  gstStateOf,
  gstStates,
  intraState,
  isGstin,
  placeOfSupply,
  splitGst,
} from './gst.ts'

const provider = { stateCode: '09', gstin: '09AAPCP4821K1ZW' }
const sameState: GstParties = { provider, merchant: { stateCode: '09', gstin: '09AAFCD5862R1ZT' } }
const otherState: GstParties = { provider, merchant: { stateCode: '27', gstin: '27AAGCT3418M1Z0' } }

describe('GST state codes', () => {
  it('lists 01 to 38 once each, in order', () => {
    expect(gstStates.map((state) => state.code)).toEqual(
      Array.from({ length: 38 }, (_, index) => String(index + 1).padStart(2, '0')),
    )
    expect(gstStateOf('09')?.name).toBe('Uttar Pradesh')
    expect(gstStateOf('27')?.name).toBe('Maharashtra')
    expect(gstStateOf('37')?.name).toBe('Andhra Pradesh')
    expect(gstStateOf('39')).toBeUndefined()
    expect(gstStateOf('9')).toBeUndefined()
  })

  it('marks the union territories without a legislature, not Delhi or Puducherry', () => {
    const territories = gstStates.filter((state) => state.unionTerritory).map((s) => s.code)
    expect(territories).toEqual(['04', '25', '26', '31', '35', '38'])
  })
})

describe('GSTIN', () => {
  it('accepts published GSTINs, whose check characters this computes', () => {
    // The GST portal's and tax guides' worked examples.
    for (const gstin of ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4']) {
      expect(gstinCheckCharacter(gstin.slice(0, 14))).toBe(gstin[14])
      expect(checkGstin(gstin)).toEqual({ ok: true, stateCode: gstin.slice(0, 2) })
    }
  })

  it('accepts the provider’s GSTIN, registered in the provider’s state', () => {
    expect(checkGstin(providerGst.gstin)).toEqual({ ok: true, stateCode: providerGst.stateCode })
    expect(provider).toEqual({ stateCode: providerGst.stateCode, gstin: providerGst.gstin })
  })

  it('accepts the provider and sandbox GSTINs made with it', () => {
    for (const gstin of [provider.gstin, sameState.merchant.gstin, otherState.merchant.gstin]) {
      expect(isGstin(gstin)).toBe(true)
    }
  })

  it('refuses a changed character, a wrong length, a lower case, an unknown state or no Z', () => {
    expect(checkGstin('27AAPFU0939F1ZW')).toEqual({
      ok: false,
      reason: 'its check character (the 15th) does not match',
    })
    // Two adjacent characters swapped: the weights 1 and 2 catch it.
    expect(isGstin('27AAPFU0993F1ZV')).toBe(false)
    expect(isGstin('27AAPFU0939F1Z')).toBe(false)
    expect(isGstin('27aapfu0939f1zv')).toBe(false)
    expect(isGstin('27AAPFU0939F1YV')).toBe(false)
    expect(isGstin('27AAPFU0939F0ZV')).toBe(false)
    const unknownState = `99AAPFU0939F1Z${gstinCheckCharacter('99AAPFU0939F1Z')}`
    expect(checkGstin(unknownState)).toEqual({ ok: false, reason: 'no state has the code 99' })
  })

  it('catches every single changed character', () => {
    const characters = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'
    const valid = '27AAPFU0939F1ZV'
    for (let index = 0; index < 15; index++) {
      for (const character of characters) {
        if (character === valid[index]) continue
        const changed = valid.slice(0, index) + character + valid.slice(index + 1)
        expect(isGstin(changed), changed).toBe(false)
      }
    }
  })
})

describe('place of supply and the split', () => {
  it('is the merchant’s state: CGST and SGST within the provider’s state, IGST outside it', () => {
    expect(placeOfSupply(sameState).name).toBe('Uttar Pradesh')
    expect(intraState(sameState)).toBe(true)
    expect(intraState(otherState)).toBe(false)
    // ₹1,000 at 2 %: a fee of ₹20, GST ₹3.60.
    expect(splitGst(360n, sameState)).toEqual({
      cgst: 180n,
      sgst: 180n,
      igst: 0n,
      stateTax: 'SGST',
    })
    expect(splitGst(360n, otherState)).toEqual({ cgst: 0n, sgst: 0n, igst: 360n, stateTax: 'SGST' })
  })

  it('gives an odd paisa to CGST', () => {
    expect(splitGst(361n, sameState)).toMatchObject({ cgst: 181n, sgst: 180n, igst: 0n })
    expect(splitGst(1n, sameState)).toMatchObject({ cgst: 1n, sgst: 0n })
    expect(splitGst(0n, sameState)).toMatchObject({ cgst: 0n, sgst: 0n, igst: 0n })
  })

  it('names the second half UTGST in a union territory without a legislature', () => {
    const chandigarh: GstParties = {
      provider: { stateCode: '04', gstin: '' },
      merchant: { stateCode: '04', gstin: '' },
    }
    expect(splitGst(100n, chandigarh)).toEqual({
      cgst: 50n,
      sgst: 50n,
      igst: 0n,
      stateTax: 'UTGST',
    })
  })

  it('adds up exactly to the GST charged, CGST and SGST at most a paisa apart', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 1n, max: 10_00_00_000n }), { minLength: 1, maxLength: 50 }),
        fc.boolean(),
        (fees, same) => {
          // GST as the settlements charge it: per payment, rounded, then summed.
          const gst = fees.reduce((sum, fee) => sum + gstOn(fee), 0n)
          const split = splitGst(gst, same ? sameState : otherState)
          expect(split.cgst + split.sgst + split.igst).toBe(gst)
          expect(split.cgst - split.sgst).toBeGreaterThanOrEqual(0n)
          expect(split.cgst - split.sgst).toBeLessThanOrEqual(1n)
        },
      ),
    )
  })

  it('refuses a negative amount and an unknown state', () => {
    expect(() => splitGst(-1n, sameState)).toThrow('GST cannot be negative')
    expect(() => splitGst(1n, { provider, merchant: { stateCode: '99', gstin: '' } })).toThrow(
      'No GST state has the code 99',
    )
  })
})
