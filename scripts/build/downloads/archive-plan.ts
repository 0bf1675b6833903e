/**
 * What goes into each downloadable archive, derived from the site's download list
 * (app/content/downloads.ts) so a link and its file can never drift apart.
 *
 * A kit archive keeps the repository's relative layout — `core/` beside the example — so the
 * README's commands run the same from `kits/<language>/` and from the unzipped archive.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import {
  ecommercePlugins,
  integrationKits,
  kitLanguages,
  kitProducts,
  serverKits,
  type Download,
} from '#app/content/downloads.ts'
import { brandExampleStylesheet } from './kit-brand.ts'

export const repositoryRoot = path.resolve(import.meta.dirname, '../../..')
const kitsDir = path.join(repositoryRoot, 'kits')
export const vectorsFile = path.join(repositoryRoot, 'core/protocol/vectors.json')
/**
 * The examples' one stylesheet. It belongs to the examples' web layer, not to the library a
 * merchant installs: each language reads it from example/example.css when run from an unzipped
 * archive, and from ../shared/example.css when run from kits/<language> here.
 */
export const exampleStylesheet = path.join(kitsDir, 'shared/example.css')
export const exampleStylesheetInArchive = 'example/example.css'

/** One source copied into the archive: a file or a whole folder. */
export interface ArchiveEntry {
  from: string
  /** Path inside the archive, under its root folder. */
  to: string
  /** For a text file: what the archive holds instead of the file as it is. */
  rewrite?: (text: string) => string
}

export interface ArchivePlan {
  download: Download
  /** The archive's single top folder, e.g. `paystra-pg-php`. */
  root: string
  entries: ArchiveEntry[]
}

/** Never shipped: build output, caches, local configuration that may hold real secrets. */
export const excludedNames = new Set([
  'out',
  'target',
  '__pycache__',
  'node_modules',
  'vendor',
  '.DS_Store',
  'paystra.env',
  'kit.ts',
  '.gitignore',
])
export const excludedExtensions = ['.pyc', '.class', '.log']

const kitFile = (...parts: string[]) => path.join(kitsDir, ...parts)

/**
 * A kit's web layer that every example of the language runs on (pages, escaping, the example's
 * order store), kept apart from the core a merchant installs: kits/<language>/example/. A kit
 * archive ships it beside core/ when the language has one.
 */
export const exampleLayerFolder = 'example'

/**
 * A language kit: its core, one example, the examples' web layer, the shared config example,
 * licence, vectors and the examples' stylesheet in the brand's colours.
 */
function kitArchive(download: Download, language: string, example: string): ArchivePlan {
  const exampleLayer = kitFile(language, exampleLayerFolder)
  return {
    download,
    root: path.basename(download.fileName, '.zip'),
    entries: [
      { from: kitFile(language, example, 'README.md'), to: 'README.md' },
      { from: kitFile('LICENSE'), to: 'LICENSE' },
      { from: kitFile('paystra.env.example'), to: 'paystra.env.example' },
      { from: kitFile(language, 'core'), to: 'core' },
      { from: vectorsFile, to: 'core/tests/vectors.json' },
      { from: exampleStylesheet, to: exampleStylesheetInArchive, rewrite: brandExampleStylesheet },
      ...(existsSync(exampleLayer) ? [{ from: exampleLayer, to: exampleLayerFolder }] : []),
      { from: kitFile(language, example), to: example },
    ],
  }
}

/**
 * kits/plugins/<slug>/plugin.json: the plugin's folder name, where the PHP core goes in it, and
 * where the shop-independent layer (kits/plugins/shared) goes.
 */
export interface PluginLayout {
  root: string
  coreInto: string
  sharedInto: string
  targets: string
}

export function pluginLayout(slug: string): PluginLayout {
  const file = kitFile('plugins', slug, 'plugin.json')
  if (!existsSync(file)) throw new Error(`Missing ${path.relative(repositoryRoot, file)}`)
  const layout = JSON.parse(readFileSync(file, 'utf8')) as Partial<PluginLayout>
  if (!layout.root || !layout.coreInto || !layout.sharedInto) {
    throw new Error(
      `${path.relative(repositoryRoot, file)} must name "root", "coreInto" and "sharedInto"`,
    )
  }
  return {
    root: layout.root,
    coreInto: layout.coreInto,
    sharedInto: layout.sharedInto,
    targets: layout.targets ?? '',
  }
}

/**
 * A plugin: its platform folder with the PHP core and the shared layer copied in, the licence,
 * and the shared vectors its tests run the order rule on.
 */
function pluginArchive(download: Download, slug: string): ArchivePlan {
  const layout = pluginLayout(slug)
  return {
    download,
    root: layout.root,
    entries: [
      { from: kitFile('plugins', slug), to: '.' },
      { from: kitFile('LICENSE'), to: 'LICENSE' },
      { from: kitFile('php', 'core', 'src'), to: layout.coreInto },
      ...sharedPluginFiles().map((name) => ({
        from: kitFile('plugins', 'shared', name),
        to: `${layout.sharedInto}/${name}`,
      })),
      { from: kitFile('plugins', 'shared', 'tests'), to: 'tests' },
      { from: vectorsFile, to: 'tests/vectors.json' },
    ],
  }
}

/** The shop-independent PHP files every plugin ships (kits/plugins/shared/*.php). */
function sharedPluginFiles(): string[] {
  return readdirSync(kitFile('plugins', 'shared')).filter((name) => name.endsWith('.php'))
}

const slugOf = (download: Download) => path.basename(download.href, '.zip')

export function archivePlans(): ArchivePlan[] {
  const productKits = integrationKits.map((download) => {
    const [product, language] = slugOf(download).split('-') as [string, string]
    if (!kitProducts.some((known) => known.id === product))
      throw new Error(`Unknown product in ${download.href}`)
    if (!kitLanguages.some((known) => known.id === language))
      throw new Error(`Unknown language in ${download.href}`)
    return kitArchive(download, language, product)
  })
  const server = serverKits.map((download) => {
    const slug = slugOf(download)
    return slug === 'merchant-hosted-php'
      ? kitArchive(download, 'php', 'merchant-hosted')
      : kitArchive(download, slug, 'server')
  })
  const plugins = ecommercePlugins.map((download) => pluginArchive(download, slugOf(download)))
  return [...productKits, ...server, ...plugins]
}
