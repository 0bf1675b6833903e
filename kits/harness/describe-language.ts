/**
 * One kit language, run for real: its core's and examples' tests, every example paid through a
 * sandbox (suite.ts), then every README block as a reader runs it (readme-samples.ts). Each
 * language has a test file of its own (kits/<id>.test.ts), so Vitest runs the languages side by
 * side. `KIT=php,ruby` runs some only.
 *
 * Python uses `cryptography` when the interpreter has it (PYTHON names it; Debian's
 * /usr/bin/python3 does), else the kit's standard-library AES; the kit's own tests run on both.
 */
import { existsSync } from 'node:fs'
import { kitLanguageIds, loadKitLanguage } from '#kits/manifest.ts'
import { describeReadmeSamples } from './readme-samples.ts'
import { describeKit } from './suite.ts'
import type { LanguageId } from './types.ts'

export async function describeLanguage(id: LanguageId): Promise<void> {
  if (!kitLanguageIds.includes(id)) throw new Error(`Unknown kit language "${id}"`)
  const only = process.env.KIT?.split(',').map((name) => name.trim())
  if (only && !only.includes(id)) return
  if (!process.env.PYTHON && existsSync('/usr/bin/python3')) process.env.PYTHON = '/usr/bin/python3'
  const language = await loadKitLanguage(id)
  // Each language's test file is a process of its own: what it spawns inherits these.
  Object.assign(process.env, language.testEnv)
  describeKit(language)
  describeReadmeSamples(language)
}
