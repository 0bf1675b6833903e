/**
 * The kits' layout (docs/decisions/028-kits-core-and-examples.md and, for PHP and Ruby,
 * 029-php-and-ruby-kits-example-layer.md): core/ is the library a merchant installs and never
 * reaches into example/, the web layer the examples run on; every kit archive ships both, and
 * every file a shipped module imports; a plugin ships every class of the PHP core it names and
 * nothing of the example layer.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import {
  archivePlans,
  excludedNames,
  exampleLayerFolder,
  pluginLayout,
  repositoryRoot,
} from './archive-plan.ts'
import { archiveFiles } from './zip-archive.ts'

/** How each language's source names its example layer in an import. */
const importsOfTheExampleLayer: Record<string, { extension: string; pattern: RegExp }> = {
  nodejs: { extension: '.js', pattern: /(from|import\()\s*['"][^'"]*\/example\// },
  python: { extension: '.py', pattern: /^\s*(from|import)\s+paystra_example\b/m },
  java: { extension: '.java', pattern: /^import\s+(static\s+)?com\.paystra\.examples\./m },
  php: { extension: '.php', pattern: /Paystra\\Example\b|example\/src\// },
  ruby: {
    extension: '.rb',
    pattern: /\bPaystra::Example\b|^\s*require(_relative)?\s*\(?\s*['"][^'"]*example\b/m,
  },
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => !excludedNames.has(name) && name !== 'data')
    .flatMap((name) => {
      const file = path.join(dir, name)
      return statSync(file).isDirectory() ? filesUnder(file) : [file]
    })
}

const kitDir = (language: string) => path.join(repositoryRoot, 'kits', language)

describe.each(Object.entries(importsOfTheExampleLayer))(
  'the %s kit',
  (language, { extension, pattern }) => {
    test('keeps its web layer in example/, apart from core/', () => {
      const layer = filesUnder(path.join(kitDir(language), exampleLayerFolder))
      expect(layer.filter((file) => file.endsWith(extension)).length).toBeGreaterThan(2)
    })

    test('has a core that never imports the example layer', () => {
      const core = filesUnder(path.join(kitDir(language), 'core')).filter((file) =>
        file.endsWith(extension),
      )
      expect(core.length).toBeGreaterThan(3)
      const reaching = core.filter((file) => pattern.test(readFileSync(file, 'utf8')))
      expect(reaching.map((file) => path.relative(repositoryRoot, file))).toEqual([])
    })

    const plans = archivePlans().filter(
      (plan) =>
        plan.download.href.includes('kits/') && plan.download.href.endsWith(`${language}.zip`),
    )

    test.each(plans.map((plan) => [plan.download.href, plan] as const))(
      '%s ships core/ and example/ whole',
      (_href, plan) => {
        const names = new Set(archiveFiles(plan).map((file) => file.name))
        for (const folder of ['core', exampleLayerFolder]) {
          for (const file of filesUnder(path.join(kitDir(language), folder))) {
            const name = `${plan.root}/${folder}/${path.relative(path.join(kitDir(language), folder), file)}`
            expect(names, name).toContain(name.split(path.sep).join('/'))
          }
        }
      },
    )
  },
)

/** One import a shipped file makes: the archive path it needs, or the paths any of which will do. */
interface Wanted {
  by: string
  wants: string[]
}

const matches = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1]!)
const beside = (file: string, relative: string) =>
  path.posix.normalize(path.posix.join(path.posix.dirname(file), relative))

/**
 * What each language's shipped source needs from the archive, read the way its runtime resolves
 * it: Node.js's relative imports; PHP's requires from __DIR__ and the classes its autoloaders
 * map (Paystra\X in core/src, Paystra\Example\X in example/src); Ruby's require_relative and
 * the paystra files its examples require from core/lib and example/lib.
 */
const importsOf: Record<string, (name: string, text: string, root: string) => string[][]> = {
  nodejs: (name, text) =>
    matches(text, /from\s+'(\.{1,2}\/[^']+)'/g).map((relative) => [beside(name, relative)]),
  php: (name, text, root) => [
    ...matches(text, /(?:require|include)(?:_once)?\s*\(?\s*__DIR__\s*\.\s*'([^']+)'/g).map(
      (relative) => [beside(name, `.${relative}`)],
    ),
    ...matches(
      text.replace(/^namespace\s.*$/gm, ''),
      /(?<![\w\\])\\?Paystra\\((?:Example\\)?[A-Z]\w*)(?![\w\\])/g,
    ).map((qualified) =>
      qualified.startsWith('Example\\')
        ? [`${root}/example/src/${qualified.slice('Example\\'.length)}.php`]
        : [`${root}/core/src/${qualified}.php`],
    ),
  ],
  ruby: (name, text, root) => [
    ...matches(text, /^\s*require_relative\s*\(?\s*'([^']+)'/gm).map((relative) => [
      beside(name, relative.endsWith('.rb') ? relative : `${relative}.rb`),
    ]),
    ...matches(text, /^\s*require\s*\(?\s*'(paystra(?:\/[^']*)?)'/gm).map((feature) =>
      ['core', exampleLayerFolder].map((folder) => `${root}/${folder}/lib/${feature}.rb`),
    ),
  ],
}

