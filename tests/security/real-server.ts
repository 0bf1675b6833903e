/**
 * The real server process for the security tests: started as `npm run serve` starts it
 * (server/start.ts, NODE_ENV not set unless a test sets it), in a working folder of its own whose
 * build holds a small React Router build rendered through the site's real entry
 * (tests/support/page-build.ts), so pages, the APIs, the demo merchant and the sandbox all answer
 * without `npm run build`.
 */
import type { ChildProcess } from 'node:child_process'
import { rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll } from 'vitest'
import { freePort, makeWorkDir, repoRoot, spawnServer } from '#tests/support/server-process.ts'

export interface RealServer {
  url: string
  port: number
  child: ChildProcess
  output(): string
}

const pageBuildModule = `import { pageBuild } from ${JSON.stringify(
  path.join(repoRoot, 'tests/support/page-build.ts'),
)}
const build = pageBuild()
export const { entry, routes, assets, basename, publicPath, assetsBuildDirectory, future, ssr, isSpaMode, prerender, routeDiscovery } = build
`

/** Starts a server for the calling test file; it is killed and its folder removed after the file. */
export function realServer(env: Record<string, string> = {}): () => Promise<RealServer> {
  let started: RealServer | undefined
  let workDir: string | undefined
  afterAll(() => {
    started?.child.kill('SIGKILL')
    if (workDir) rmSync(workDir, { recursive: true, force: true })
  })
  return async () => {
    workDir = makeWorkDir()
    writeFileSync(path.join(workDir, 'build/server/index.js'), pageBuildModule)
    const port = await freePort()
    const childEnv: Record<string, string | undefined> = {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: path.join(workDir, 'data'),
      // The page build's modules live in the repository, outside the working folder: tsx reads
      // the repository's tsconfig for them (the JSX runtime) only when told where it is.
      TSX_TSCONFIG_PATH: path.join(repoRoot, 'tsconfig.json'),
      ...env,
    }
    // Vitest runs with NODE_ENV=test; the operator's shell has none.
    if (!('NODE_ENV' in env)) delete childEnv.NODE_ENV
    const { child, output } = await spawnServer(
      ['--import', 'tsx', path.join(repoRoot, 'server/start.ts')],
      { cwd: workDir, env: childEnv },
    )
    started = { url: `http://127.0.0.1:${port}`, port, child, output }
    return started
  }
}
