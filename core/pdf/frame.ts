import PDFDocument from 'pdfkit'
import { palette } from '#core/brand/brand.ts'
import { ascent, assertPrintable, fonts, registerFonts, scriptPieces } from './fonts.ts'
import { StructureTree } from './structure.ts'
import { layoutRuns, type Line, type Measure, type Run, type RunStyle } from './text-layout.ts'

/**
 * The frame every PDF of the site shares, the legal texts, the developer guides and the
 * sandbox's tax invoices alike (ADR 022, 039): A4,
 * embedded Unicode fonts, the brand's palette, a title page with the brand band and a linked
 * table of contents, a running header, a footer with "Page n of N", and a structure tree
 * (tagged PDF) that the body writers add their headings, paragraphs, lists and tables to.
 */

export const colours = palette
export const margins = { top: 66, bottom: 70, left: 62, right: 62 } as const
export const size = {
  body: 10,
  small: 8,
  table: 8.5,
  code: 8.2,
  h2: 14,
  h3: 11.5,
  h4: 10.5,
  subtitle: 11.5,
  title: 26,
  brand: 30,
} as const
export const lineGap = 3
/** Where the baseline sits below the top of a line box, in ems of the font size. */
const baselineRatio = 0.76
/** Monospace looks larger than the sans at the same size. */
const inlineCodeScale = 0.9
export { fonts }

export interface FrameOptions {
  brandName: string
  /** The company: the PDF's Author. */
  author: string
  title: string
  subject: string
  keywords: string
  /** The document's own date (ISO `YYYY-MM-DD`): the metadata is dated by it, not the build. */
  date: string
  /** The two lines in the title page's brand band, left and right. */
  band: readonly [string, string]
  /** Left of the running header on every page after the first; the title is on the right. */
  header: string
  /** Left of the footer on every page; "Page n of N" is on the right. */
  footer: string
  /** Origin that site paths such as /developers are made absolute against. */
  siteUrl: string
  /** Names the source in error messages. */
  source: string
  /** Flate-compress page streams (the default). */
  compress?: boolean
  /** What made the file, for its metadata; default the website build. */
  creator?: string
}

/** A line of the table of contents. */
export interface ContentsEntry {
  level: 2 | 3
  /** `3.` for a section, `3.2` for a subsection. */
  number: string
  text: string
  /** The named destination the line links to. */
  id: string
  /** Zero-based page index. */
  page: number
}

/** Where the title page left room for the table of contents, and its structure element. */
interface ContentsSlot {
  contentsTop: number
  contentsElement: PDFKit.PDFStructureElement
}

export interface TitlePageText {
  title: string
  subtitle?: string
  /** Version and date, or "Last updated: …". */
  dateLine: string
}

export class DocumentFrame {
  readonly doc: PDFKit.PDFDocument
  readonly tags: StructureTree
  private readonly bytes: Promise<Buffer>
  private contentsSlot: ContentsSlot | undefined

  constructor(readonly options: FrameOptions) {
    const date = new Date(`${options.date}T00:00:00Z`)
    this.doc = new PDFDocument({
      size: 'A4',
      margins,
      // Pages stay in memory so the contents and "Page n of N" can be written at the end.
      bufferPages: true,
      compress: options.compress ?? true,
      pdfVersion: '1.7',
      lang: 'en-IN',
      tagged: true,
      displayTitle: true,
      info: {
        Title: options.title,
        Author: options.author,
        Subject: options.subject,
        Keywords: options.keywords,
        Creator: options.creator ?? `${options.brandName} website build`,
        CreationDate: date,
        ModDate: date,
      },
    })
    registerFonts(this.doc)
    this.doc.font(fonts.regular)
    const chunks: Buffer[] = []
    this.bytes = new Promise<Buffer>((resolve, reject) => {
      this.doc.on('data', (chunk: Buffer) => chunks.push(chunk))
      this.doc.on('end', () => resolve(Buffer.concat(chunks)))
      this.doc.on('error', reject)
    })
    this.tags = new StructureTree(this.doc)
  }

  get width() {
    return this.doc.page.width - margins.left - margins.right
  }

  get bottom() {
    return this.doc.page.height - margins.bottom
  }

  lineHeight(fontSize: number = size.body) {
    return fontSize * 1.2 + lineGap
  }

  pageIndex(): number {
    const { start, count } = this.doc.bufferedPageRange()
    return start + count - 1
  }

  /** Starts a new page unless `height` more points fit on this one. */
  ensureSpace(height: number) {
    if (this.doc.y + height > this.bottom) this.newPage()
  }

  /** A new page that carries on whatever element was being drawn. */
  newPage() {
    this.doc.continueOnNewPage()
    this.doc.y = margins.top
  }

