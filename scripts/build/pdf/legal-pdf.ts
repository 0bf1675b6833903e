import { parseInline } from '#app/content/legal/inline.ts'
import {
  formatLegalDate,
  type ContactBlock,
  type DefinitionsBlock,
  type LegalBlock,
  type LegalDocument,
  type ListBlock,
  type TableBlock,
} from '#app/content/legal/types.ts'
import {
  colours,
  type ContentsEntry,
  DocumentFrame,
  fonts,
  margins,
  size,
} from '#core/pdf/frame.ts'
import type { Run } from '#core/pdf/text-layout.ts'

export interface LegalPdfOptions {
  brandName: string
  /** One line beside the company name in the title page's header. */
  tagline: string
  /** Company name: the document's Author. */
  legalName: string
  /** Origin that site paths such as /policy are made absolute against. */
  siteUrl: string
  /** Flate-compress page streams (the default). Tests turn it off to read the file. */
  compress?: boolean
}

const clauseIndent = 30
const listIndent = 18
const blockSpace = 6

/**
 * Lays a legal document out in the site's document frame (frame.ts): numbered sections with
 * bookmarks, clauses numbered 2.1, 2.2 … when the document asks for it, lists, definitions,
 * tables and the contact block, every piece tagged for screen readers.
 */
export async function renderLegalPdf(
  source: LegalDocument,
  options: LegalPdfOptions,
): Promise<Buffer> {
  const frame = new DocumentFrame({
    brandName: options.brandName,
    author: options.legalName,
    title: source.title,
    subject: `${source.title} of ${options.brandName}`,
    keywords: `${options.brandName}, terms, payment aggregator, India`,
    date: source.lastUpdated,
    band: [options.legalName, options.tagline],
    header: options.legalName,
    footer: `${options.brandName} · ${source.title}`,
    siteUrl: options.siteUrl.replace(/\/+$/, ''),
    source: source.title,
    compress: options.compress,
  })
  try {
    frame.titlePage({
      title: source.title,
      dateLine: `Last updated: ${formatLegalDate(source.lastUpdated)}`,
    })
    frame.newPage()
    const entries = new LegalBodyWriter(frame, source).body()
    frame.contents(entries)
  } catch (error) {
    await frame.abandon()
    throw error
  }
  return frame.end()
}

/** Inline markup (bold, links, e-mail addresses) as the text layout's styled runs. */
function runsOf(text: string): Run[] {
  return parseInline(text).map((segment) => ({
    text: segment.text,
    style:
      segment.kind === 'strong'
        ? { bold: true }
        : segment.kind === 'link'
          ? { href: segment.href }
          : {},
  }))
}

class LegalBodyWriter {
  constructor(
    private readonly frame: DocumentFrame,
    private readonly source: LegalDocument,
  ) {}

  private get doc() {
    return this.frame.doc
  }

  /** The preamble and every section; returns the contents' lines with their pages. */
  body(): ContentsEntry[] {
    const { doc, frame, source } = this
    const entries: ContentsEntry[] = []
    this.blocks(source.preamble, undefined)
    source.sections.forEach((section, index) => {
      const number = index + 1
      doc.y += 10
      frame.ensureSpace(frame.lineHeight(size.h2) + 4 * frame.lineHeight())
      entries.push({
        level: 2,
        number: `${number}.`,
        text: section.heading,
        id: section.id,
        page: frame.pageIndex(),
      })
      const outline = doc.outline.addItem(`${number}. ${section.heading}`)
      doc.addNamedDestination(section.id, 'XYZ', margins.left, doc.y, null)
      this.heading('H2', `${number}.  ${section.heading}`, size.h2, colours.brandStrong)
      doc.y += 4
      this.blocks(section.blocks, source.clauseNumbers ? String(number) : undefined)
      section.subsections?.forEach((subsection, subIndex) => {
        doc.y += 4
        frame.ensureSpace(frame.lineHeight(size.h3) + 3 * frame.lineHeight())
        const label = `${number}.${subIndex + 1}`
        outline.addItem(`${label} ${subsection.heading}`)
        this.heading('H3', `${label}  ${subsection.heading}`, size.h3, colours.ink)
        doc.y += 3
        this.blocks(subsection.blocks, undefined)
      })
    })
    return entries
  }

  private heading(tag: 'H2' | 'H3', text: string, fontSize: number, colour: string) {
    const { frame } = this
    const lines = frame.layout([{ text, style: { bold: true } }], frame.width, fontSize)
    frame.tags.leaf(tag, () => frame.flow(lines, margins.left, fontSize, colour))
  }

