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
import { openPdfDocument } from './pdf-document.ts'
import { assertWinAnsi } from './win-ansi.ts'

export interface LegalPdfOptions {
  brandName: string
  /** One line beside the company name in the title page's header. */
  tagline: string
  /** Company name: the document's Author. */
  legalName: string
  /** Origin that site paths such as /policy are made absolute against. */
  siteUrl: string
  /** Flate-compress page streams (the default). Tests turn it off to read the text back. */
  compress?: boolean
}

const fonts = { regular: 'Helvetica', bold: 'Helvetica-Bold' } as const
const colours = {
  brand: '#4a2fd6',
  brandStrong: '#2d1a99',
  brandSoft: '#eeebff',
  ink: '#12142b',
  soft: '#464a66',
  line: '#d5d8e6',
  white: '#ffffff',
} as const
const size = { body: 10, small: 8, h2: 13, h3: 11, title: 24 } as const
const lineGap = 2.5
const clauseIndent = 30
const listIndent = 18
const margins = { top: 64, bottom: 72, left: 64, right: 64 } as const

/**
 * Lays a legal document out as an A4 PDF: a title page with the brand header and a table of
 * contents (linked, with page numbers), numbered sections and clauses, a bookmark per section,
 * and "Page n of N" in every footer. Standard Helvetica only, so nothing is downloaded or embedded.
 */
export async function renderLegalPdf(
  source: LegalDocument,
  options: LegalPdfOptions,
): Promise<Buffer> {
  assertWinAnsi(source)
  const { doc, bytes: done } = openPdfDocument({
    margins,
    title: source.title,
    subject: `${source.title} of ${options.brandName}`,
    keywords: `${options.brandName}, terms, payment aggregator, India`,
    author: options.legalName,
    brandName: options.brandName,
    date: source.lastUpdated,
    compress: options.compress,
  })

  const writer = new LegalPdfWriter(doc, source, options)
  const contentsTop = writer.titlePage()
  doc.addPage()
  const sectionPages = writer.body()
  writer.contents(contentsTop, sectionPages)
  writer.footers()
  doc.end()
  return done
}

