import { createServer } from 'node:http'
import path from 'node:path'
import type { ServerBuild } from 'react-router'
import { createApp } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'

async function main() {
  const config = loadConfig()
  const root = process.cwd()
  const httpServer = createServer()

  if (config.NODE_ENV === 'development') {
    const vite = await import('vite')
    // Hot reload rides on the site's own server and port, so development servers running side
    // by side never answer each other's browsers.
    const viteServer = await vite.createServer({
      server: { middlewareMode: true, hmr: { server: httpServer } },
    })
    httpServer.on(
      'request',
      createApp({
        mode: 'development',
        viteMiddleware: viteServer.middlewares,
        build: () =>
          viteServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
      }),
    )
  } else {
    const build = (await import(path.join(root, 'build/server/index.js'))) as ServerBuild
    httpServer.on(
      'request',
      createApp({ mode: 'production', build, clientDir: path.join(root, 'build/client') }),
    )
  }

  httpServer.listen(config.PORT, config.HOST, () => {
    console.log(`Site ready on http://localhost:${config.PORT}`)
  })
  const shutdown = () => {
    httpServer.close(() => process.exit(0))
    setTimeout(() => process.exit(0), 5000).unref()
  }
  process.on('SIGTERM', shutdown)
  process.on('SIGINT', shutdown)
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
