/**
 * Writes the OpenAPI document's examples from a fresh sandbox (in memory):
 *   node --import tsx tests/support/record-openapi-examples.ts
 * Run it when the sandbox's answers change; gateway/openapi/examples.test.ts fails until then.
 */
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { startSandboxServer } from '#gateway/server.ts'
import {
  exampleLimits,
  examplePublicUrl,
  exampleMerchant,
  limitedExampleLimits,
  recordExamples,
  recordLimitExamples,
  recordListenExamples,
} from './openapi-scenario.ts'

const sandbox = await startSandboxServer({
  merchants: [exampleMerchant],
  publicUrl: examplePublicUrl,
  // Delivery to the examples' NOTIFY_URL fails (a reserved domain): the attempts show it.
  webhooks: { baseDelayMs: 3_600_000 },
  limits: exampleLimits,
  // Only an account listens: the event stream's examples make one.
  accounts: {},
})
// The 429 examples come from a sandbox of their own whose merchant limit is one call a minute.
const limited = await startSandboxServer({
  merchants: [exampleMerchant],
  publicUrl: examplePublicUrl,
  limits: limitedExampleLimits,
})
try {
  const examples = [
    ...(await recordListenExamples(sandbox.url)),
    ...(await recordExamples(sandbox.url)),
    ...(await recordLimitExamples(limited.url)),
  ]
  // Let the first delivery attempts finish, then list them.
  const file = fileURLToPath(new URL('../../gateway/openapi/examples.json', import.meta.url))
  writeFileSync(file, `${JSON.stringify(examples, null, 2)}\n`)
  console.log(`Wrote ${examples.length} examples to ${file}`)
} finally {
  await sandbox.close()
  await limited.close()
}
