import { lexer, type Token, type Tokens } from 'marked'
import { openPdfDocument } from '../pdf-document.ts'
import { toWinAnsi } from './charset.ts'
import { type DocumentMeta, formatDocumentDate } from './front-matter.ts'
import { languageLabel } from './include.ts'
import {
  inlineRuns,
  layoutRuns,
  type Line,
  type Measure,
  plainText,
  type Run,
  type RunStyle,
  runWidths,
} from './text-layout.ts'

export interface DocsPdfOptions {
  brandName: string
  /** The company: the PDF's Author and the title page's second line. */
  legalName: string
  /** Origin that site paths such as /developers are made absolute against. */
  siteUrl: string
  /** Names the source in error messages. */
  source: string
  /** Flate-compress page streams (the default). */
  compress?: boolean
}

/** A numbered section or subsection, as the table of contents and the outline list it. */
export interface HeadingEntry {
  level: 2 | 3
  number: string
  text: string
  id: string
  /** Zero-based page index. */
  page: number
}

const fonts = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  italic: 'Helvetica-Oblique',
  boldItalic: 'Helvetica-BoldOblique',
  mono: 'Courier',
  monoBold: 'Courier-Bold',
} as const
/** AFM ascenders, so runs of different fonts share one baseline. */
const ascender = { helvetica: 0.718, courier: 0.629 } as const

const colours = {
  brand: '#4a2fd6',
  brandStrong: '#2d1a99',
  brandSoft: '#eeebff',
  ink: '#12142b',
  soft: '#464a66',
  line: '#d5d8e6',
  codeBackground: '#f4f5fa',
  codeInk: '#1d2040',
  noteBackground: '#f6f4ff',
  white: '#ffffff',
} as const

const size = {
  body: 10,
  small: 8,
  table: 8.5,
  code: 8.2,
  h2: 14,
  h3: 11.5,
  h4: 10.5,
  title: 26,
} as const
/** Courier looks larger than Helvetica at the same size. */
const inlineCodeScale = 0.92
const lineGap = 3
const margins = { top: 66, bottom: 70, left: 62, right: 62 } as const
const paragraphSpace = 7
const listIndent = 16
const cellPadding = { x: 5, y: 4 } as const
const codePadding = 8

/**
 * Lays a Markdown developer document out as an A4 PDF: a title page with the brand band, the
 * version and date and a linked table of contents; numbered sections with bookmarks; text with
 * inline code, bold and links; lists; tables that wrap their cells and repeat their header row
 * across pages; shaded code blocks that wrap long lines; a running header and "Page n of N".
 * Standard PDF fonts only, so nothing is embedded and every word stays extractable.
 */
export async function renderMarkdownPdf(
  meta: DocumentMeta,
  body: string,
  options: DocsPdfOptions,
): Promise<Buffer> {
  const { doc, bytes: done } = openPdfDocument({
    margins,
    title: toWinAnsi(meta.title, options.source),
    subject: toWinAnsi(meta.subject, options.source),
    keywords: `${options.brandName}, payment gateway, integration, API, India`,
    author: options.legalName,
    brandName: options.brandName,
    date: meta.date,
    compress: options.compress,
  })
  try {
    const writer = new DocsPdfWriter(doc, meta, options)
    const contentsTop = writer.titlePage()
    doc.addPage()
    writer.blocks(lexer(body), margins.left, writer.width)
    writer.contents(contentsTop)
    writer.pageFurniture()
  } catch (error) {
    doc.end()
    await done.catch(() => undefined)
    throw error
  }
  doc.end()
  return done
}

