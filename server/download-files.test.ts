import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { legalDocuments } from '#core/brand/brand.ts'
import { allDownloads, commandLineDownload } from '#app/content/downloads.ts'
import { developerApiFiles } from '#gateway/openapi/files.ts'
import { developerFiles } from './developer-files.ts'
import {
  builtOnlyPaths,
  downloadFiles,
  legalPdfFiles,
  notBuiltMessage,
  unbuiltFiles,
} from './download-files.ts'

const lastBuild = mkdtempSync(path.join(tmpdir(), 'last-build-'))
const guide = allDownloads.find((download) => download.format === 'pdf')!
const kit = allDownloads.find((download) => download.format === 'zip')!
let server: Server
let base = ''

/** The development server's order (server/app.ts): the last build's files, then the notice. */
beforeAll(async () => {
  for (const [href, content] of [
    [guide.href, '%PDF-1.7 guide'],
    [legalDocuments.termsOfUse.href, '%PDF-1.7 terms'],
    [commandLineDownload.href, '#!/usr/bin/env node\n'],
  ] as const) {
    mkdirSync(path.dirname(path.join(lastBuild, href)), { recursive: true })
    writeFileSync(path.join(lastBuild, href), content)
  }
  const app = express()
  app.use(downloadFiles(lastBuild), legalPdfFiles(lastBuild))
  app.use(developerFiles(lastBuild), unbuiltFiles())
  app.use((_req, res) => res.status(418).send('pages'))
  server = createServer(app).listen(0)
  await new Promise((resolve) => server.once('listening', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  server.close()
  rmSync(lastBuild, { recursive: true, force: true })
})

describe('in development', () => {
  it('serves what the last build made: a guide as a download, the terms in the browser', async () => {
    const pdf = await fetch(`${base}${guide.href}`)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="${guide.fileName}"`)
    expect(await pdf.text()).toBe('%PDF-1.7 guide')
    const terms = await fetch(`${base}${legalDocuments.termsOfUse.href}`)
    expect(terms.status).toBe(200)
    expect(terms.headers.get('content-type')).toBe('application/pdf')
    expect(terms.headers.get('content-disposition')).toBeNull()
    const cli = await fetch(`${base}${commandLineDownload.href}`)
    expect(cli.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(cli.headers.get('content-disposition')).toBe('attachment; filename="paystra.mjs"')
    expect(await cli.text()).toBe('#!/usr/bin/env node\n')
  })

  it('says how to get a file no build has made, instead of sending the link to the pages', async () => {
    for (const href of [
      kit.href,
      legalDocuments.merchantTerms.href,
      developerApiFiles.postmanCollection.href,
    ]) {
      const response = await fetch(`${base}${href}`)
      expect(response.status, href).toBe(404)
      expect(response.headers.get('content-type'), href).toMatch(/^text\/plain/)
      expect(await response.text(), href).toBe(notBuiltMessage(href))
    }
    expect(notBuiltMessage(kit.href)).toContain('npm run build')
  })

  it('knows every download the site links to, and leaves other paths to the pages', async () => {
    expect(builtOnlyPaths).toHaveLength(allDownloads.length + 5)
    expect(new Set(builtOnlyPaths).size).toBe(builtOnlyPaths.length)
    expect((await fetch(`${base}/downloads/nothing.zip`)).status).toBe(418)
  })
})
