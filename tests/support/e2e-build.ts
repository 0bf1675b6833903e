/**
 * `npm run build` with the settings the e2e server runs with (e2eSiteEnv), so the prerendered
 * guides state the delays and the address of the sandbox the tests pay through.
 */
import { spawnSync } from 'node:child_process'
import { e2eSiteEnv } from './browser-settings.ts'

const result = spawnSync('npm', ['run', 'build'], {
  stdio: 'inherit',
  env: { ...process.env, ...e2eSiteEnv() },
})
process.exit(result.status ?? 1)