/** `HASH and ENCDATA` → `hash-and-encdata`, as GitHub makes heading anchors. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
}

class DocsPdfWriter {
  readonly headings: HeadingEntry[] = []
  private section = 0
  private subsection = 0
  private outlineSection: PDFKit.PDFOutline | undefined
  private readonly ids = new Set<string>()

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly meta: DocumentMeta,
    private readonly options: DocsPdfOptions,
  ) {}

  get width() {
    return this.doc.page.width - margins.left - margins.right
  }

  private get bottom() {
    return this.doc.page.height - margins.bottom
  }

  private lineHeight(fontSize: number) {
    return fontSize * 1.2 + lineGap
  }

  private pageIndex(): number {
    const { start, count } = this.doc.bufferedPageRange()
    return start + count - 1
  }

  /** Starts a new page unless `height` more points fit on this one. */
  private ensureSpace(height: number) {
    if (this.doc.y + height > this.bottom) this.newPage()
  }

  private newPage() {
    this.doc.addPage()
    this.doc.y = margins.top
  }

  private safe(text: string) {
    return toWinAnsi(text, this.options.source)
  }

  private font(style: RunStyle) {
    if (style.code) return style.bold ? fonts.monoBold : fonts.mono
    if (style.bold) return style.italic ? fonts.boldItalic : fonts.bold
    return style.italic ? fonts.italic : fonts.regular
  }

  private setFont(style: RunStyle, fontSize: number) {
    this.doc.font(this.font(style)).fontSize(style.code ? fontSize * inlineCodeScale : fontSize)
  }

  private measureAt(fontSize: number): Measure {
    return (text, style) => {
      this.setFont(style, fontSize)
      return this.doc.widthOfString(text)
    }
  }

  private runs(tokens: readonly Token[] | undefined, base: RunStyle = {}): Run[] {
    return inlineRuns(tokens, base).map((run) => ({ ...run, text: this.safe(run.text) }))
  }

  private layout(runs: readonly Run[], width: number, fontSize: number): Line[] {
    return layoutRuns(runs, width, this.measureAt(fontSize))
  }

  /** Draws one laid-out line whose box starts at `top`. */
  private drawLine(line: Line, x: number, top: number, fontSize: number, colour: string) {
    const { doc } = this
    const baseline = top + fontSize * ascender.helvetica
    let cursor = x
    for (const segment of line.segments) {
      const { style } = segment
      this.setFont(style, fontSize)
      const rise = (style.code ? ascender.courier * inlineCodeScale : ascender.helvetica) * fontSize
      const href = style.href
      doc.fillColor(href ? colours.brand : style.code ? colours.brandStrong : colour)
      doc.text(segment.text, cursor, baseline - rise, {
        lineBreak: false,
        link: href && !href.startsWith('#') ? this.absolute(href) : null,
        goTo: href?.startsWith('#') ? href.slice(1) : null,
        underline: href !== undefined,
      } as PDFKit.Mixins.TextOptions)
      cursor += segment.width
    }
  }

  /** Writes laid-out lines from the current position, breaking pages between lines. */
  private flow(lines: Line[], x: number, fontSize: number, colour: string) {
    const { doc } = this
    const height = this.lineHeight(fontSize)
    // Keep at least two lines of a paragraph together at a page's foot.
    this.ensureSpace(Math.min(lines.length, 2) * height)
    for (const line of lines) {
      this.ensureSpace(height)
      this.drawLine(line, x, doc.y, fontSize, colour)
      doc.y += height
    }
  }

  private absolute(href: string): string {
    return href.startsWith('/') ? `${this.options.siteUrl}${href}` : href
  }

  // ---- title page, contents, header and footer ----

  /** The brand band, title, subject, version and date; returns where the contents go. */
  titlePage(): number {
    const { doc, meta, options } = this
    doc.rect(0, 0, doc.page.width, 150).fill(colours.brand)
    doc.rect(0, 150, doc.page.width, 6).fill(colours.brandStrong)
    doc
      .fillColor(colours.white)
      .font(fonts.bold)
      .fontSize(30)
      .text(options.brandName, margins.left, 50, { width: this.width, lineBreak: false })
    doc
      .font(fonts.regular)
      .fontSize(size.body)
      .text('Developer documentation', margins.left, 94, { width: this.width, lineBreak: false })
    doc.text(options.legalName, margins.left, 94, {
      width: this.width,
      align: 'right',
      lineBreak: false,
    })
    doc
      .fillColor(colours.ink)
      .font(fonts.bold)
      .fontSize(size.title)
      .text(this.safe(meta.title), margins.left, 196, { width: this.width })
    doc.moveDown(0.35)
    doc
      .fillColor(colours.soft)
      .font(fonts.regular)
      .fontSize(11.5)
      .text(this.safe(meta.subject), { width: this.width, lineGap })
    doc.moveDown(0.9)
    doc
      .fillColor(colours.brandStrong)
      .font(fonts.bold)
      .fontSize(size.body)
      .text(`Version ${meta.version}  ·  ${formatDocumentDate(meta.date)}`, {
        width: this.width,
      })
    doc.moveDown(1.4)
    const ruleY = doc.y
    this.rule(ruleY)
    return ruleY + 22
  }

  private rule(y: number, x: number = margins.left, width: number = this.width) {
    this.doc
      .moveTo(x, y)
      .lineTo(x + width, y)
      .lineWidth(0.75)
      .strokeColor(colours.line)
      .stroke()
  }

  /** The table of contents on the title page: sections and subsections, linked, with pages. */
  contents(top: number) {
    const { doc } = this
    doc.switchToPage(0)
    doc
      .fillColor(colours.ink)
      .font(fonts.bold)
      .fontSize(size.h3)
      .text('Contents', margins.left, top, { width: this.width })
    doc.y += 6
    const pageWidth = 36
    for (const heading of this.headings) {
      const fontSize = heading.level === 2 ? size.body : size.body - 1
      const height = this.lineHeight(fontSize) + (heading.level === 2 ? 1.5 : 0)
      if (doc.y + height > this.bottom) {
        throw new Error(
          `${this.options.source}: the table of contents does not fit on the title page`,
        )
      }
      const y = doc.y
      const indent = heading.level === 2 ? 0 : 24
      const numberWidth = heading.level === 2 ? 24 : 30
      const link = { lineBreak: false, goTo: heading.id } as const
      doc
        .font(heading.level === 2 ? fonts.bold : fonts.regular)
        .fontSize(fontSize)
        .fillColor(colours.brand)
        .text(heading.number, margins.left + indent, y, link)
      doc.fillColor(colours.ink).text(heading.text, margins.left + indent + numberWidth, y, {
        ...link,
        width: this.width - indent - numberWidth - pageWidth,
        ellipsis: true,
      })
      doc
        .fillColor(colours.soft)
        .text(String(heading.page + 1), margins.left + this.width - pageWidth, y, {
          ...link,
          width: pageWidth,
          align: 'right',
        })
      doc.y = y + height
    }
  }

  /** A running header on every page but the first, and "Page n of N" on all. */
  pageFurniture() {
    const { doc, meta, options } = this
    const { start, count } = doc.bufferedPageRange()
    for (let index = start; index < start + count; index++) {
      doc.switchToPage(index)
      // Writing in the margins would otherwise make pdfkit start a new page.
      doc.page.margins.bottom = 0
      doc.page.margins.top = 0
      doc.font(fonts.regular).fontSize(size.small).fillColor(colours.soft)
      if (index > start) {
        const headerY = 30
        doc.text(`${options.brandName} Developer documentation`, margins.left, headerY, {
          width: this.width,
          lineBreak: false,
        })
        doc.text(this.safe(meta.title), margins.left, headerY, {
          width: this.width,
          align: 'right',
          lineBreak: false,
        })
        this.rule(headerY + 14)
      }
      const footerY = doc.page.height - margins.bottom + 26
      this.rule(footerY - 9)
      doc.font(fonts.regular).fontSize(size.small).fillColor(colours.soft)
      doc.text(
        `${this.safe(meta.title)}  ·  Version ${meta.version}  ·  ${formatDocumentDate(meta.date)}`,
        margins.left,
        footerY,
        { width: this.width, lineBreak: false },
      )
      doc.text(`Page ${index - start + 1} of ${count}`, margins.left, footerY, {
        width: this.width,
        align: 'right',
        lineBreak: false,
      })
      doc.page.margins.bottom = margins.bottom
      doc.page.margins.top = margins.top
    }
  }

  // ---- blocks ----

  blocks(tokens: readonly Token[], x: number, width: number) {
    for (const token of tokens) this.block(token, x, width)
  }

  private block(token: Token, x: number, width: number) {
    switch (token.type) {
      case 'heading':
        return this.heading(token as Tokens.Heading, x, width)
      case 'paragraph':
        return this.paragraph((token as Tokens.Paragraph).tokens, x, width)
      case 'text':
        // A tight list item's text.
        return this.paragraph((token as Tokens.Text).tokens ?? [token], x, width)
      case 'list':
        return this.list(token as Tokens.List, x, width)
      case 'table':
        return this.table(token as Tokens.Table, x, width)
      case 'code':
        return this.code(token as Tokens.Code, x, width)
      case 'blockquote':
        return this.note(token as Tokens.Blockquote, x, width)
      case 'hr':
        this.ensureSpace(20)
        this.rule(this.doc.y + 6, x, width)
        this.doc.y += 18
        return
      case 'html':
        // Comments carry notes for the tests (`<!-- codes: … -->`); they print nothing.
        if (/^\s*<!--[\s\S]*-->\s*$/.test(String(token.text))) return
        throw new Error(`${this.options.source}: unsupported HTML "${token.raw.trim()}"`)
      case 'space':
      case 'def':
        return
      default:
        throw new Error(
          `${this.options.source}: unsupported Markdown ${token.type} "${token.raw.slice(0, 40)}"`,
        )
    }
  }

  private heading(token: Tokens.Heading, x: number, width: number) {
    const { doc } = this
    const text = this.safe(plainText(token.tokens))
    if (token.depth === 1) {
      throw new Error(
        `${this.options.source}: "# ${text}": the title comes from the front matter; sections start at ##`,
      )
    }
    // Two headings with one text (two "Test data" sections) get -2, -3 … as GitHub numbers them.
    let id = slugify(text)
    for (let suffix = 2; this.ids.has(id); suffix++) id = `${slugify(text)}-${suffix}`
    this.ids.add(id)
    let label: string
    let fontSize: number
    let colour: string
    if (token.depth === 2) {
      this.section += 1
      this.subsection = 0
      label = `${this.section}.`
      fontSize = size.h2
      colour = colours.brandStrong
      doc.y += this.doc.y > margins.top + 1 ? 14 : 0
    } else if (token.depth === 3) {
      this.subsection += 1
      label = `${this.section}.${this.subsection}`
      fontSize = size.h3
      colour = colours.ink
      doc.y += this.doc.y > margins.top + 1 ? 8 : 0
    } else {
      label = ''
      fontSize = size.h4
      colour = colours.ink
      doc.y += 4
    }
    const runs: Run[] = [{ text: label ? `${label}  ${text}` : text, style: { bold: true } }]
    const lines = this.layout(runs, width, fontSize)
    // A heading never ends a page: keep room for it and three lines of what follows.
    this.ensureSpace(lines.length * this.lineHeight(fontSize) + 3 * this.lineHeight(size.body))
    if (token.depth <= 3) {
      const level = token.depth as 2 | 3
      this.headings.push({ level, number: label, text, id, page: this.pageIndex() })
      const title = `${label} ${text}`
      if (level === 2) this.outlineSection = doc.outline.addItem(title)
      else (this.outlineSection ?? doc.outline).addItem(title)
    }
    doc.addNamedDestination(id, 'XYZ', x, doc.y, null)
    if (token.depth === 2) {
      this.rule(doc.y + lines.length * this.lineHeight(fontSize) + 1, x, width)
    }
    this.flow(lines, x, fontSize, colour)
    doc.y += token.depth === 2 ? 7 : 3
  }

  private paragraph(tokens: readonly Token[], x: number, width: number) {
    const lines = this.layout(this.runs(tokens), width, size.body)
    this.flow(lines, x, size.body, colours.ink)
    this.doc.y += paragraphSpace
  }

  private list(token: Tokens.List, x: number, width: number) {
    const { doc } = this
    const start = typeof token.start === 'number' ? token.start : 1
    const markerWidth = token.ordered ? 20 : listIndent - 2
    token.items.forEach((item, index) => {
      this.ensureSpace(2 * this.lineHeight(size.body))
      const marker = token.ordered ? `${start + index}.` : '•'
      const top = doc.y
      doc
        .font(token.ordered ? fonts.bold : fonts.regular)
        .fontSize(size.body)
        .fillColor(token.ordered ? colours.brand : colours.soft)
        .text(marker, x, top + size.body * ascender.helvetica, {
          lineBreak: false,
          baseline: 'alphabetic',
        })
      doc.y = top
      const inner = x + markerWidth
      const itemTokens = item.tokens
      itemTokens.forEach((child, childIndex) => {
        this.block(child, inner, width - markerWidth)
        // A tight item's text gets no paragraph space before what follows inside the item.
        if (child.type === 'text' && !item.loose && childIndex < itemTokens.length - 1) {
          doc.y -= paragraphSpace
        }
      })
      if (!token.loose) doc.y -= paragraphSpace - 2
    })
    if (!token.loose) doc.y += paragraphSpace - 2
  }

  /** A blockquote is a note: a tinted box with a bar in the brand colour. */
  private note(token: Tokens.Blockquote, x: number, width: number) {
    const { doc } = this
    const inner = width - 2 * codePadding - 4
    const paragraphs = token.tokens.filter((child) => child.type !== 'space')
    const laidOut = paragraphs.map((child) => {
      if (child.type !== 'paragraph') {
        throw new Error(`${this.options.source}: a note (>) may hold paragraphs only`)
      }
      return this.layout(this.runs((child as Tokens.Paragraph).tokens), inner, size.body)
    })
    const lineHeight = this.lineHeight(size.body)
    const height =
      laidOut.reduce((sum, lines) => sum + lines.length * lineHeight, 0) +
      (laidOut.length - 1) * 4 +
      2 * codePadding -
      lineGap
    this.ensureSpace(Math.min(height, this.bottom - margins.top))
    const top = doc.y
    const boxHeight = Math.min(height, this.bottom - top)
    doc.rect(x, top, width, boxHeight).fill(colours.noteBackground)
    doc.rect(x, top, 3, boxHeight).fill(colours.brand)
    doc.y = top + codePadding
    laidOut.forEach((lines) => {
      this.flow(lines, x + codePadding + 4, size.body, colours.ink)
      doc.y += 4
    })
    doc.y = Math.max(doc.y, top + height) + paragraphSpace + 2
  }

  // ---- code blocks ----

  private code(token: Tokens.Code, x: number, width: number) {
    const { doc } = this
    const [fence = '', file] = (token.lang ?? '').split(/\s+/)
    const label = [languageLabel(fence), file].filter(Boolean).join('  ·  ')
    const text = this.safe(token.text.replace(/\t/g, '    '))
    doc.font(fonts.mono).fontSize(size.code)
    const charWidth = doc.widthOfString('M')
    const innerWidth = width - 2 * codePadding - 3
    const columns = Math.max(20, Math.floor(innerWidth / charWidth))
    const lines = text.split('\n').flatMap((line) => wrapCodeLine(line, columns))
    const lineHeight = size.code * 1.2 + 1.6
    const labelHeight = label ? 13 : 0
    // A short block moves to the next page whole rather than being cut.
    const wholeHeight = labelHeight + 2 * codePadding + lines.length * lineHeight
    if (lines.length <= 12) this.ensureSpace(wholeHeight)
    let index = 0
    let first = true
    while (index < lines.length) {
      // At least three lines (or all) on this page, with the label.
      const minimum = labelHeight + 2 * codePadding + Math.min(3, lines.length) * lineHeight
      this.ensureSpace(minimum)
      const top = doc.y
      const room = this.bottom - top - 2 * codePadding - (first ? labelHeight : 0)
      const left = lines.length - index
      let count = Math.max(1, Math.min(left, Math.floor(room / lineHeight)))
      // Never carry fewer than three lines over to the next page.
      if (count < left && left - count < 3) count = Math.max(3, left - 3)
      const chunk = lines.slice(index, index + count)
      const height = (first ? labelHeight : 0) + 2 * codePadding + chunk.length * lineHeight
      doc.rect(x, top, width, height).fill(colours.codeBackground)
      doc.rect(x, top, 3, height).fill(colours.brand)
      let y = top + codePadding
      if (first && label) {
        doc
          .font(fonts.bold)
          .fontSize(size.small - 0.5)
          .fillColor(colours.soft)
          .text(label, x + codePadding + 3, y - 1, {
            width: innerWidth,
            lineBreak: false,
            ellipsis: true,
          })
        y += labelHeight
      }
      doc.font(fonts.mono).fontSize(size.code).fillColor(colours.codeInk)
      for (const line of chunk) {
        if (line !== '') doc.text(line, x + codePadding + 3, y, { lineBreak: false })
        y += lineHeight
      }
      doc.y = top + height
      index += count
      first = false
      if (index < lines.length) this.newPage()
    }
    doc.y += paragraphSpace + 2
  }

  // ---- tables ----

  private table(token: Tokens.Table, x: number, width: number) {
    const { doc } = this
    const header = token.header.map((cell) => this.runs(cell.tokens, { bold: true }))
    const rows = token.rows.map((row) => row.map((cell) => this.runs(cell.tokens)))
    const widths = this.columnWidths([header, ...rows], width)
    const measure = (cells: Run[][]) => {
      const laidOut = cells.map((cell, column) =>
        this.layout(cell, widths[column]! - 2 * cellPadding.x, size.table),
      )
      const height =
        Math.max(...laidOut.map((lines) => lines.length)) * this.lineHeight(size.table) -
        lineGap +
        2 * cellPadding.y
      return { laidOut, height }
    }
    const headerRow = measure(header)
    const drawRow = (row: ReturnType<typeof measure>, isHeader: boolean, shaded: boolean) => {
      const top = doc.y
      if (isHeader) doc.rect(x, top, width, row.height).fill(colours.brandSoft)
      else if (shaded) doc.rect(x, top, width, row.height).fill('#fafafd')
      let cellX = x
      row.laidOut.forEach((lines, column) => {
        let lineTop = top + cellPadding.y
        for (const line of lines) {
          this.drawLine(line, cellX + cellPadding.x, lineTop, size.table, colours.ink)
          lineTop += this.lineHeight(size.table)
        }
        cellX += widths[column]!
      })
      doc
        .moveTo(x, top + row.height)
        .lineTo(x + width, top + row.height)
        .lineWidth(isHeader ? 0.9 : 0.5)
        .strokeColor(isHeader ? colours.brand : colours.line)
        .stroke()
      doc.y = top + row.height
    }
    const measured = rows.map(measure)
    // The header and the first row start together.
    this.ensureSpace(headerRow.height + (measured[0]?.height ?? 0))
    drawRow(headerRow, true, false)
    measured.forEach((row, index) => {
      if (doc.y + row.height > this.bottom) {
        this.newPage()
        drawRow(headerRow, true, false)
      }
      drawRow(row, false, index % 2 === 1)
    })
    doc.y += paragraphSpace + 3
  }

  /**
   * Column widths: each column at least its longest word (so field names never break), the
   * rest of the width shared in proportion to how much more each column's text wants.
   */
  private columnWidths(table: Run[][][], width: number): number[] {
    const measure = this.measureAt(size.table)
    const columns = table[0]!.length
    const minimum: number[] = Array.from({ length: columns }, () => 0)
    const desired: number[] = Array.from({ length: columns }, () => 0)
    for (const row of table) {
      row.forEach((cell, column) => {
        const { longestWord, total } = runWidths(cell, measure)
        minimum[column] = Math.max(minimum[column]!, longestWord + 2 * cellPadding.x + 1)
        desired[column] = Math.max(desired[column]!, total + 2 * cellPadding.x + 1)
      })
    }
    // A long URL or hash may break (at / _ ~ =) rather than starve the other columns; the
    // first column, the field names, keeps its words whole.
    const capped = minimum.map((value, column) =>
      Math.min(value, width * (column === 0 ? 0.35 : 0.2)),
    )
    const minimumTotal = capped.reduce((sum, value) => sum + value, 0)
    if (minimumTotal >= width) return capped.map((value) => (value / minimumTotal) * width)
    const desiredTotal = desired.reduce((sum, value) => sum + value, 0)
    if (desiredTotal <= width) {
      const spare = width - desiredTotal
      return desired.map((value) => value + (spare * value) / desiredTotal)
    }
    const wants = desired.map((value, column) => Math.max(0, value - capped[column]!))
    const wantTotal = wants.reduce((sum, value) => sum + value, 0)
    const spare = width - minimumTotal
    return capped.map((value, column) => value + (spare * wants[column]!) / (wantTotal || 1))
  }
}

/**
 * Splits a code line into lines of at most `columns` characters, preferring to break after a
 * space or punctuation; continuation lines keep the line's indentation plus two spaces.
 */
export function wrapCodeLine(line: string, columns: number): string[] {
  if (line.length <= columns) return [line]
  const indent = ' '.repeat(Math.min(line.length - line.trimStart().length + 2, columns / 2))
  const out: string[] = []
  let rest = line
  let limit = columns
  while (rest.length > limit) {
    let cut = -1
    for (let index = limit; index > limit / 2; index--) {
      if (/[\s,;(){}[\]./=&+~:-]/.test(rest[index - 1]!)) {
        cut = index
        break
      }
    }
    if (cut === -1) cut = limit
    out.push(rest.slice(0, cut).trimEnd())
    rest = indent + rest.slice(cut).trimStart()
    limit = columns
  }
  out.push(rest)
  return out
}
