import { describe, expect, it } from 'vitest'
import { ArgumentReader, UsageError } from './command-line.ts'

function readAll(args: string[]) {
  const reader = new ArgumentReader(args)
  const seen: Array<[string, string]> = []
  for (let flag = reader.nextFlag(); flag !== undefined; flag = reader.nextFlag()) {
    seen.push([flag, flag === '--no-build' ? '' : reader.value(flag)])
  }
  return seen
}

describe('ArgumentReader', () => {
  it('reads --flag value and --flag=value alike, keeping = inside the value', () => {
    expect(readAll(['--page', '/about', '--no-build', '--out=/tmp/a=b'])).toEqual([
      ['--page', '/about'],
      ['--no-build', ''],
      ['--out', '/tmp/a=b'],
    ])
  })

  it('refuses a missing value, including a flag where the value should be', () => {
    expect(() => readAll(['--page'])).toThrow('--page needs a value')
    expect(() => readAll(['--page', '--no-build'])).toThrow(UsageError)
  })

  it.each([
    ['2.5', {}, 2.5],
    ['3', { integer: true }, 3],
  ])('takes %s as a positive number (%o)', (text, rule, expected) => {
    const reader = new ArgumentReader([text])
    expect(reader.positive('--rate', rule)).toBe(expected)
  })

  it.each([
    ['0', {}, 'positive number'],
    ['-1', {}, 'positive number'],
    ['ten', {}, 'positive number'],
    ['Infinity', {}, 'positive number'],
    ['2.5', { integer: true }, 'positive whole number'],
  ])('refuses %s as a positive number (%o)', (text, rule, message) => {
    expect(() => new ArgumentReader([text]).positive('--rate', rule)).toThrow(message)
  })

  it('reads a port range and holds it to the ports the command needs', () => {
    expect(new ArgumentReader(['4230-4239']).portRange('--ports', 2)).toEqual([4230, 4239])
    expect(new ArgumentReader(['4230-4230']).portRange('--ports')).toEqual([4230, 4230])
    for (const [text, count] of [
      ['4230-4230', 2],
      ['4239-4230', 1],
      ['4230', 1],
      ['80-90', 1],
      ['60000-70000', 1],
    ] as const) {
      expect(() => new ArgumentReader([text]).portRange('--ports', count), text).toThrow(
        /--ports needs a range LOW-HIGH/,
      )
    }
  })

  it('keeps the argument as typed for an unknown-option message', () => {
    const reader = new ArgumentReader(['--fast=yes'])
    expect(reader.nextFlag()).toBe('--fast')
    expect(reader.current).toBe('--fast=yes')
  })
})