class LegalPdfWriter {
  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly source: LegalDocument,
    private readonly options: LegalPdfOptions,
  ) {}

  private get width() {
    return this.doc.page.width - margins.left - margins.right
  }

  private get bottom() {
    return this.doc.page.height - margins.bottom
  }

  private lineHeight(fontSize: number = size.body) {
    return fontSize * 1.2 + lineGap
  }

  /** Starts a new page unless `height` more points fit on this one. */
  private ensureSpace(height: number) {
    if (this.doc.y + height > this.bottom) this.doc.addPage()
  }

  /** Brand header, title and date; returns where the table of contents goes. */
  titlePage(): number {
    const { doc, source, options } = this
    doc.rect(0, 0, doc.page.width, 150).fill(colours.brand)
    doc.rect(0, 150, doc.page.width, 6).fill(colours.brandStrong)
    doc
      .fillColor(colours.white)
      .font(fonts.bold)
      .fontSize(30)
      .text(options.brandName, margins.left, 52, { width: this.width, lineBreak: false })
    doc
      .font(fonts.regular)
      .fontSize(size.body)
      .text(options.legalName, margins.left, 94, { width: this.width, lineBreak: false })
    doc.text(options.tagline, margins.left, 94, {
      width: this.width,
      align: 'right',
      lineBreak: false,
    })

    doc
      .fillColor(colours.ink)
      .font(fonts.bold)
      .fontSize(size.title)
      .text(source.title, margins.left, 200, { width: this.width })
    doc.moveDown(0.3)
    doc
      .fillColor(colours.soft)
      .font(fonts.regular)
      .fontSize(size.body)
      .text(`Last updated: ${formatLegalDate(source.lastUpdated)}`, { width: this.width })
    doc.moveDown(1.5)
    const ruleY = doc.y
    doc
      .moveTo(margins.left, ruleY)
      .lineTo(margins.left + this.width, ruleY)
      .lineWidth(0.75)
      .strokeColor(colours.line)
      .stroke()
    return ruleY + 24
  }

  /** The preamble and every section; returns the page index each section starts on. */
  body(): Map<string, number> {
    const { doc, source } = this
    const sectionPages = new Map<string, number>()
    this.blocks(source.preamble, undefined)
    source.sections.forEach((section, index) => {
      const number = index + 1
      doc.moveDown(0.8)
      this.ensureSpace(this.lineHeight(size.h2) + 4 * this.lineHeight())
      sectionPages.set(section.id, this.currentPageIndex())
      doc.outline.addItem(`${number}. ${section.heading}`)
      doc
        .fillColor(colours.brandStrong)
        .font(fonts.bold)
        .fontSize(size.h2)
        .text(`${number}.  ${section.heading}`, margins.left, doc.y, {
          width: this.width,
          destination: section.id,
        })
      doc.moveDown(0.4)
      this.blocks(section.blocks, source.clauseNumbers ? String(number) : undefined)
      section.subsections?.forEach((subsection, subIndex) => {
        doc.moveDown(0.3)
        this.ensureSpace(this.lineHeight(size.h3) + 3 * this.lineHeight())
        doc
          .fillColor(colours.ink)
          .font(fonts.bold)
          .fontSize(size.h3)
          .text(`${number}.${subIndex + 1}  ${subsection.heading}`, margins.left, doc.y, {
            width: this.width,
          })
        doc.moveDown(0.3)
        this.blocks(subsection.blocks, undefined)
      })
    })
    return sectionPages
  }

  /** The table of contents on the title page, each line a link to its section. */
  contents(top: number, sectionPages: Map<string, number>) {
    const { doc, source } = this
    doc.switchToPage(0)
    doc
      .fillColor(colours.ink)
      .font(fonts.bold)
      .fontSize(size.h3)
      .text('Contents', margins.left, top, { width: this.width })
    doc.moveDown(0.6)
    doc.font(fonts.regular).fontSize(size.body)
    const numberWidth = 24
    const pageWidth = 40
    source.sections.forEach((section, index) => {
      const y = doc.y
      if (y + this.lineHeight() > this.bottom) {
        throw new Error(`${source.title}: the table of contents does not fit on the title page`)
      }
      const page = String((sectionPages.get(section.id) ?? 0) + 1)
      const options = { lineBreak: false, goTo: section.id } as const
      doc.fillColor(colours.brand).text(`${index + 1}.`, margins.left, y, options)
      doc.fillColor(colours.ink).text(section.heading, margins.left + numberWidth, y, {
        ...options,
        width: this.width - numberWidth - pageWidth,
        ellipsis: true,
      })
      doc.fillColor(colours.soft).text(page, margins.left + this.width - pageWidth, y, {
        ...options,
        width: pageWidth,
        align: 'right',
      })
      doc.y = y + this.lineHeight() + 2
    })
  }

  /** "Brand · Title" and "Page n of N" under a hairline on every page. */
  footers() {
    const { doc, source, options } = this
    const { start, count } = doc.bufferedPageRange()
    for (let index = start; index < start + count; index++) {
      doc.switchToPage(index)
      // Writing below the bottom margin would otherwise make pdfkit start a new page.
      doc.page.margins.bottom = 0
      const y = doc.page.height - margins.bottom + 24
      doc
        .moveTo(margins.left, y - 8)
        .lineTo(margins.left + this.width, y - 8)
        .lineWidth(0.5)
        .strokeColor(colours.line)
        .stroke()
      doc.font(fonts.regular).fontSize(size.small).fillColor(colours.soft)
      doc.text(`${options.brandName} · ${source.title}`, margins.left, y, {
        width: this.width,
        lineBreak: false,
      })
      doc.text(`Page ${index + 1} of ${count}`, margins.left, y, {
        width: this.width,
        align: 'right',
        lineBreak: false,
      })
      doc.page.margins.bottom = margins.bottom
    }
  }

  private currentPageIndex(): number {
    const { start, count } = this.doc.bufferedPageRange()
    return start + count - 1
  }

  private blocks(blocks: readonly LegalBlock[], clausePrefix: string | undefined) {
    let clause = 0
    for (const block of blocks) {
      if (typeof block === 'string') {
        clause += 1
        this.paragraph(block, clausePrefix ? `${clausePrefix}.${clause}` : undefined)
      } else if (block.kind === 'list') {
        this.list(block, clausePrefix ? clauseIndent : 0)
      } else if (block.kind === 'definitions') {
        this.definitions(block, clausePrefix ? clauseIndent : 0)
      } else if (block.kind === 'table') {
        this.table(block)
      } else {
        this.contact(block, clausePrefix ? clauseIndent : 0)
      }
      this.doc.moveDown(0.5)
    }
  }

  private paragraph(text: string, clause: string | undefined) {
    const { doc } = this
    this.ensureSpace(2 * this.lineHeight())
    const y = doc.y
    if (clause) {
      doc
        .font(fonts.bold)
        .fontSize(size.body)
        .fillColor(colours.brand)
        .text(clause, margins.left, y, { width: clauseIndent, lineBreak: false })
    }
    const indent = clause ? clauseIndent : 0
    this.inline(text, margins.left + indent, y, this.width - indent)
  }

  private list(block: ListBlock, indent: number) {
    const { doc } = this
    block.items.forEach((item, index) => {
      this.ensureSpace(2 * this.lineHeight())
      const y = doc.y
      const marker =
        block.style === 'bullet'
          ? '•'
          : block.style === 'alpha'
            ? `(${String.fromCharCode(97 + index)})`
            : `${index + 1}.`
      const markerWidth = block.style === 'bullet' ? 12 : 22
      doc
        .font(fonts.regular)
        .fontSize(size.body)
        .fillColor(colours.soft)
        .text(marker, margins.left + indent + listIndent - 12, y, { lineBreak: false })
      const x = margins.left + indent + listIndent - 12 + markerWidth
      this.inline(item, x, y, margins.left + this.width - x)
      doc.moveDown(0.25)
    })
  }

  private definitions(block: DefinitionsBlock, indent: number) {
    for (const item of block.items) {
      this.ensureSpace(2 * this.lineHeight())
      // Under a numbered clause the clause number already sets the definitions apart.
      const offset = indent || listIndent
      this.inline(
        `**“${item.term}”** means ${item.meaning}`,
        margins.left + offset,
        this.doc.y,
        this.width - offset,
      )
      this.doc.moveDown(0.35)
    }
  }

  private contact(block: ContactBlock, indent: number) {
    const { doc } = this
    const x = margins.left + indent + listIndent
    this.ensureSpace(block.lines.length * this.lineHeight() + 12)
    const top = doc.y
    block.lines.forEach((line, index) => {
      this.inline(index === 0 ? `**${line}**` : line, x, doc.y, this.width - indent - listIndent)
    })
    doc
      .moveTo(x - 10, top)
      .lineTo(x - 10, doc.y)
      .lineWidth(2)
      .strokeColor(colours.brand)
      .stroke()
  }

  private table(block: TableBlock) {
    const { doc } = this
    this.ensureSpace(4 * this.lineHeight())
    doc.font(fonts.bold).fontSize(size.body).fillColor(colours.ink)
    doc.text(block.caption, margins.left, doc.y, { width: this.width })
    doc.moveDown(0.3)
    doc.font(fonts.regular).fontSize(size.small + 1)
    doc.table({
      position: { x: margins.left, y: doc.y },
      maxWidth: this.width,
      rowStyles: (row) =>
        row === 0
          ? { backgroundColor: colours.brandSoft, textColor: colours.ink, border: [0, 0, 0.5, 0] }
          : { textColor: colours.ink, border: [0, 0, 0.5, 0], borderColor: colours.line },
      data: [[...block.columns], ...block.rows.map((row) => [...row])],
    })
  }

  /**
   * Writes text with its inline markup: bold runs in Helvetica-Bold, links underlined in the
   * brand colour and clickable (site paths made absolute, #ids jump inside the document).
   */
  private inline(text: string, x: number, y: number, width: number) {
    const { doc } = this
    const segments = parseInline(text)
    segments.forEach((segment, index) => {
      const href = segment.kind === 'link' ? segment.href : undefined
      // pdfkit carries a continued run's options into the next run unless they are set again,
      // so every run sets link and goTo, with null for "none" (its types forget goTo's null).
      const options = {
        width,
        lineGap,
        continued: index < segments.length - 1,
        link: href && !href.startsWith('#') ? this.absolute(href) : null,
        goTo: href?.startsWith('#') ? href.slice(1) : null,
        underline: href !== undefined,
      } as PDFKit.Mixins.TextOptions
      doc
        .font(segment.kind === 'strong' ? fonts.bold : fonts.regular)
        .fontSize(size.body)
        .fillColor(href ? colours.brand : colours.ink)
      if (index === 0) doc.text(segment.text, x, y, options)
      else doc.text(segment.text, options)
    })
  }

  private absolute(href: string): string {
    return href.startsWith('/') ? `${this.options.siteUrl}${href}` : href
  }
}
