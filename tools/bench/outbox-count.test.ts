import { describe, expect, it } from 'vitest'
import { storedSince } from './outbox-count.ts'

describe('storedSince', () => {
  it('gives what was added between two counts, statuses seen in either included', () => {
    expect(
      storedSince(
        { contactMessages: 10, outbox: { delivered: 8, dead: 2 }, mailFiles: 0 },
        { contactMessages: 110, outbox: { delivered: 107, dead: 2, pending: 1 }, mailFiles: 99 },
      ),
    ).toEqual({
      contactMessages: 100,
      outbox: { delivered: 99, dead: 0, pending: 1 },
      mailFiles: 99,
    })
  })
})
