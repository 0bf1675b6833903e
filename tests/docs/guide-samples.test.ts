import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { developerDocuments } from '#app/guides/source/documents.ts'
import { demoMerchant } from '#gateway/merchants.ts'
import { openApiDocument } from '#gateway/openapi/document.ts'
import { type SandboxServer, startSandboxServer } from '#gateway/server.ts'
import { extractSamples, matchesOutput, type Sample } from '#scripts/docs/samples.ts'
import { loadGuides } from './guides.ts'

/**
 * Every code block of every guide, as the web page and the PDF print it: the `run` blocks
 * (cURL, OpenSSL) run with bash against a sandbox started here, whose address fills
 * `{{SANDBOX_URL}}`, and print what their `prints` block says; `check` blocks parse; `example`
 * blocks that are JSON parse, and those that name a schema are instances of it in the OpenAPI
 * document. A changed sandbox answer makes a sample fail (the last test proves it).
 */

const run = promisify(execFile)
let sandbox: SandboxServer
let samples: Map<string, Sample[]>
let workDir: string

/** The guides for a site whose sandbox is `sandboxOrigin` + /sandbox, their samples extracted. */
async function guideSamples(sandboxOrigin: string): Promise<Map<string, Sample[]>> {
  const guides = await loadGuides({ siteUrl: sandboxOrigin })
  return new Map(
    [...guides].map(([slug, guide]) => [
      slug,
      extractSamples(guide.body, `docs/integration/${slug}.md`),
    ]),
  )
}

beforeAll(async () => {
  sandbox = await startSandboxServer({
    merchants: [demoMerchant({ siteUrl: 'http://localhost' })],
    // The Sandbox Account guide makes accounts from a shell.
    accounts: {},
  })
  samples = await guideSamples(sandbox.origin)
  workDir = await mkdtemp(path.join(tmpdir(), 'paystra-guide-samples-'))
})
afterAll(async () => {
  await sandbox?.close()
  if (workDir) await rm(workDir, { recursive: true, force: true })
})

/** Runs a `run` block as a reader pastes it into a shell: bash -e, in an empty folder. */
async function runShell(sample: Sample): Promise<string> {
  const dir = await mkdtemp(path.join(workDir, 'run-'))
  const file = path.join(dir, 'sample.sh')
  await writeFile(file, sample.code)
  const { stdout } = await run('bash', ['-e', file], { cwd: dir, timeout: 30_000 })
  return stdout
}

const where = (sample: Sample) => `${sample.file}:${sample.line}`

describe.each(developerDocuments.map((document) => document.slug))('%s', (slug) => {
  const of = (kind: Sample['kind']) => samples.get(slug)!.filter((sample) => sample.kind === kind)

  it('marks every code block, and runs every run block as it says', async () => {
    for (const sample of of('run')) {
      expect(sample.language, where(sample)).toBe('sh')
      const output = await runShell(sample)
      if (!sample.prints) continue
      const match = matchesOutput(sample.prints.code, output)
      expect(match.ok ? '' : match.reason, where(sample)).toBe('')
    }
  })

  it('keeps its check blocks well formed', async () => {
    for (const sample of of('check').filter((s) => s.language === 'sh')) {
      const file = path.join(workDir, `check-${slug}-${sample.line}.sh`)
      await writeFile(file, sample.code)
      await run('bash', ['-n', file])
    }
  })

  it('gives JSON examples that parse, and are instances of the schema they name', () => {
    const document = openApiDocument()
    const ajv = new Ajv2020({ strict: false, allErrors: true })
    ajv.addSchema(document, 'openapi.json')
    for (const sample of of('example').filter((s) => s.language === 'json')) {
      const value = JSON.parse(sample.code) as unknown
      const schema = sample.options.schema
      if (!schema) continue
      const validate = ajv.compile({ $ref: `openapi.json#/components/schemas/${schema}` })
      expect(validate(value) ? '' : ajv.errorsText(validate.errors), where(sample)).toBe('')
    }
  })
})

it('the guides run at least one cURL sample against the sandbox', () => {
  const curl = [...samples.values()]
    .flat()
    .filter((sample) => sample.kind === 'run' && sample.code.includes(`curl`))
  expect(curl.length).toBeGreaterThan(0)
  for (const sample of curl) expect(sample.code, where(sample)).toContain(sandbox.url)
})

describe('a changed sandbox answer breaks the samples, not the reader', () => {
  let proxy: Server
  afterAll(() => new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve())))

  it('a sandbox whose RESPONSE_MESSAGE says something else fails the cURL sample', async () => {
    // The same sandbox behind a proxy that rewords every answer's RESPONSE_MESSAGE.
    proxy = createServer((incoming, outgoing) => {
      const target = new URL(incoming.url!, sandbox.origin)
      const forwarded = request(
        target,
        { method: incoming.method, headers: incoming.headers },
        (answer) => {
          const chunks: Buffer[] = []
          answer.on('data', (chunk: Buffer) => chunks.push(chunk))
          answer.on('end', () => {
            const text = Buffer.concat(chunks)
              .toString()
              .replace(/"RESPONSE_MESSAGE":"[^"]*"/g, '"RESPONSE_MESSAGE":"Something else"')
            outgoing.writeHead(answer.statusCode!, { 'content-type': 'application/json' })
            outgoing.end(text)
          })
        },
      )
      incoming.pipe(forwarded)
    })
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
    const origin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
    const changed = await guideSamples(origin)
    const [sample] = changed
      .get('api')!
      .filter((s) => s.kind === 'run' && s.code.includes('curl') && s.prints)
    expect(sample, 'the API guide has a cURL sample that prints').toBeDefined()
    const output = await runShell(sample!)
    expect(output).toContain('Something else')
    expect(matchesOutput(sample!.prints!.code, output).ok).toBe(false)
  })
})

it('names the OpenAPI schema of the JSON requests and answers the guides show', () => {
  const named = [...samples.values()].flat().filter((sample) => sample.options.schema)
  expect(named.length).toBeGreaterThanOrEqual(15)
})

it('drops the markers from the web page and the PDF text', async () => {
  const { guideHtml } = await import('#app/guides/guide-html.server.ts')
  const { renderDocument } = await import('#scripts/build/docs.ts')
  const { extractText } = await import('unpdf')
  const guides = await loadGuides({ siteUrl: sandbox.origin })
  const document = developerDocuments.find((candidate) => candidate.slug === 'api')!
  expect(guideHtml(guides.get('api')!.body).html).not.toMatch(/sample:/)
  const pdf = await renderDocument(document, { siteUrl: sandbox.origin, root: process.cwd() })
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true })
  expect(text).not.toMatch(/sample:/)
  expect(text).toContain('NEVER-SENT-0001')
})
