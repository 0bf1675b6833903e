/**
 * Every kit language against a sandbox started here. `KIT=php` (comma-separated) runs some only.
 * Python uses `cryptography` when the interpreter has it (PYTHON names it; Debian's /usr/bin/python3
 * does), else the kit's standard-library AES; the kit's own tests run on both.
 */
import { existsSync } from 'node:fs'
import { describeReadmeSamples } from './harness/readme-samples.ts'
import { describeKit } from './harness/suite.ts'
import { kitLanguageIds, loadKitLanguage } from './manifest.ts'

if (!process.env.PYTHON && existsSync('/usr/bin/python3')) process.env.PYTHON = '/usr/bin/python3'

const only = process.env.KIT?.split(',').map((id) => id.trim())
for (const id of kitLanguageIds) {
  if (only && !only.includes(id)) continue
  const language = await loadKitLanguage(id)
  describeKit(language)
  describeReadmeSamples(language)
}
