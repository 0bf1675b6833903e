/**
 * Each shop plugin's README, as its archive ships it: its commands run (the plugin's own tests,
 * from the unpacked archive), the shop's commands are only parsed, and its `{{…}}` facts name
 * the site's own sandbox.
 */
import path from 'node:path'
import { archivePlans } from '#scripts/build/downloads/archive-plan.ts'
import { describeArchiveReadmes, readmesOf } from '#kits/harness/readme-samples.ts'

const pluginsDir = import.meta.dirname
const pluginArchives = archivePlans().filter((plan) =>
  plan.entries.some((entry) => entry.to === '.' && path.dirname(entry.from) === pluginsDir),
)

describeArchiveReadmes(
  'Shop plugin READMEs, run as a reader would',
  readmesOf(pluginArchives),
  undefined,
)
