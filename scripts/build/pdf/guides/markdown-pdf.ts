import { lexer, type Token, type Tokens } from 'marked'
import {
  colours,
  type ContentsEntry,
  DocumentFrame,
  fonts,
  lineGap,
  margins,
  size,
} from '#core/pdf/frame.ts'
import { inlineRuns, plainText, type Run, runWidths } from '#core/pdf/text-layout.ts'
import { type DocumentMeta, formatDocumentDate } from '#app/guides/source/front-matter.ts'
import { languageLabel } from '#app/guides/source/include.ts'
import { headingId } from '#app/guides/heading-id.ts'

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

const paragraphSpace = 7
const listIndent = 16
const cellPadding = { x: 5, y: 4 } as const
const codePadding = 8

/**
 * Lays a Markdown developer document out in the site's document frame (frame.ts): numbered
 * sections with bookmarks; text with inline code, bold and links; lists; tables that wrap
 * their cells and repeat their header row across pages; shaded code blocks that wrap long
 * lines; every piece tagged for screen readers.
 */
export async function renderMarkdownPdf(
  meta: DocumentMeta,
  body: string,
  options: DocsPdfOptions,
): Promise<Buffer> {
  const date = formatDocumentDate(meta.date)
  const frame = new DocumentFrame({
    brandName: options.brandName,
    author: options.legalName,
    title: meta.title,
    subject: meta.subject,
    keywords: `${options.brandName}, payment gateway, integration, API, India`,
    date: meta.date,
    band: ['Developer documentation', options.legalName],
    header: `${options.brandName} Developer documentation`,
    footer: `${meta.title}  ·  Version ${meta.version}  ·  ${date}`,
    siteUrl: options.siteUrl,
    source: options.source,
    compress: options.compress,
  })
  try {
    frame.titlePage({
      title: meta.title,
      subtitle: meta.subject,
      dateLine: `Version ${meta.version}  ·  ${date}`,
    })
    frame.newPage()
    const writer = new DocsBodyWriter(frame, options)
    writer.blocks(lexer(body), margins.left, frame.width)
    frame.contents(writer.headings)
  } catch (error) {
    await frame.abandon()
    throw error
  }
  return frame.end()
}

class DocsBodyWriter {
  readonly headings: ContentsEntry[] = []
  private section = 0
  private subsection = 0
  private outlineSection: PDFKit.PDFOutline | undefined
  private readonly ids = new Set<string>()

  constructor(
    private readonly frame: DocumentFrame,
    private readonly options: DocsPdfOptions,
  ) {}

  private get doc() {
    return this.frame.doc
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
        this.frame.ensureSpace(20)
        this.frame.rule(this.doc.y + 6, x, width)
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
    const { doc, frame } = this
    const text = plainText(token.tokens)
    if (token.depth === 1) {
      throw new Error(
        `${this.options.source}: "# ${text}": the title comes from the front matter; sections start at ##`,
      )
    }
    // Two headings with one text (two "Test data" sections) get -2, -3 … as GitHub numbers them.
    let id = headingId(text)
    for (let suffix = 2; this.ids.has(id); suffix++) id = `${headingId(text)}-${suffix}`
    this.ids.add(id)
    let label = ''
    let fontSize: number = size.h4
    let colour: string = colours.ink
    const pageTop = doc.y <= margins.top + 1
    if (token.depth === 2) {
      this.section += 1
      this.subsection = 0
      label = `${this.section}.`
      fontSize = size.h2
      colour = colours.brandStrong
      doc.y += pageTop ? 0 : 14
    } else if (token.depth === 3) {
      this.subsection += 1
      label = `${this.section}.${this.subsection}`
      fontSize = size.h3
      doc.y += pageTop ? 0 : 8
    } else {
      doc.y += 4
    }
    const runs: Run[] = [{ text: label ? `${label}  ${text}` : text, style: { bold: true } }]
    const lines = frame.layout(runs, width, fontSize)
    // A heading never ends a page: keep room for it and three lines of what follows.
    frame.ensureSpace(lines.length * frame.lineHeight(fontSize) + 3 * frame.lineHeight(size.body))
    if (token.depth <= 3) {
      const level = token.depth as 2 | 3
      this.headings.push({ level, number: label, text, id, page: frame.pageIndex() })
      const title = `${label} ${text}`
      if (level === 2) this.outlineSection = doc.outline.addItem(title)
      else (this.outlineSection ?? doc.outline).addItem(title)
    }
    doc.addNamedDestination(id, 'XYZ', x, doc.y, null)
    if (token.depth === 2) {
      frame.rule(doc.y + lines.length * frame.lineHeight(fontSize) + 1, x, width)
    }
    frame.tags.leaf(`H${Math.min(token.depth, 6)}`, () => frame.flow(lines, x, fontSize, colour))
    doc.y += token.depth === 2 ? 7 : 3
  }