  /** Throws, naming the source, when the fonts cannot print a character of `text`. */
  printable(text: string, font: string = fonts.regular): string {
    this.doc.font(font)
    assertPrintable(this.doc, text, this.options.source)
    return text
  }

  /** A hairline across the text column (or from x for width), as decoration. */
  rule(y: number, x: number = margins.left, width: number = this.width) {
    this.tags.artifact(() => this.hairline(y, x, width))
  }

  /** A hairline drawn inside an artifact that is already open. */
  private hairline(y: number, x: number = margins.left, width: number = this.width) {
    this.doc
      .moveTo(x, y)
      .lineTo(x + width, y)
      .lineWidth(0.75)
      .strokeColor(colours.rule)
      .stroke()
  }

  // ---- text: runs of styled inline text, laid out in lines and drawn ----

  fontOf(style: RunStyle): string {
    if (style.devanagari) return style.bold ? fonts.devanagariBold : fonts.devanagari
    if (style.code) return style.bold ? fonts.monoBold : fonts.mono
    if (style.bold) return style.italic ? fonts.boldItalic : fonts.bold
    return style.italic ? fonts.italic : fonts.regular
  }

  private setFont(style: RunStyle, fontSize: number) {
    this.doc.font(this.fontOf(style)).fontSize(style.code ? fontSize * inlineCodeScale : fontSize)
  }

  measureAt(fontSize: number): Measure {
    return (text, style) => {
      this.setFont(style, fontSize)
      return this.doc.widthOfString(text)
    }
  }

  /**
   * Breaks runs into lines of `width` points: each run split by script first, so Devanagari is
   * set (and shaped) in its own face; a character no face has fails the build.
   */
  layout(runs: readonly Run[], width: number, fontSize: number): Line[] {
    const byScript = runs.flatMap((run) =>
      scriptPieces(run.text).map(({ text, devanagari }) => ({
        text,
        style: devanagari ? { ...run.style, devanagari } : run.style,
      })),
    )
    for (const run of byScript) this.printable(run.text, this.fontOf(run.style))
    return layoutRuns(byScript, width, this.measureAt(fontSize))
  }

  /** Draws one laid-out line whose box starts at `top`; links are underlined and live. */
  drawLine(line: Line, x: number, top: number, fontSize: number, colour: string) {
    const { doc } = this
    const y = doc.y
    const baseline = top + fontSize * baselineRatio
    let cursor = x
    for (const segment of line.segments) {
      const { style } = segment
      this.setFont(style, fontSize)
      const href = style.href
      const rise = ascent(doc) * (style.code ? fontSize * inlineCodeScale : fontSize)
      doc.fillColor(href ? colours.brand : style.code ? colours.brandStrong : colour)
      // pdfkit carries link options from one text() to the next unless they are set again,
      // so every segment sets them, with null for "none" (its types forget goTo's null).
      // Shaped Devanagari puts a vowel sign before its consonant: the text as written goes
      // with it (ActualText) so that copying and screen readers get the words, not the glyphs.
      if (style.devanagari) doc.markContent('Span', { actual: segment.text })
      doc.text(segment.text, cursor, baseline - rise, {
        lineBreak: false,
        link: href && !href.startsWith('#') ? this.absolute(href) : null,
        goTo: href?.startsWith('#') ? href.slice(1) : null,
        underline: href !== undefined,
      } as PDFKit.Mixins.TextOptions)
      if (style.devanagari) doc.endMarkedContent()
      cursor += segment.width
    }
    // text() moves the cursor to where it wrote; the caller's flow decides where lines go.
    doc.y = y
  }