describe.each(Object.entries(importsOf))('%s kit archives', (language, importsIn) => {
  const plans = archivePlans().filter(
    (plan) =>
      plan.download.href.includes('kits/') && plan.download.href.endsWith(`${language}.zip`),
  )

  test('there are archives to check', () => {
    expect(plans.length).toBeGreaterThan(0)
  })

  test.each(plans.map((plan) => [plan.download.href, plan] as const))(
    '%s holds every file its modules import',
    (_href, plan) => {
      const files = archiveFiles(plan)
      const names = new Set(files.map((file) => file.name))
      const wanted: Wanted[] = files
        .filter((file) => file.name.endsWith(importsOfTheExampleLayer[language]!.extension))
        .flatMap((file) =>
          importsIn(file.name, readFileSync(file.source, 'utf8'), plan.root).map((wants) => ({
            by: file.name,
            wants,
          })),
        )
      expect(wanted.length).toBeGreaterThan(files.length / 10)
      expect(wanted.filter(({ wants }) => !wants.some((name) => names.has(name)))).toEqual([])
    },
  )
})

describe('plugin archives', () => {
  const plugins = archivePlans().filter((plan) => plan.download.href.includes('plugins/'))
  /** A class of the PHP core, named in a `use` or fully qualified: Paystra\Hash, \Paystra\Client. */
  const coreClass =
    /(?:^\s*use\s+|(?<![\w\\])\\)Paystra\\([A-Z]\w*)(?![\w\\])|^\s*use\s+Paystra\\(Example)\\/gm

  test.each(plugins.map((plan) => [plan.download.href, plan] as const))(
    '%s ships every class of the PHP core it names, and no example layer',
    (_href, plan) => {
      const coreInto = `${plan.root}/${pluginLayout(path.basename(plan.download.href, '.zip')).coreInto}`
      const files = archiveFiles(plan)
      const names = new Set(files.map((file) => file.name))
      const named = files
        .filter((file) => file.name.endsWith('.php') && !file.name.startsWith(`${coreInto}/`))
        .flatMap((file) =>
          [...readFileSync(file.source, 'utf8').matchAll(coreClass)].map((match) => ({
            by: file.name,
            wants: `${coreInto}/${match[1] ?? match[2]!}.php`,
          })),
        )
      expect(named.length).toBeGreaterThan(3)
      expect(named.filter(({ wants }) => !names.has(wants))).toEqual([])
      expect(
        files.filter((file) => /Paystra\\Example\b/.test(readFileSync(file.source, 'utf8'))),
      ).toEqual([])
    },
  )
})

describe('Node.js kit archives', () => {
  const plans = archivePlans().filter(
    (plan) => plan.download.href.includes('kits/') && plan.download.href.endsWith('nodejs.zip'),
  )

  /**
   * Node.js 18 reads a .js file as CommonJS unless the nearest package.json says "type":
   * "module" (it detects ES syntax only from Node.js 22.7 and 20.19), so every shipped module,
   * the examples' app.js included, needs one above it inside the archive.
   */
  test.each(plans.map((plan) => [plan.download.href, plan] as const))(
    '%s declares every module an ES module, as Node.js 18 needs',
    (_href, plan) => {
      const files = archiveFiles(plan)
      const packages = new Map(
        files
          .filter((file) => path.posix.basename(file.name) === 'package.json')
          .map((file) => [
            path.posix.dirname(file.name),
            (JSON.parse(readFileSync(file.source, 'utf8')) as { type?: string }).type,
          ]),
      )
      const typeOf = (dir: string): string | undefined =>
        packages.has(dir)
          ? packages.get(dir)
          : dir === plan.root || dir === '.'
            ? undefined
            : typeOf(path.posix.dirname(dir))
      const commonJs = files
        .filter((file) => file.name.endsWith('.js'))
        .map((file) => file.name)
        .filter((name) => typeOf(path.posix.dirname(name)) !== 'module')
      expect(commonJs).toEqual([])
    },
  )
})
