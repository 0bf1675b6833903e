import { mkdtempSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { developerApiFiles } from '#gateway/openapi/files.ts'
import { buildOpenApi } from './openapi.ts'
import { developerFiles } from '#server/developer-files.ts'
import { builtFiles, cacheControl } from '#server/static-files.ts'

const servers: Server[] = []

/** The files as server/app.ts composes them: built files first, then Express (418 for the rest). */
async function serve(clientDir?: string): Promise<string> {
  const files = clientDir ? builtFiles(clientDir) : undefined
  const app = express()
  app.use(developerFiles(clientDir))
  app.use((_req, res) => res.status(418).send('handler'))
  const server = createServer((req, res) => files?.answer(req, res) || app(req, res)).listen(0)
  await new Promise((resolve) => server.once('listening', resolve))
  servers.push(server)
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

let built = ''
let development = ''
beforeAll(async () => {
  const clientDir = mkdtempSync(path.join(tmpdir(), 'client-'))
  await buildOpenApi(clientDir)
  built = await serve(clientDir)
  development = await serve()
}, 30_000)
afterAll(() => servers.forEach((server) => server.close()))

describe('/developers/openapi.json', () => {
  it.each([
    ['a production build', () => built],
    ['development, without a build', () => development],
  ])(
    'is the OpenAPI 3.1 document in %s, as JSON cached like other build files',
    async (_what, base) => {
      const response = await fetch(`${base()}${developerApiFiles.openApi.href}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
      expect(response.headers.get('cache-control')).toBe(cacheControl.other)
      expect(response.headers.get('etag')).toBeTruthy()
      const document = (await response.json()) as { openapi: string; paths: object }
      expect(document.openapi).toMatch(/^3\.1\./)
      expect(Object.keys(document.paths)).toContain('/pgws/transact')
    },
  )
})

describe('the Postman downloads', () => {
  it('are sent as attachments under their names, the collection aimed at the sandbox', async () => {
    const { postmanCollection, postmanEnvironment } = developerApiFiles
    const response = await fetch(`${built}${postmanCollection.href}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="${postmanCollection.fileName}"`,
    )
    const collection = (await response.json()) as {
      variable: Array<{ key: string; value: string }>
    }
    expect(collection.variable).toContainEqual({
      key: 'baseUrl',
      value: 'http://localhost:3000/sandbox',
    })
    const environment = await fetch(`${built}${postmanEnvironment.href}`)
    expect(environment.headers.get('content-disposition')).toContain(postmanEnvironment.fileName)
  })

  it('are not there without a build (the request goes on to the pages)', async () => {
    expect((await fetch(`${development}${developerApiFiles.postmanCollection.href}`)).status).toBe(
      418,
    )
  })
})
