import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { compressClient } from './compress.ts'

describe('compressClient', () => {
  it('writes brotli and gzip siblings of text files only, each the file when decompressed', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'compress-'))
    mkdirSync(path.join(dir, 'assets'))
    mkdirSync(path.join(dir, 'downloads'))
    const text = 'Paystra settles on T+1. '.repeat(200)
    for (const name of [
      'index.html',
      'assets/app.js',
      'assets/app.css',
      'logo.svg',
      'sitemap.xml',
    ]) {
      writeFileSync(path.join(dir, name), text)
    }
    writeFileSync(path.join(dir, 'downloads/kit.zip'), text)
    writeFileSync(path.join(dir, 'og.png'), text)
    writeFileSync(path.join(dir, 'robots.txt'), 'A')

    const summary = compressClient(dir)
    expect(summary.files).toBe(6)
    for (const name of [
      'index.html',
      'assets/app.js',
      'assets/app.css',
      'logo.svg',
      'sitemap.xml',
    ]) {
      const file = path.join(dir, name)
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(text)
      expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(text)
    }
    for (const name of ['downloads/kit.zip', 'og.png']) {
      expect(existsSync(path.join(dir, `${name}.br`)), name).toBe(false)
      expect(existsSync(path.join(dir, `${name}.gz`)), name).toBe(false)
    }
    // One byte does not get smaller: the file is sent as it is.
    expect(existsSync(path.join(dir, 'robots.txt.br'))).toBe(false)
    expect(existsSync(path.join(dir, 'robots.txt.gz'))).toBe(false)
    expect(summary.brotliBytes).toBeLessThan(summary.bytes / 10)
  })
})
