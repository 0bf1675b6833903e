/**
 * Writes a brotli (.br) and a gzip (.gz) sibling beside every compressible file of the client
 * build, so the server answers static files without compressing them per request. Runs last in
 * `npm run build`:
 *   node --import tsx scripts/build/compress.ts [clientDir]
 */
import { readdirSync, readFileSync, statSync, writeFileSync, rmSync, existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** Text formats; images, archives and PDFs are compressed already. */
export const compressibleExtensions = [
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.map',
  '.xml',
  '.txt',
  '.webmanifest',
]

export interface CompressSummary {
  files: number
  bytes: number
  brotliBytes: number
  gzipBytes: number
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name)
    return statSync(file).isDirectory() ? filesUnder(file) : [file]
  })
}

/**
 * Compresses at the highest levels: the build pays once, every visitor gains. A sibling that
 * would not be smaller than its file is not written (the server then sends the file as it is).
 */
export function compressClient(clientDir = 'build/client'): CompressSummary {
  const summary: CompressSummary = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 }
  for (const file of filesUnder(clientDir)) {
    if (!compressibleExtensions.includes(path.extname(file).toLowerCase())) continue
    const content = readFileSync(file)
    const variants = [
      {
        file: `${file}.br`,
        content: brotliCompressSync(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
      },
      { file: `${file}.gz`, content: gzipSync(content, { level: constants.Z_BEST_COMPRESSION }) },
    ]
    summary.files += 1
    summary.bytes += content.length
    for (const variant of variants) {
      const smaller = variant.content.length < content.length
      if (smaller) writeFileSync(variant.file, variant.content)
      else if (existsSync(variant.file)) rmSync(variant.file)
      const size = smaller ? variant.content.length : content.length
      if (variant.file.endsWith('.br')) summary.brotliBytes += size
      else summary.gzipBytes += size
    }
  }
  return summary
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const clientDir = process.argv[2] ?? 'build/client'
  const { files, bytes, brotliBytes, gzipBytes } = compressClient(clientDir)
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`
  console.log(
    `Precompressed ${files} files in ${clientDir}: ${kb(bytes)} → brotli ${kb(brotliBytes)}, gzip ${kb(gzipBytes)}`,
  )
}
