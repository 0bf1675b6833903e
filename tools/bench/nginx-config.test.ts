import { spawn } from 'node:child_process'
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findNginx } from './nginx.ts'
import { headersToMirror, nginxConfig, pageFile } from './nginx-config.ts'
import { freePort } from '#tools/measure/processes.ts'

describe('headersToMirror', () => {
  it('keeps the site-wide headers and leaves those about this answer and connection', () => {
    const { mirrored, skipped } = headersToMirror({
      'content-security-policy': "frame-ancestors 'none'",
      'x-frame-options': 'DENY',
      'cache-control': 'public, max-age=0, must-revalidate',
      'content-type': 'text/html; charset=utf-8',
      'content-encoding': 'gzip',
      etag: 'W/"1"',
      date: 'today',
      vary: 'Accept-Encoding',
      'transfer-encoding': 'chunked',
      'x-odd': 'costs $5',
    })
    expect(mirrored).toEqual({
      'content-security-policy': "frame-ancestors 'none'",
      'x-frame-options': 'DENY',
      'cache-control': 'public, max-age=0, must-revalidate',
    })
    expect(skipped).toEqual(['x-odd'])
  })
})

describe('pageFile', () => {
  it('maps a page to its prerendered file', () => {
    expect(pageFile('/')).toBe('/index.html')
    expect(pageFile('/about')).toBe('/about/index.html')
    expect(pageFile('/developers/sdk')).toBe('/developers/sdk/index.html')
  })
})

describe('nginxConfig', () => {
  const config = nginxConfig({
    workDir: '/tmp/bench x',
    port: 4231,
    clientDir: '/work/main/build/client',
    page: '/about',
    headers: { 'content-security-policy': `default-src 'self'; x "y" \\z` },
  })

  it('keeps every file nginx writes in the work folder and runs in the foreground', () => {
    expect(config).toContain('daemon off;')
    expect(config).toContain('pid "/tmp/bench x/nginx.pid";')
    expect(config).toContain('error_log "/tmp/bench x/error.log" warn;')
    expect(config).toContain('access_log "/tmp/bench x/access.log"')
    for (const temp of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
      expect(config).toContain(`${temp}_temp_path "/tmp/bench x/${temp}";`)
    }
    expect(config).not.toMatch(/\/var\/|\/etc\//)
  })

  it('serves the page on loopback like our server: one worker, gzip at level 6 or a .gz beside it', () => {
    expect(config).toContain('listen 127.0.0.1:4231;')
    expect(config).toContain('worker_processes 1;')
    expect(config).toContain('location = /about {')
    expect(config).toContain('try_files /about/index.html =404;')
    expect(config).toMatch(/gzip on;[\s\S]*gzip_static on;[\s\S]*gzip_comp_level 6;/)
  })

  it('quotes header values', () => {
    expect(config).toContain(
      `add_header content-security-policy "default-src 'self'; x \\"y\\" \\\\z" always;`,
    )
  })
})

// nginx itself: .ci/run installs it; elsewhere these run where it is installed.
const nginx = findNginx()
describe.skipIf(!nginx && process.env.CI !== 'true')('the configuration in a real nginx', () => {
  let dir: string
  let clientDir: string
  let port: number
  let stopped: Promise<unknown>
  let stop: () => void
  const html = `<!doctype html><title>About</title>${'<p>Payments in INR.</p>'.repeat(200)}`

  const get = (page: string, encoding: string) =>
    new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
      (resolve, reject) => {
        const req = request(
          `http://127.0.0.1:${port}${page}`,
          { headers: { 'accept-encoding': encoding } },
          (res) => {
            const chunks: Buffer[] = []
            res.on('data', (chunk: Buffer) => chunks.push(chunk))
            res.on('end', () =>
              resolve({
                status: res.statusCode!,
                headers: res.headers,
                body: Buffer.concat(chunks),
              }),
            )
          },
        )
        req.on('error', reject)
        req.end()
      },
    )

  beforeAll(async () => {
    expect(nginx, 'nginx is not installed (apt-get install -y nginx)').toBeTruthy()
    dir = await mkdtemp(path.join(tmpdir(), 'paystra-bench-nginx-'))
    // Run as root, nginx serves files as nobody: the folder must be readable to others, as a
    // build folder is.
    await chmod(dir, 0o755)
    clientDir = path.join(dir, 'client')
    await mkdir(path.join(clientDir, 'about'), { recursive: true })
    await mkdir(path.join(clientDir, 'pricing'), { recursive: true })
    await writeFile(path.join(clientDir, 'about/index.html'), html)
    await writeFile(path.join(clientDir, 'pricing/index.html'), 'plain')
    // A precompressed file that differs from what nginx would make shows gzip_static at work.
    await writeFile(
      path.join(clientDir, 'about/index.html.gz'),
      gzipSync(Buffer.from(`${html}<!-- .gz -->`)),
    )
    port = await freePort()
    const work = path.join(dir, 'nginx')
    await mkdir(work)
    const configFile = path.join(work, 'nginx.conf')
    await writeFile(
      configFile,
      nginxConfig({
        workDir: work,
        port,
        clientDir,
        page: '/about',
        headers: { 'x-frame-options': 'DENY' },
      }),
    )
    const child = spawn(
      nginx!,
      ['-p', work, '-e', path.join(work, 'error.log'), '-c', configFile],
      {
        stdio: 'ignore',
      },
    )
    stopped = new Promise((resolve) => child.on('exit', resolve))
    stop = () => child.kill('SIGTERM')
    for (let tries = 0; ; tries++) {
      try {
        await get('/about', 'identity')
        break
      } catch (error) {
        if (tries > 100) throw error
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }
  })

  afterAll(async () => {
    stop?.()
    await stopped
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('serves the page as HTML with the mirrored headers, gzip from the .gz beside it', async () => {
    const gzip = await get('/about', 'gzip')
    expect(gzip.status).toBe(200)
    expect(gzip.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gzip.headers['x-frame-options']).toBe('DENY')
    const { gunzipSync } = await import('node:zlib')
    expect(gunzipSync(gzip.body).toString()).toBe(`${html}<!-- .gz -->`)
    const plain = await get('/about', 'identity')
    expect(plain.body.toString()).toBe(html)
    expect(plain.headers['content-encoding']).toBeUndefined()
  })

  it('serves nothing but the page', async () => {
    expect((await get('/pricing', 'identity')).status).toBe(404)
    expect((await get('/about/index.html.gz', 'identity')).status).toBe(404)
  })
})