  private paragraph(tokens: readonly Token[], x: number, width: number) {
    const { frame } = this
    const lines = frame.layout(inlineRuns(tokens), width, size.body)
    frame.tags.leaf('P', () => frame.flow(lines, x, size.body, colours.ink))
    this.doc.y += paragraphSpace
  }

  private list(token: Tokens.List, x: number, width: number) {
    const { doc, frame } = this
    const start = typeof token.start === 'number' ? token.start : 1
    const markerWidth = token.ordered ? 20 : listIndent - 2
    frame.tags.group('L', () => {
      token.items.forEach((item, index) => {
        frame.ensureSpace(2 * frame.lineHeight(size.body))
        const marker = token.ordered ? `${start + index}.` : '•'
        const top = doc.y
        frame.tags.group('LI', () => {
          frame.tags.leaf('Lbl', () => {
            const [line] = frame.layout(
              [{ text: marker, style: { bold: token.ordered } }],
              markerWidth,
              size.body,
            )
            frame.drawLine(
              line!,
              x,
              top,
              size.body,
              token.ordered ? colours.brand : colours.inkSoft,
            )
          })
          doc.y = top
          frame.tags.group('LBody', () => {
            const inner = x + markerWidth
            const itemTokens = item.tokens
            itemTokens.forEach((child, childIndex) => {
              this.block(child, inner, width - markerWidth)
              // A tight item's text gets no paragraph space before what follows in the item.
              if (child.type === 'text' && !item.loose && childIndex < itemTokens.length - 1) {
                doc.y -= paragraphSpace
              }
            })
          })
        })
        if (!token.loose) doc.y -= paragraphSpace - 2
      })
    })
    if (!token.loose) doc.y += paragraphSpace - 2
  }

  /** A blockquote is a note: a tinted box with a bar in the brand colour. */
  private note(token: Tokens.Blockquote, x: number, width: number) {
    const { doc, frame } = this
    const inner = width - 2 * codePadding - 4
    const paragraphs = token.tokens.filter((child) => child.type !== 'space')
    const laidOut = paragraphs.map((child) => {
      if (child.type !== 'paragraph') {
        throw new Error(`${this.options.source}: a note (>) may hold paragraphs only`)
      }
      return frame.layout(inlineRuns((child as Tokens.Paragraph).tokens), inner, size.body)
    })
    const lineHeight = frame.lineHeight(size.body)
    const height =
      laidOut.reduce((sum, lines) => sum + lines.length * lineHeight, 0) +
      (laidOut.length - 1) * 4 +
      2 * codePadding -
      lineGap
    frame.ensureSpace(Math.min(height, frame.bottom - margins.top))
    const top = doc.y
    const boxHeight = Math.min(height, frame.bottom - top)
    frame.tags.artifact(() => {
      doc.rect(x, top, width, boxHeight).fill(colours.brandSoft)
      doc.rect(x, top, 3, boxHeight).fill(colours.brand)
    })
    doc.y = top + codePadding
    frame.tags.group('Note', () => {
      laidOut.forEach((lines) => {
        frame.tags.leaf('P', () => frame.flow(lines, x + codePadding + 4, size.body, colours.ink))
        doc.y += 4
      })
    })
    doc.y = Math.max(doc.y, top + height) + paragraphSpace + 2
  }

  // ---- code blocks ----

