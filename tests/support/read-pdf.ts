import { getDocumentProxy } from 'unpdf'

/**
 * Reads a built PDF back as its readers do, through pdf.js: the text of each page, and the
 * structure tree a screen reader follows, each element with the text marked as its content.
 * For the tests of both PDF kinds.
 */

export interface TaggedElement {
  role: string
  /** The element's own marked text and its children's, in reading order. */
  text: string
  children: TaggedElement[]
}

interface StructNode {
  role?: string
  type?: string
  id?: string
  children?: StructNode[]
}

interface TextPiece {
  str?: string
  hasEOL?: boolean
  type?: string
  id?: string
}

export async function readPdf(bytes: Buffer): Promise<{
  pages: string[]
  /** Every page's structure tree under one root, in page order. */
  tree: TaggedElement[]
}> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes))
  const pages: string[] = []
  const tree: TaggedElement[] = []
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number)
    const content = await page.getTextContent({ includeMarkedContent: true })
    const textById = new Map<string, string>()
    const open: string[] = []
    const words: string[] = []
    for (const item of content.items as TextPiece[]) {
      if (item.type === 'beginMarkedContentProps' || item.type === 'beginMarkedContent') {
        // A nested marking without an id (a Span with ActualText) belongs to its parent.
        open.push(item.id ?? open[open.length - 1] ?? '')
      } else if (item.type === 'endMarkedContent') {
        open.pop()
      } else if (item.str !== undefined) {
        // A line's end is a space to a reader: "Paystra" and the next line stay two words.
        const text = item.hasEOL ? `${item.str} ` : item.str
        words.push(text)
        const id = open[open.length - 1]
        if (id) textById.set(id, `${textById.get(id) ?? ''}${text}`)
      }
    }
    pages.push(words.join('').replace(/\s+/g, ' '))
    const root = (await page.getStructTree()) as StructNode | null
    if (root) tree.push(...toElements(root, textById))
  }
  return { pages, tree }
}

function toElements(node: StructNode, textById: Map<string, string>): TaggedElement[] {
  if (node.type === 'content') return []
  const children = (node.children ?? []).flatMap((child) => toElements(child, textById))
  const own = (node.children ?? [])
    .filter((child) => child.type === 'content' && child.id)
    .map((child) => textById.get(child.id!) ?? '')
    .join(' ')
  const text = [own, ...children.map((child) => child.text)].join(' ').replace(/\s+/g, ' ').trim()
  if (!node.role || node.role === 'Root') return children
  return [{ role: node.role, text, children }]
}

/** Every element of the tree with the role, depth first. */
export function elementsWithRole(tree: readonly TaggedElement[], role: string): TaggedElement[] {
  return tree.flatMap((element) => [
    ...(element.role === role ? [element] : []),
    ...elementsWithRole(element.children, role),
  ])
}

const escapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' }

/**
 * The ActualText of every marked span in an uncompressed PDF, decoded: the text as written
 * that readers copy and speak where the glyphs are shaped (Devanagari). pdf.js ignores it.
 */
export function actualTexts(bytes: Buffer): string[] {
  const source = bytes.toString('latin1')
  return [...source.matchAll(/\/ActualText \(((?:\\[\s\S]|[^\\)])*)\)/g)].map(
    ([, literal = '']) => {
      const raw = literal.replace(
        /\\([\s\S])/g,
        (_, character: string) => escapes[character] ?? character,
      )
      const utf16 = Buffer.from(raw.slice(2), 'latin1')
      return utf16.swap16().toString('utf16le')
    },
  )
}
