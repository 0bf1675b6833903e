import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { repositoryRoot } from '#tools/measure/repository.ts'
import {
  isDistTag,
  type Lockfile,
  lockfileProblems,
  type PackageJson,
  resolveLocation,
} from './complete.ts'

const manifest = { dependencies: { vite: '^8.3.8' } }

function lockWith(packages: Lockfile['packages']): Lockfile {
  return { lockfileVersion: 3, packages: { '': { dependencies: { vite: '^8.3.8' } }, ...packages } }
}

describe('resolveLocation', () => {
  const packages = {
    'node_modules/a': {},
    'node_modules/a/node_modules/b': {},
    'node_modules/c': {},
  }

  it('looks in the package’s own node_modules first, then in each folder above', () => {
    expect(resolveLocation(packages, 'node_modules/a', 'b')).toBe('node_modules/a/node_modules/b')
    expect(resolveLocation(packages, 'node_modules/a/node_modules/b', 'c')).toBe('node_modules/c')
    expect(resolveLocation(packages, '', 'a')).toBe('node_modules/a')
  })

  it('finds nothing for a package locked nowhere on the way up', () => {
    expect(resolveLocation(packages, 'node_modules/a', 'd')).toBeUndefined()
  })
})

describe('isDistTag', () => {
  it.each(['latest', 'next', 'beta'])('takes %s for a tag', (spec) => {
    expect(isDistTag(spec)).toBe(true)
  })

  it.each(['^4.0.0', '1.5', '*', 'x', '>=1 <2', 'npm:preact@11', 'file:../kit', 'github:a/b'])(
    'takes %s for a range, an alias or a source',
    (spec) => {
      expect(isDistTag(spec)).toBe(false)
    },
  )
})

describe('lockfileProblems', () => {
  it('accepts a lockfile that locks every platform’s optional binary', () => {
    const lock = lockWith({
      'node_modules/vite': { optionalDependencies: { fsevents: '~2.3.3' } },
      'node_modules/fsevents': { version: '2.3.3' },
    })
    expect(lockfileProblems(lock, manifest)).toEqual([])
  })

  it('names an optional binary the lockfile lost, found from a nested package too', () => {
    const lock = lockWith({
      'node_modules/vite': {},
      'node_modules/vite/node_modules/rollup': {
        optionalDependencies: { '@rollup/rollup-android-arm64': '4.60.1' },
      },
    })
    expect(lockfileProblems(lock, manifest)).toEqual([
      'node_modules/vite/node_modules/rollup names the optional @rollup/rollup-android-arm64, which is not locked',
    ])
  })

  it('names a dependency of package.json the lockfile does not have, or has at another range', () => {
    const lock = lockWith({ 'node_modules/vite': {} })
    expect(
      lockfileProblems(lock, { dependencies: { vite: '^8.4.0' }, devDependencies: { tsx: '^4' } }),
    ).toEqual([
      'package.json dependencies has vite ^8.4.0, the lockfile ^8.3.8',
      'package.json devDependencies has tsx ^4, the lockfile (none)',
    ])
  })

  it('names a dependency on a dist-tag, which npm ci refuses once the tag has moved', () => {
    // Lighthouse 12.3 and later reach @paulirish/trace_engine, which asks for these at "latest".
    const lock = lockWith({
      'node_modules/vite': {},
      'node_modules/@paulirish/trace_engine': { dependencies: { 'third-party-web': 'latest' } },
      'node_modules/third-party-web': { version: '0.26.7' },
    })
    expect(lockfileProblems(lock, manifest)).toEqual([
      'node_modules/@paulirish/trace_engine names third-party-web at the dist-tag "latest", which npm ci re-resolves',
    ])
  })

  it('names a dependency that is locked nowhere', () => {
    const lock = lockWith({ 'node_modules/vite': { dependencies: { rollup: '^4.0.0' } } })
    expect(lockfileProblems(lock, manifest)).toEqual([
      'node_modules/vite names rollup, which is not locked',
    ])
  })

  it('refuses an older lockfile format', () => {
    expect(lockfileProblems({ lockfileVersion: 2 }, manifest)).toHaveLength(1)
  })

  it('holds each workspace’s package.json to its entry, and its dependencies to the lock', () => {
    const lock = lockWith({
      'node_modules/vite': {},
      tools: { dependencies: { autocannon: '^8.0.0', lighthouse: '12.2.3' } },
      'node_modules/autocannon': {},
      'tools/node_modules/lighthouse': { dependencies: { 'chrome-launcher': '^1.1.2' } },
      'node_modules/tools': {},
    })
    expect(
      lockfileProblems(lock, manifest, {
        tools: { dependencies: { autocannon: '^8.0.0', lighthouse: '12.2.3' } },
      }),
    ).toEqual(['tools/node_modules/lighthouse names chrome-launcher, which is not locked'])
    expect(
      lockfileProblems(lock, manifest, {
        tools: { dependencies: { autocannon: '^8.0.0' }, devDependencies: { vitest: '^4' } },
        bench: {},
      }),
    ).toEqual([
      'tools/package.json dependencies has lighthouse (none), the lockfile 12.2.3',
      'tools/package.json devDependencies has vitest ^4, the lockfile (none)',
      'bench/package.json is not in the lockfile',
      'tools/node_modules/lighthouse names chrome-launcher, which is not locked',
    ])
  })

  it('finds the committed lockfile complete, with every workspace', () => {
    const read = (file: string) =>
      JSON.parse(readFileSync(`${repositoryRoot}/${file}`, 'utf8')) as never
    const manifest: PackageJson = read('package.json')
    expect(manifest.workspaces).toEqual(['tools'])
    const workspaces = Object.fromEntries(
      (manifest.workspaces ?? []).map((folder) => [folder, read(`${folder}/package.json`)]),
    )
    expect(lockfileProblems(read('package-lock.json'), manifest, workspaces)).toEqual([])
  })
})
