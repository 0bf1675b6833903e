import { describe, expect, it } from 'vitest'
import { table } from './report.ts'

describe('table', () => {
  it('pads the first column to the left and numbers to the right', () => {
    expect(
      table(
        ['kind', 'count'],
        [
          ['page', '158'],
          ['contact', '9'],
        ],
      ),
    ).toBe(['kind     count', '-------  -----', 'page       158', 'contact      9'].join('\n'))
  })
})
