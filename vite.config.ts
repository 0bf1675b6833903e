import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'
import { publicConfigDefines } from './app/config/public-config.build.ts'

export default defineConfig({
  plugins: [reactRouter()],
  define: publicConfigDefines(process.env),
  build: { cssMinify: true },
  server: { port: Number(process.env.PORT ?? 3000) },
})
