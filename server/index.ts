import path from 'node:path'
import type { ServerBuild } from 'react-router'
import { createApp } from './app'
import { ConfigError, loadConfig } from './config'

async function main() {
  const config = loadConfig()
  const root = process.cwd()
  let app
  if (config.NODE_ENV === 'development') {
    const vite = await import('vite')
    // The hot-reload socket gets a port derived from the site's, so development servers running
    // side by side (one per port) never answer each other's browsers.
    const viteServer = await vite.createServer({
      server: { middlewareMode: true, ws: { port: config.PORT + 20000 } },
    })
    app = createApp({
      mode: 'development',
      viteMiddleware: viteServer.middlewares,
      build: () =>
        viteServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
    })
  } else {
    const buildPath = path.join(root, 'build/server/index.js')
    const build = (await import(buildPath)) as ServerBuild
    app = createApp({ mode: 'production', build, clientDir: path.join(root, 'build/client') })
  }

  const server = app.listen(config.PORT, config.HOST, () => {
    console.log(`Site ready on http://localhost:${config.PORT}`)
  })
  const shutdown = () => {
    server.close(() => process.exit(0))
    setTimeout(() => process.exit(0), 5000).unref()
  }
  process.on('SIGTERM', shutdown)
  process.on('SIGINT', shutdown)
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message)
  } else {
    console.error(error)
  }
  process.exit(1)
})
