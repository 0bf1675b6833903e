import { spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { type LighthouseReport, LighthouseRunError } from './report'
import { chromiumArgs } from '../../playwright.config.ts'

/** Kept out of the lockfile (docs/architecture.md): npx fetches it once into its cache. */
export const lighthousePackage = 'lighthouse@12.8.2'

export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'

export const categories = 'performance,accessibility,best-practices,seo'

/** Lighthouse's own retryable failure on a busy machine: the trace lost its navigation start. */
const retryable = new Set(['NO_NAVSTART'])

function runOnce(url: string, outFile: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'npx',
      [
        '--yes',
        lighthousePackage,
        url,
        '--quiet',
        '--output=json',
        `--output-path=${outFile}`,
        `--only-categories=${categories}`,
        `--chrome-flags=${chromiumArgs.join(' ')}`,
      ],
      {
        env: { ...process.env, CHROME_PATH: chromePath },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    )
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000)
    })
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.on('exit', (code, signal) => {
      clearTimeout(timer)
      if (code === 0) return resolve()
      const known = /\b(NO_[A-Z_]+|[A-Z]+_[A-Z_]+)\b/.exec(stderr)?.[1]
      reject(
        new LighthouseRunError(
          known ?? 'LIGHTHOUSE_FAILED',
          `Lighthouse ${signal ? `was stopped (${signal})` : `exited with ${code}`} on ${url}: ${stderr.trim().split('\n').slice(-5).join('\n')}`,
        ),
      )
    })
  })
}

/** One Lighthouse run (mobile, default throttling) of `url`; retried once on NO_NAVSTART. */
export async function runLighthouse(
  url: string,
  outFile: string,
  timeoutMs = 180_000,
): Promise<LighthouseReport> {
  for (let attempt = 1; ; attempt++) {
    try {
      await runOnce(url, outFile, timeoutMs)
      const report = JSON.parse(await readFile(outFile, 'utf8')) as LighthouseReport
      if (report.runtimeError) {
        throw new LighthouseRunError(report.runtimeError.code, report.runtimeError.message)
      }
      return report
    } catch (error) {
      if (attempt === 1 && error instanceof LighthouseRunError && retryable.has(error.code)) {
        continue
      }
      throw error
    }
  }
}
