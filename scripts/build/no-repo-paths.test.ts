import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import PDFDocument from 'pdfkit'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import yazl from 'yazl'
import { postmanCollection } from '#gateway/openapi/postman.ts'
import { repositoryRoot } from './downloads/archive-plan.ts'
import {
  findInText,
  formatFinding,
  repositoryAt,
  type Repository,
  scanClientBuild,
  treeOf,
} from './no-repo-paths.ts'

const run = promisify(execFile)
const root = mkdtempSync(path.join(tmpdir(), 'no-repo-paths-'))
const repositoryDir = path.join(root, 'repository')
const clientDir = path.join(root, 'client')

function write(file: string, content: string | Buffer = '') {
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, content)
}

/** A repository of a few files: what a published text must not name. */
for (const file of [
  'core/protocol/hash.ts',
  'core/README.md',
  'docs/architecture.md',
  'kits/python/core/requirements.txt',
  'kits/php/core/src/Hash.php',
  'kits/shared/example.css',
  'kits/kits.test.ts',
  'tests/e2e/first-run.spec.ts',
  'node_modules/core/index.js',
]) {
  write(path.join(repositoryDir, file))
}

function zip(file: string, entries: Record<string, string | Buffer>): Promise<void> {
  const archive = new yazl.ZipFile()
  for (const [name, content] of Object.entries(entries)) {
    archive.addBuffer(Buffer.from(content), name)
  }
  archive.end()
  const chunks: Buffer[] = []
  return new Promise((resolve, reject) => {
    archive.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk))
    archive.outputStream.on('error', reject)
    archive.outputStream.on('end', () => {
      write(file, Buffer.concat(chunks))
      resolve()
    })
  })
}

function pdf(pages: string[]): Promise<Buffer> {
  const document = new PDFDocument({ autoFirstPage: false })
  const chunks: Buffer[] = []
  document.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve) =>
    document.on('end', () => resolve(Buffer.concat(chunks))),
  )
  for (const text of pages) document.addPage().text(text)
  document.end()
  return done
}

let repository: Repository
const nowhere = treeOf([])

beforeAll(async () => {
  repository = repositoryAt(repositoryDir)
  write(
    path.join(clientDir, 'developers/index.html'),
    [
      '<p>Every kit holds <code>core/requirements.txt</code> or its own <code>core/</code>.</p>',
      '<a href="https://example.com/core/protocol/hash.ts">a link elsewhere</a>',
      '<a href="/downloads/kits/pg-python.zip">Python</a>',
      '<p>The rule lives in docs/architecture.md#hash.</p>',
      '<p>Run first-run.spec.ts.</p>',
    ].join('\n'),
  )
  write(path.join(clientDir, 'openapi.json'), '{\n  "x": "// eslint-disable-next-line"\n}\n')
  write(path.join(clientDir, 'assets/app.js.map'), '{"sources":["../../core/protocol/hash.ts"]}')
  write(path.join(clientDir, 'assets/app.js'), 'throw Error("needs #core/protocol/hash.ts")')
  write(path.join(clientDir, 'og-image.jpg'), Buffer.from([0xff, 0xd8, 0, 0x63, 0x6f]))
  await zip(path.join(clientDir, 'downloads/kits/pg-python.zip'), {
    'paystra-pg-python/README.md': [
      '# Python kit',
      'pip install -r core/requirements.txt',
      'Read core/README.md first.',
      'From the repository: cd kits/python; the styles are in kits/shared/example.css.',
      'Tested by npx vitest run kits/kits.test.ts',
    ].join('\n'),
    'paystra-pg-python/core/requirements.txt': 'cryptography\n',
    'paystra-pg-python/core/README.md': 'The core.\n',
    'paystra-pg-python/core/logo.png': Buffer.from('\x89PNG\0docs/architecture.md'),
  })
  await zip(path.join(clientDir, 'downloads/kits/pg-php.zip'), {
    'paystra-pg-php/README.md': 'See core/README.md.\n',
  })
  write(
    path.join(clientDir, 'downloads/docs/guide.pdf'),
    await pdf(['The guide.', 'Quoted from kits/php/core/src/Hash.php']),
  )
})

afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('a text naming the repository', () => {
  const find = (text: string, world = nowhere) =>
    findInText(text, 'page', repository, world).map(({ line, match, kind }) => ({
      line,
      match,
      kind,
    }))

  test('a repository path, a test file of ours and a lint directive, by line', () => {
    expect(find('one\nsee core/protocol/hash.ts and kits.test.ts\n// eslint-disable-line')).toEqual(
      [
        { line: 2, match: 'core/protocol/hash.ts', kind: 'repository path' },
        { line: 2, match: 'kits.test.ts', kind: 'test file' },
        { line: 3, match: 'eslint-disable-line', kind: 'lint directive' },
      ],
    )
  })

  test('a folder of ours, a file since renamed in a real folder, and an import specifier', () => {
    expect(find('cd kits/python').map((f) => f.match)).toEqual(['kits/python'])
    expect(find('core/protocol/old-hash.ts').map((f) => f.match)).toEqual([
      'core/protocol/old-hash.ts',
    ])
    expect(find("import '#core/protocol/hash.ts'").map((f) => f.match)).toEqual([
      'core/protocol/hash.ts',
    ])
    expect(find('(docs/architecture.md#hash).').map((f) => f.match)).toEqual([
      'docs/architecture.md',
    ])
  })

  test('not: a URL, an absolute path, a path the repository does not have, a bare folder', () => {
    expect(find('https://paystra.example/core/protocol/hash.ts')).toEqual([])
    expect(find('/docs/architecture.md and ../kits/python')).toEqual([])
    expect(find('core/vendor/autoload.php, gateway/x.ts, app/')).toEqual([])
    expect(find("the kit's core/ folder")).toEqual([])
  })

  test("not: a path or test file of the text's own world (an archive's own tree)", () => {
    const kit = treeOf(['core/README.md', 'core/tests/kits.test.ts'])
    expect(find('core/README.md and kits.test.ts', kit)).toEqual([])
    expect(find('core/README.md and kits.test.ts')).toHaveLength(2)
  })

  test('a TypeScript test file is ours even when renamed; a JavaScript one only if we have it', () => {
    expect(find('see old-run.spec.ts and cli.test.js').map((f) => f.match)).toEqual([
      'old-run.spec.ts',
    ])
  })

  test('node_modules is not the repository', () => {
    expect(find('core/index.js')).toEqual([])
  })
})

describe('a client build', () => {
  const expected = [
    'developers/index.html:4: repository path "docs/architecture.md"',
    'developers/index.html:5: test file "first-run.spec.ts"',
    'assets/app.js:1: repository path "core/protocol/hash.ts"',
    'downloads/docs/guide.pdf (page 2):1: repository path "kits/php/core/src/Hash.php"',
    'downloads/kits/pg-php.zip!paystra-pg-php/README.md:1: repository path "core/README.md"',
    'downloads/kits/pg-python.zip!paystra-pg-python/README.md:4: repository path "kits/python"',
    'downloads/kits/pg-python.zip!paystra-pg-python/README.md:4: repository path "kits/shared/example.css"',
    'downloads/kits/pg-python.zip!paystra-pg-python/README.md:5: repository path "kits/kits.test.ts"',
    'openapi.json:2: lint directive "eslint-disable-next-line"',
  ]

  test('every page, JSON file, script, PDF page and archive entry, source maps and binaries aside', async () => {
    const findings = await scanClientBuild(clientDir, repository)
    expect(findings.map(formatFinding).sort()).toEqual([...expected].sort())
  })

  test('the build step fails listing them, and passes a clean build', async () => {
    const script = path.join(import.meta.dirname, 'no-repo-paths.ts')
    const failed = await run('node', ['--import', 'tsx', script, clientDir, repositoryDir]).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    )
    expect(failed?.code).toBe(1)
    for (const line of expected) expect(failed?.stderr).toContain(line)

    const clean = path.join(root, 'clean')
    write(path.join(clean, 'index.html'), '<p>Unzip the kit and read its README.</p>')
    const passed = await run('node', ['--import', 'tsx', script, clean, repositoryDir])
    expect(passed.stdout).toContain('No repository paths')
  })
})

describe('the Postman collection and environment a reader downloads', () => {
  test('name no repository path, test file or lint directive of this repository', async () => {
    const files = await postmanCollection({ baseUrl: 'https://pay.shop.example/sandbox' })
    const text = JSON.stringify(files, null, 2)
    const findings = findInText(text, 'postman', repositoryAt(repositoryRoot), nowhere)
    expect(findings.map(formatFinding)).toEqual([])
    // The signing script still tells its reader the rule, in the reader's terms.
    expect(text).toContain('sorted by name')
  })
})
