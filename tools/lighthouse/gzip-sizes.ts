import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { constants, gzipSync } from 'node:zlib'
import type { GzipSizeOf } from './report.ts'

/**
 * Gzip bytes of a URL of our own server, from the client build: the precompressed .gz sibling
 * the server sends, or the file gzipped here at the same level. Undefined for other URLs and
 * for files the build does not have (pages rendered per request).
 */
export function gzipSizesFromBuild(clientDir: string, origin: string): GzipSizeOf {
  const root = path.resolve(clientDir)
  const cache = new Map<string, number | undefined>()
  return (url) => {
    const parsed = new URL(url)
    if (parsed.origin !== origin) return undefined
    const key = parsed.pathname
    if (cache.has(key)) return cache.get(key)
    const file = path.resolve(root, `.${decodeURIComponent(key)}`)
    let size: number | undefined
    if (file.startsWith(root + path.sep) && existsSync(file) && statSync(file).isFile()) {
      size = existsSync(`${file}.gz`)
        ? statSync(`${file}.gz`).size
        : gzipSync(readFileSync(file), { level: constants.Z_BEST_COMPRESSION }).length
    }
    cache.set(key, size)
    return size
  }
}
