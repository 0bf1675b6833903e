import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { currencyVectors } from './vectors.ts'

describe('the currencies section of the protocol test vectors', () => {
  it('is what core/currency computes (regenerate it with core/currency/vectors.ts when rates change)', () => {
    const vectors = JSON.parse(
      readFileSync(new URL('../protocol/vectors.json', import.meta.url), 'utf8'),
    ) as { currencies: unknown }
    expect(vectors.currencies).toEqual(currencyVectors())
  })
})
