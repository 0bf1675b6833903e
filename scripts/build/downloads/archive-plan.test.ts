import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { allDownloads } from '#app/content/downloads.ts'
import { siteFacts } from '#app/guides/source/site-facts.ts'
import { zipEntries } from '#tests/support/download-contents.ts'
import { existsSync } from 'node:fs'
import { archivePlans, exampleLayerFolder, repositoryRoot } from './archive-plan.ts'
import { archiveFiles, archivedContent, materializeArchive, writeArchive } from './zip-archive.ts'
import { fillArchiveFacts, holdsFacts } from './archive-facts.ts'

const plans = archivePlans()
/** A site built somewhere else than the default localhost:3000, with its own demo merchant. */
const site = siteFacts({ SITE_URL: 'https://pay.shop.example', PG_PAY_ID: '1000000000000042' })

describe('archive plans', () => {
  test('every zip the site links to has a plan, and nothing else is built', () => {
    expect(plans.map((plan) => plan.download.href).sort()).toEqual(
      allDownloads
        .filter((download) => download.format === 'zip')
        .map((d) => d.href)
        .sort(),
    )
  })

  test.each(plans.map((plan) => [plan.download.href, plan] as const))(
    '%s holds a README, the licence and its code, and no local secrets or build output',
    (_href, plan) => {
      const names = archiveFiles(plan).map((file) => file.name)
      expect(names).toContain(`${plan.root}/README.md`)
      expect(names).toContain(`${plan.root}/LICENSE`)
      expect(names.every((name) => name.startsWith(`${plan.root}/`))).toBe(true)
      for (const name of names) {
        expect(name).not.toMatch(/(^|\/)(paystra\.env|kit\.ts|__pycache__|out|node_modules)(\/|$)/)
        expect(name).not.toMatch(/\.(pyc|class)$/)
      }
      if (plan.download.href.includes('kits/')) {
        expect(names).toContain(`${plan.root}/core/tests/vectors.json`)
        expect(names).toContain(`${plan.root}/paystra.env.example`)
      }
    },
  )

  const kitPlans = plans.filter((plan) => plan.download.href.includes('kits/'))
  const languageOf = (href: string) => path.basename(href, '.zip').split('-').at(-1) ?? ''
  const withLayer = kitPlans.filter((plan) =>
    existsSync(
      path.join(repositoryRoot, 'kits', languageOf(plan.download.href), exampleLayerFolder),
    ),
  )

  test('the PHP and Ruby kits have an example web layer apart from their core', () => {
    expect(withLayer.map((plan) => languageOf(plan.download.href))).toEqual(
      expect.arrayContaining(['php', 'ruby']),
    )
  })

  test.each(withLayer.map((plan) => [plan.download.href, plan] as const))(
    "%s ships the examples' web layer beside core/",
    (_href, plan) => {
      const names = archiveFiles(plan).map((file) => file.name)
      expect(names.some((name) => name.startsWith(`${plan.root}/${exampleLayerFolder}/`))).toBe(
        true,
      )
    },
  )
})

describe('writing an archive', () => {
  const dirs: string[] = []
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))))

  test('gives the same bytes twice, and lists the planned files', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'archives-'))
    dirs.push(dir)
    const plan = plans.find((candidate) => candidate.download.href.endsWith('/pg-php.zip'))!
    const first = path.join(dir, 'a.zip')
    const second = path.join(dir, 'b.zip')
    const files = await writeArchive(plan, first, site)
    await writeArchive(plan, second, site)
    const [a, b] = await Promise.all([readFile(first), readFile(second)])
    expect(a.equals(b)).toBe(true)
    expect(await zipEntries(a)).toEqual(files.map((file) => file.name))
  })
})

describe("an archive states the site it was built for (the site's facts)", () => {
  const dirs: string[] = []
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))))

  test.each(plans.map((plan) => [plan.download.href, plan] as const))(
    '%s: every README and env example has its facts filled, the kit its sandbox address',
    (_href, plan) => {
      const files = archiveFiles(plan).filter((file) => holdsFacts(file.name))
      expect(files.map((file) => file.name)).toContain(`${plan.root}/README.md`)
      for (const file of files) {
        expect(archivedContent(file, site).toString('utf8'), file.name).not.toMatch(/\{\{\w+\}\}/)
      }
      const env = files.find((file) => file.name === `${plan.root}/paystra.env.example`)
      if (plan.download.href.includes('kits/')) {
        const lines = archivedContent(env!, site).toString('utf8').split('\n')
        expect(lines).toContain('PAYSTRA_BASE_URL=https://pay.shop.example/sandbox')
        expect(lines).toContain('PAYSTRA_PAY_ID=1000000000000042')
        expect(lines).toContain(`PAYSTRA_SALT=${site.DEMO_SALT}`)
        expect(lines).toContain(`PAYSTRA_KEY_SALT=${site.DEMO_KEY_SALT}`)
        // A public sandbox refuses the example's localhost NOTIFY_URL, and with it the payment:
        // the secret ships empty, with a note saying when to set it.
        expect(lines).toContain('PAYSTRA_WEBHOOK_SECRET=')
        expect(lines).toContain(`# ${site.DEMO_WEBHOOK_SECRET}`)
        expect(lines.join('\n')).not.toContain('localhost:3000')
        const delivering = siteFacts({ SITE_URL: 'http://localhost:3100', NODE_ENV: 'development' })
        expect(archivedContent(env!, delivering).toString('utf8').split('\n')).toContain(
          `PAYSTRA_WEBHOOK_SECRET=${delivering.DEMO_WEBHOOK_SECRET}`,
        )
      }
    },
  )

  test('materializeArchive unpacks the plan as the zip does, facts filled', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'materialized-'))
    dirs.push(dir)
    const plan = plans.find((candidate) => candidate.download.href.endsWith('/pg-python.zip'))!
    const root = materializeArchive(plan, dir, site)
    expect(root).toBe(path.join(dir, plan.root))
    const env = await readFile(path.join(root, 'paystra.env.example'), 'utf8')
    expect(env).toMatch(/^PAYSTRA_BASE_URL=https:\/\/pay\.shop\.example\/sandbox$/m)
    const listed = await readdir(root, { recursive: true })
    expect(listed.length).toBeGreaterThanOrEqual(archiveFiles(plan).length)
  })

  test('a name that is no fact fails, naming the file and line', () => {
    expect(() =>
      fillArchiveFacts('a\nPAYSTRA_BASE_URL={{SANDBOX_ULR}}\n', site, 'x/README.md'),
    ).toThrow(/x\/README\.md:2: \{\{SANDBOX_ULR\}\}/)
  })

  test('README and env example files hold facts; code does not (Twig and JS use {{ }})', () => {
    expect(holdsFacts('root/README.md')).toBe(true)
    expect(holdsFacts('root/core/README.md')).toBe(true)
    expect(holdsFacts('root/paystra.env.example')).toBe(true)
    expect(holdsFacts('root/admin/view/template/payment/paystra.twig')).toBe(false)
    expect(holdsFacts('root/core/src/client.js')).toBe(false)
  })
})
