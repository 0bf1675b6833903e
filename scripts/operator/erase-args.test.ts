import { describe, expect, it } from 'vitest'
import { InvalidAddressError } from '#server/retention/erase.ts'
import { parseEraseArgs } from './erase-args.ts'
import { UsageError } from './operator-command.ts'

describe('npm run erase arguments', () => {
  it('reads one address, as --email ADDRESS or --email=ADDRESS, trimmed and lower-cased', () => {
    expect(parseEraseArgs(['--email', ' Asha@Example.com '])).toBe('asha@example.com')
    expect(parseEraseArgs(['--email=asha@example.com'])).toBe('asha@example.com')
  })

  // Each is printed with exit code 2 (retention-scripts.test.ts runs one as a process).
  it.each([
    [[], UsageError, /Missing --email/],
    [['--email'], InvalidAddressError, /Give the e-mail address/],
    [['--email', 'asha'], InvalidAddressError, /"asha" is not an e-mail address/],
    [['--email=asha@'], InvalidAddressError, /is not an e-mail address/],
    [['--emial', 'asha@example.com'], UsageError, /Unknown argument --emial/],
    [['--email', 'a@example.com', '--email', 'b@example.com'], UsageError, /Give one --email/],
  ])('refuses %j', (args, kind, message) => {
    expect(() => parseEraseArgs(args)).toThrow(kind)
    expect(() => parseEraseArgs(args)).toThrow(message)
  })
})
