import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { gzipSizesFromBuild } from './gzip-sizes.ts'

const dir = mkdtempSync(path.join(tmpdir(), 'gzip-sizes-'))
mkdirSync(path.join(dir, 'assets'))
const script = 'export const a = 1;\n'.repeat(200)
writeFileSync(path.join(dir, 'assets/app.js'), script)
writeFileSync(path.join(dir, 'assets/pre.js'), script)
writeFileSync(path.join(dir, 'assets/pre.js.gz'), Buffer.alloc(123))
writeFileSync(path.join(dir, 'secret.txt'), 'x')
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const origin = 'http://localhost:4210'
const sizeOf = gzipSizesFromBuild(path.join(dir, 'assets', '..'), origin)

describe('gzipSizesFromBuild', () => {
  it('reads the precompressed sibling the server would send', () => {
    expect(sizeOf(`${origin}/assets/pre.js`)).toBe(123)
  })

  it('gzips a file without a sibling at the highest level', () => {
    expect(sizeOf(`${origin}/assets/app.js?v=1`)).toBe(gzipSync(script, { level: 9 }).length)
  })

  it('knows nothing of other origins, missing files, folders or paths out of the build', () => {
    expect(sizeOf('http://cdn.example/assets/app.js')).toBeUndefined()
    expect(sizeOf(`${origin}/assets/none.js`)).toBeUndefined()
    expect(sizeOf(`${origin}/assets`)).toBeUndefined()
    expect(sizeOf(`${origin}/assets/%2e%2e/%2e%2e/etc/passwd`)).toBeUndefined()
  })
})