  private code(token: Tokens.Code, x: number, width: number) {
    const { doc, frame } = this
    const [fence = '', file] = (token.lang ?? '').split(/\s+/)
    // A quoted kit file is named as the reader finds it in the kit's archive (`kits/php/` is the
    // repository's folder, which a reader never sees): `pg/public/index.php`.
    const inKit = file?.replace(/^kits\/[\w-]+\//, '')
    const label = [languageLabel(fence), inKit].filter(Boolean).join('  ·  ')
    const text = frame.printable(token.text.replace(/\t/g, '    '), fonts.mono)
    doc.font(fonts.mono).fontSize(size.code)
    const charWidth = doc.widthOfString('M')
    const innerWidth = width - 2 * codePadding - 3
    const columns = Math.max(20, Math.floor(innerWidth / charWidth))
    const lines = text.split('\n').flatMap((line) => wrapCodeLine(line, columns))
    const lineHeight = size.code * 1.2 + 1.6
    const labelHeight = label ? 13 : 0
    // A short block moves to the next page whole rather than being cut.
    const wholeHeight = labelHeight + 2 * codePadding + lines.length * lineHeight
    if (lines.length <= 12) frame.ensureSpace(wholeHeight)
    let index = 0
    let first = true
    while (index < lines.length) {
      // At least three lines (or all) on this page, with the label.
      const minimum = labelHeight + 2 * codePadding + Math.min(3, lines.length) * lineHeight
      frame.ensureSpace(minimum)
      const top = doc.y
      const room = frame.bottom - top - 2 * codePadding - (first ? labelHeight : 0)
      const left = lines.length - index
      let count = Math.max(1, Math.min(left, Math.floor(room / lineHeight)))
      // Never carry fewer than three lines over to the next page.
      if (count < left && left - count < 3) count = Math.max(3, left - 3)
      const chunk = lines.slice(index, index + count)
      const height = (first ? labelHeight : 0) + 2 * codePadding + chunk.length * lineHeight
      frame.tags.artifact(() => {
        doc.rect(x, top, width, height).fill(colours.surfaceAlt)
        doc.rect(x, top, 3, height).fill(colours.brand)
      })
      let y = top + codePadding
      if (first && label) {
        frame.tags.leaf('P', () => {
          doc
            .font(fonts.bold)
            .fontSize(size.small - 0.5)
            .fillColor(colours.inkSoft)
            .text(label, x + codePadding + 3, y - 1, {
              width: innerWidth,
              lineBreak: false,
              ellipsis: true,
            })
        })
        y += labelHeight
      }
      // Each page's part of the block is its own Code element, drawn over its own box.
      frame.tags.leaf('Code', () => {
        doc.font(fonts.mono).fontSize(size.code).fillColor(colours.ink)
        for (const line of chunk) {
          if (line !== '') doc.text(line, x + codePadding + 3, y, { lineBreak: false })
          y += lineHeight
        }
      })
      doc.y = top + height
      index += count
      first = false
      if (index < lines.length) frame.newPage()
    }
    doc.y += paragraphSpace + 2
  }

  // ---- tables ----

  private table(token: Tokens.Table, x: number, width: number) {
    const { doc, frame } = this
    const header = token.header.map((cell) => inlineRuns(cell.tokens, { bold: true }))
    const rows = token.rows.map((row) => row.map((cell) => inlineRuns(cell.tokens)))
    const widths = this.columnWidths([header, ...rows], width)
    const measure = (cells: Run[][]) => {
      const laidOut = cells.map((cell, column) =>
        frame.layout(cell, widths[column]! - 2 * cellPadding.x, size.table),
      )
      const height =
        Math.max(...laidOut.map((lines) => lines.length)) * frame.lineHeight(size.table) -
        lineGap +
        2 * cellPadding.y
      return { laidOut, height }
    }
    const drawCells = (row: ReturnType<typeof measure>, top: number, cellTag?: 'TH' | 'TD') => {
      let cellX = x
      row.laidOut.forEach((lines, column) => {
        const left = cellX
        const draw = () => {
          let lineTop = top + cellPadding.y
          for (const line of lines) {
            frame.drawLine(line, left + cellPadding.x, lineTop, size.table, colours.ink)
            lineTop += frame.lineHeight(size.table)
          }
        }
        if (cellTag) frame.tags.leaf(cellTag, draw)
        else draw()
        cellX += widths[column]!
      })
    }
    /** A row: shading and rule are decoration; a repeated header row is decoration whole. */
    const drawRow = (
      row: ReturnType<typeof measure>,
      kind: 'header' | 'repeat' | 'body',
      shaded: boolean,
    ) => {
      const top = doc.y
      const isHeader = kind !== 'body'
      frame.tags.artifact(() => {
        if (isHeader) doc.rect(x, top, width, row.height).fill(colours.brandSoft)
        else if (shaded) doc.rect(x, top, width, row.height).fill(colours.surfaceAlt)
        doc
          .moveTo(x, top + row.height)
          .lineTo(x + width, top + row.height)
          .lineWidth(isHeader ? 0.9 : 0.5)
          .strokeColor(isHeader ? colours.brand : colours.rule)
          .stroke()
        if (kind === 'repeat') drawCells(row, top)
      })
      if (kind !== 'repeat') {
        frame.tags.group('TR', () => drawCells(row, top, kind === 'header' ? 'TH' : 'TD'))
      }
      doc.y = top + row.height
    }
    const headerRow = measure(header)
    const measured = rows.map(measure)
    // The header and the first row start together.
    frame.ensureSpace(headerRow.height + (measured[0]?.height ?? 0))
    frame.tags.group('Table', () => {
      drawRow(headerRow, 'header', false)
      measured.forEach((row, index) => {
        if (doc.y + row.height > frame.bottom) {
          frame.newPage()
          drawRow(headerRow, 'repeat', false)
        }
        drawRow(row, 'body', index % 2 === 1)
      })
    })
    doc.y += paragraphSpace + 3
  }

  /**
   * Column widths: each column at least its longest word (so field names never break), the
   * rest of the width shared in proportion to how much more each column's text wants.
   */
  private columnWidths(table: Run[][][], width: number): number[] {
    const measure = this.frame.measureAt(size.table)
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