  private blocks(blocks: readonly LegalBlock[], clausePrefix: string | undefined) {
    let clause = 0
    const indent = clausePrefix ? clauseIndent : 0
    for (const block of blocks) {
      if (typeof block === 'string') {
        clause += 1
        this.paragraph(block, clausePrefix ? `${clausePrefix}.${clause}` : undefined)
      } else if (block.kind === 'list') {
        this.list(block, indent)
      } else if (block.kind === 'definitions') {
        this.definitions(block, indent)
      } else if (block.kind === 'table') {
        this.table(block)
      } else {
        this.contact(block, indent)
      }
      this.doc.y += blockSpace
    }
  }

  /** A paragraph, hung from its clause number (in the brand colour) when it has one. */
  private paragraph(text: string, clause: string | undefined) {
    const { frame } = this
    const indent = clause ? clauseIndent : 0
    const lines = frame.layout(runsOf(text), frame.width - indent, size.body)
    frame.ensureSpace(Math.min(lines.length, 2) * frame.lineHeight())
    frame.tags.leaf('P', () => {
      if (clause) this.marker(clause, margins.left, this.doc.y, true)
      frame.flow(lines, margins.left + indent, size.body, colours.ink)
    })
  }

  /** A list marker or clause number on the first line of the item that starts at `top`. */
  private marker(text: string, x: number, top: number, strong: boolean) {
    const { frame } = this
    const [line] = frame.layout([{ text, style: { bold: strong } }], 40, size.body)
    frame.drawLine(line!, x, top, size.body, strong ? colours.brand : colours.inkSoft)
  }

  private list(block: ListBlock, indent: number) {
    const { frame } = this
    const markerWidth = block.style === 'bullet' ? 12 : 22
    const x = margins.left + indent + listIndent - 12
    const width = margins.left + frame.width - x - markerWidth
    frame.tags.group('L', () => {
      block.items.forEach((item, index) => {
        const marker =
          block.style === 'bullet'
            ? '•'
            : block.style === 'alpha'
              ? `(${String.fromCharCode(97 + index)})`
              : `${index + 1}.`
        const lines = frame.layout(runsOf(item), width, size.body)
        frame.ensureSpace(Math.min(lines.length, 2) * frame.lineHeight())
        frame.tags.group('LI', () => {
          const top = this.doc.y
          frame.tags.leaf('Lbl', () => this.marker(marker, x, top, false))
          frame.tags.leaf('LBody', () => frame.flow(lines, x + markerWidth, size.body, colours.ink))
        })
        this.doc.y += 2
      })
    })
  }

  private definitions(block: DefinitionsBlock, indent: number) {
    const { frame } = this
    // Under a numbered clause the clause number already sets the definitions apart.
    const offset = indent || listIndent
    for (const item of block.items) {
      const lines = frame.layout(
        runsOf(`**“${item.term}”** means ${item.meaning}`),
        frame.width - offset,
        size.body,
      )
      frame.tags.leaf('P', () => frame.flow(lines, margins.left + offset, size.body, colours.ink))
      this.doc.y += 3
    }
  }

  /** The grievance officer's block: name in bold, a bar in the brand colour beside it. */
  private contact(block: ContactBlock, indent: number) {
    const { doc, frame } = this
    const x = margins.left + indent + listIndent
    const width = frame.width - indent - listIndent
    const laidOut = block.lines.map((line, index) =>
      frame.layout(runsOf(index === 0 ? `**${line}**` : line), width, size.body),
    )
    const height = laidOut.reduce((sum, lines) => sum + lines.length, 0) * frame.lineHeight()
    frame.ensureSpace(height + 12)
    const top = doc.y
    frame.tags.artifact(() => {
      doc.rect(x - 11, top, 2, height - 3).fill(colours.brand)
    })
    frame.tags.leaf('P', () => {
      for (const lines of laidOut) frame.flow(lines, x, size.body, colours.ink)
    })
  }

  /** pdfkit's table, tagged as Table, TR, TH and TD under the current element. */
  private table(block: TableBlock) {
    const { doc, frame } = this
    frame.ensureSpace(4 * frame.lineHeight())
    const caption = frame.layout(
      [{ text: block.caption, style: { bold: true } }],
      frame.width,
      size.body,
    )
    frame.tags.leaf('Caption', () => frame.flow(caption, margins.left, size.body, colours.ink))
    doc.y += 3
    doc.font(fonts.regular).fontSize(size.small + 1)
    doc.table({
      position: { x: margins.left, y: doc.y },
      maxWidth: frame.width,
      structParent: frame.tags.parent,
      rowStyles: (row) =>
        row === 0
          ? { backgroundColor: colours.brandSoft, textColor: colours.ink, border: [0, 0, 0.5, 0] }
          : { textColor: colours.ink, border: [0, 0, 0.5, 0], borderColor: colours.rule },
      data: [[...block.columns], ...block.rows.map((row) => [...row])],
    } as PDFKit.Mixins.TableOptionsWithData)
  }
}
