import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkMethod } from './merchant.ts'
import { anyText, padding } from '#tests/support/arbitraries.ts'
import {
  filterUpiId,
  isBlockedUpiKey,
  isValidUpiId,
  UPI_MAX,
  UPI_MESSAGES,
  UPI_PATTERN,
  upiIdError,
} from '#core/forms/upi.ts'

const validUpiId = fc
  .stringMatching(/^[A-Za-z0-9][A-Za-z0-9.-]{0,20}@[A-Za-z]{2,12}$/)
  .filter((id) => id.length <= UPI_MAX)

/** A single key as KeyboardEvent.key names it: one character, or a named key. */
const key = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  fc.constantFrom('Backspace', 'Delete', 'ArrowLeft', 'Tab', 'Enter', 'Shift', 'Dead'),
)

describe('UPI ID rules', () => {
  it('accept every ID of the pattern: valid, no message, unchanged by typing', () => {
    fc.assert(
      fc.property(validUpiId, padding, padding, (id, before, after) => {
        expect(isValidUpiId(id)).toBe(true)
        expect(upiIdError(before + id + after)).toBeUndefined()
        expect(filterUpiId(id)).toBe(id)
      }),
    )
  })

  it('accept nothing but the pattern, within 50 characters', () => {
    fc.assert(
      fc.property(anyText(60), (value) => {
        expect(isValidUpiId(value)).toBe(UPI_PATTERN.test(value) && value.length <= UPI_MAX)
      }),
    )
  })

  it('block a key exactly when the filter would strip the character it types', () => {
    fc.assert(
      fc.property(key, (typed) => {
        if ([...typed].length !== 1) expect(isBlockedUpiKey(typed)).toBe(false)
        else expect(isBlockedUpiKey(typed)).toBe(filterUpiId(typed) === '')
        // Shortcuts always pass.
        expect(isBlockedUpiKey(typed, { ctrl: true })).toBe(false)
        expect(isBlockedUpiKey(typed, { meta: true })).toBe(false)
      }),
    )
  })

  it('typing key by key (blocked keys dropped) gives what filtering the paste gives', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })), (keys) => {
        const typed = keys.filter((k) => !isBlockedUpiKey(k)).join('')
        expect(filterUpiId(typed)).toBe(filterUpiId(keys.join('')))
      }),
    )
  })
})

describe('the demo merchant judges a UPI ID as the page does', () => {
  it('accepts exactly the IDs without a message, and refuses with the same message', () => {
    fc.assert(
      fc.property(fc.oneof(validUpiId, anyText(60)), padding, (value, around) => {
        const pageError = upiIdError(around + value + around)
        const server = checkMethod({ paymentType: 'UP', payerAddress: around + value + around })
        if (pageError === undefined) {
          expect(server).toEqual({
            ok: true,
            method: { paymentType: 'UP', mopType: 'UP', payerAddress: value.trim() },
          })
        } else {
          expect(server).toEqual({ ok: false, message: pageError })
          expect(Object.values(UPI_MESSAGES)).toContain(pageError)
        }
      }),
    )
  })
})
