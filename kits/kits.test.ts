/**
 * Every kit language against a sandbox started here. `KIT=php` (comma-separated) runs some only.
 * Python needs `cryptography`: PYTHON names the interpreter (Debian's /usr/bin/python3 has it).
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