  /** Writes laid-out lines from the current position, breaking pages between lines. */
  flow(lines: readonly Line[], x: number, fontSize: number, colour: string) {
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

  /** Site paths (/policy) made absolute against the site; other targets as they are. */
  absolute(href: string): string {
    return href.startsWith('/') ? `${this.options.siteUrl}${href}` : href
  }

  /** The brand band, title, subtitle and date line; the contents go below, once known. */
  titlePage(text: TitlePageText) {
    const { doc, tags, options } = this
    tags.artifact(() => {
      doc.rect(0, 0, doc.page.width, 150).fill(colours.brand)
      doc.rect(0, 150, doc.page.width, 6).fill(colours.brandStrong)
    })
    tags.leaf('P', () => {
      doc
        .fillColor(colours.surface)
        .font(fonts.bold)
        .fontSize(size.brand)
        .text(options.brandName, margins.left, 50, { width: this.width, lineBreak: false })
      doc
        .font(fonts.regular)
        .fontSize(size.body)
        .text(this.printable(options.band[0]), margins.left, 94, {
          width: this.width,
          lineBreak: false,
        })
      doc.text(this.printable(options.band[1]), margins.left, 94, {
        width: this.width,
        align: 'right',
        lineBreak: false,
      })
    })
    tags.leaf('H1', () => {
      doc
        .fillColor(colours.ink)
        .font(fonts.bold)
        .fontSize(size.title)
        .text(this.printable(text.title, fonts.bold), margins.left, 196, { width: this.width })
    })
    doc.moveDown(0.35)
    if (text.subtitle) {
      const subtitle = text.subtitle
      tags.leaf('P', () => {
        doc
          .fillColor(colours.inkSoft)
          .font(fonts.regular)
          .fontSize(size.subtitle)
          .text(this.printable(subtitle), { width: this.width, lineGap })
      })
      doc.moveDown(0.9)
    }
    tags.leaf('P', () => {
      doc
        .fillColor(colours.brandStrong)
        .font(fonts.bold)
        .fontSize(size.body)
        .text(text.dateLine, { width: this.width })
    })
    doc.moveDown(1.4)
    const ruleY = doc.y
    this.rule(ruleY)
    this.contentsSlot = { contentsTop: ruleY + 22, contentsElement: tags.reserve('TOC') }
  }

  /** The table of contents on the title page: every line links to its heading. */
  contents(entries: readonly ContentsEntry[]) {
    const { doc, tags } = this
    if (!this.contentsSlot) throw new Error('contents() needs titlePage() first')
    const { contentsTop, contentsElement } = this.contentsSlot
    doc.switchToPage(0)
    tags.within(contentsElement, () => {
      tags.leaf('Caption', () => {
        doc
          .fillColor(colours.ink)
          .font(fonts.bold)
          .fontSize(size.h3)
          .text('Contents', margins.left, contentsTop, { width: this.width })
      })
      doc.y += 6
      const pageWidth = 36
      for (const entry of entries) {
        const fontSize = entry.level === 2 ? size.body : size.body - 1
        const height = this.lineHeight(fontSize) + (entry.level === 2 ? 1.5 : 0)
        if (doc.y + height > this.bottom) {
          throw new Error(
            `${this.options.source}: the table of contents does not fit on the title page`,
          )
        }
        const y = doc.y
        const indent = entry.level === 2 ? 0 : 24
        const numberWidth = entry.level === 2 ? 24 : 30
        const link = { lineBreak: false, goTo: entry.id } as const
        tags.leaf('TOCI', () => {
          doc
            .font(entry.level === 2 ? fonts.bold : fonts.regular)
            .fontSize(fontSize)
            .fillColor(colours.brand)
            .text(entry.number, margins.left + indent, y, link)
          doc.fillColor(colours.ink).text(entry.text, margins.left + indent + numberWidth, y, {
            ...link,
            width: this.width - indent - numberWidth - pageWidth,
            ellipsis: true,
          })
          doc
            .fillColor(colours.inkSoft)
            .text(String(entry.page + 1), margins.left + this.width - pageWidth, y, {
              ...link,
              width: pageWidth,
              align: 'right',
            })
        })
        doc.y = y + height
      }
    })
    contentsElement.end()
  }

  /** The running header (every page but the first) and footer, then the finished file. */
  async end(): Promise<Buffer> {
    this.pageFurniture()
    this.doc.end()
    return this.bytes
  }

  /** Ends the document after an error, so its stream closes; the error is the caller's. */
  async abandon() {
    this.doc.end()
    await this.bytes.catch(() => undefined)
  }

  private pageFurniture() {
    const { doc, options, tags } = this
    const { start, count } = doc.bufferedPageRange()
    const header = this.printable(options.header)
    const title = this.printable(options.title)
    const footer = this.printable(options.footer)
    for (let index = start; index < start + count; index++) {
      doc.switchToPage(index)
      // Writing in the margins would otherwise make pdfkit start a new page.
      doc.page.margins.bottom = 0
      doc.page.margins.top = 0
      tags.artifact(() => {
        doc.font(fonts.regular).fontSize(size.small).fillColor(colours.inkSoft)
        if (index > start) {
          const headerY = 30
          doc.text(header, margins.left, headerY, { width: this.width, lineBreak: false })
          doc.text(title, margins.left, headerY, {
            width: this.width,
            align: 'right',
            lineBreak: false,
          })
          this.hairline(headerY + 14)
        }
        const footerY = doc.page.height - margins.bottom + 26
        this.hairline(footerY - 9)
        doc.font(fonts.regular).fontSize(size.small).fillColor(colours.inkSoft)
        doc.text(footer, margins.left, footerY, { width: this.width, lineBreak: false })
        doc.text(`Page ${index - start + 1} of ${count}`, margins.left, footerY, {
          width: this.width,
          align: 'right',
          lineBreak: false,
        })
      }, 'Pagination')
      doc.page.margins.bottom = margins.bottom
      doc.page.margins.top = margins.top
    }
  }
}
