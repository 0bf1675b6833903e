import { describe, expect, it } from 'vitest'
import { UsageError } from '#tools/measure/command-line.ts'
import { defaultOptions, parseBenchArgs, usage } from './options.ts'

describe('parseBenchArgs', () => {
  it('measures for the budgets by default: build first, nginx, /about, 200 requests/s', () => {
    expect(parseBenchArgs([])).toEqual(defaultOptions)
    expect(defaultOptions).toMatchObject({ build: true, nginx: true, page: '/about', apiRate: 200 })
    expect(defaultOptions.apiSeconds).toBe(20)
  })

  it('reads the development flags, with values after a space or an equals sign', () => {
    expect(
      parseBenchArgs([
        '--duration',
        '3',
        '--no-build',
        '--skip-nginx',
        '--page=/pricing/',
        '--ports',
        '4230-4239',
      ]),
    ).toMatchObject({
      pageSeconds: 3,
      apiSeconds: 3,
      build: false,
      nginx: false,
      page: '/pricing',
      ports: [4230, 4239],
    })
    expect(parseBenchArgs(['--duration=0.5'])).toMatchObject({ pageSeconds: 0.5, apiSeconds: 0.5 })
    expect(parseBenchArgs(['--page', '/'])).toMatchObject({ page: '/' })
    expect(
      parseBenchArgs(['--api-rate', '50', '--api-connections', '5', '--connections', '8']),
    ).toMatchObject({
      apiRate: 50,
      apiConnections: 5,
      pageConnections: 8,
    })
  })

  it('reads a list of worker counts, in the order given; without it there is no comparison', () => {
    expect(parseBenchArgs([])).not.toHaveProperty('workers')
    expect(parseBenchArgs(['--workers', '1,2'])).toMatchObject({ workers: [1, 2] })
    expect(parseBenchArgs(['--workers=4,1,2'])).toMatchObject({ workers: [4, 1, 2] })
    expect(parseBenchArgs(['--workers', '64'])).toMatchObject({ workers: [64] })
    expect(parseBenchArgs(['--workers', '2'])).toMatchObject({ takeWaitingMail: false })
    expect(parseBenchArgs(['--take-waiting-mail', '--workers', '2'])).toMatchObject({
      takeWaitingMail: true,
    })
  })

  it('names the help for --workers and what it leaves out', () => {
    expect(usage).toContain('--workers 1,2')
    expect(usage).toContain('Needs DATABASE_URL')
    expect(usage).toContain('budgets are not judged')
  })

  it('answers help', () => {
    expect(parseBenchArgs(['--help'])).toBe('help')
    expect(parseBenchArgs(['-h'])).toBe('help')
  })

  it.each([
    [['--duration'], '--duration needs a value'],
    [['--duration', '--no-build'], '--duration needs a value'],
    [['--duration', '0'], 'positive number'],
    [['--duration', 'ten'], 'positive number'],
    [['--connections', '2.5'], 'positive whole number'],
    [['--page', 'about'], 'site path'],
    [['--page', '/../etc'], 'site path'],
    [['--ports', '4230'], 'range'],
    [['--ports', '4239-4230'], 'range'],
    [['--ports', '80-90'], 'range'],
    [['--api-rate', '2', '--api-connections', '4'], 'cannot exceed'],
    [['--fast'], 'Unknown option --fast (npm run bench -- --help lists them)'],
    [['--page='], 'site path'],
    [['--workers'], '--workers needs a value'],
    [['--workers', '0'], 'worker counts from 1 to 64 separated by commas, such as 1,2, not "0"'],
    [['--workers', '1,65'], 'from 1 to 64'],
    [['--workers', '1,,2'], 'not "1,,2"'],
    [['--workers', '1,2,'], 'not "1,2,"'],
    [['--workers', '1, 2'], 'not "1, 2"'],
    [['--workers', '1.5'], 'from 1 to 64'],
    [['--workers=-1'], 'from 1 to 64'],
    [['--workers', '-1'], '--workers needs a value (one that starts with - goes after ='],
    [['--workers', '0x2'], 'from 1 to 64'],
    [['--workers', 'two'], 'from 1 to 64'],
    [['--workers', '1,2,1'], '--workers lists 1 twice ("1,2,1")'],
    [['--take-waiting-mail'], '--take-waiting-mail goes with --workers'],
    [['--skip-nginx=no'], '--skip-nginx takes no value'],
    [['/about'], 'Unexpected argument /about'],
  ])('refuses %j', (args, message) => {
    expect(() => parseBenchArgs(args)).toThrow(UsageError)
    expect(() => parseBenchArgs(args)).toThrow(message)
  })
})
