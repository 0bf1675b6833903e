/**
 * The monthly tax invoice as a PDF, drawn in the site's one document frame (core/pdf/frame.ts,
 * ADR 022 and 039): the brand band, the invoice's particulars, supplier and recipient side by
 * side, the fee lines as a tagged table with their totals, and the notes on how GST was charged.
 */
import { brand, contact } from '#core/brand/brand.ts'
import { formatIsoDate } from '#core/calendar/business-calendar.ts'
import { formatRupees } from '#core/currency/paise.ts'
import { colours, DocumentFrame, fonts, margins, size } from '#core/pdf/frame.ts'
import { gstStateOf, placeOfSupply } from '#core/tax/gst.ts'
import { type Invoice, type InvoiceLine, ratesOf } from './invoice.ts'

/** Paise as rupees with Indian digit groups and two decimals, under a ₹ heading: `1,23,456.78`. */
export function rupees(paise: bigint): string {
  return formatRupees(paise, { symbol: false })
}

function settlementsText(count: number): string {
  if (count === 0) return 'no settlement is dated in it'
  return `fees on the ${count} settlement${count === 1 ? '' : 's'} dated in it`
}

const stateLine = (code: string) => `${gstStateOf(code)?.name ?? ''} (state code ${code})`

export interface InvoicePdfOptions {
  /** Flate-compress page streams (the default). Tests may turn it off. */
  compress?: boolean
  /** The sandbox's public address, for the frame's links. */
  siteUrl: string
}

export async function renderInvoicePdf(
  invoice: Invoice,
  options: InvoicePdfOptions,
): Promise<Buffer> {
  const title = `Tax invoice ${invoice.number}`
  const frame = new DocumentFrame({
    brandName: brand.name,
    author: brand.legalName,
    title,
    subject: `Tax invoice of ${brand.legalName} for ${invoice.month}`,
    keywords: `${brand.name}, tax invoice, GST, ${invoice.parties.provider.gstin}`,
    date: invoice.date,
    band: [brand.legalName, `GSTIN ${invoice.parties.provider.gstin}`],
    header: brand.legalName,
    footer: `${brand.legalName} · GSTIN ${invoice.parties.provider.gstin}`,
    siteUrl: options.siteUrl.replace(/\/+$/, ''),
    source: title,
    compress: options.compress,
    creator: `${brand.name} sandbox`,
  })
  try {
    new InvoiceWriter(frame, invoice).write()
    return await frame.end()
  } catch (error) {
    await frame.abandon()
    throw error
  }
}

class InvoiceWriter {
  private readonly doc: PDFKit.PDFDocument

  constructor(
    private readonly frame: DocumentFrame,
    private readonly invoice: Invoice,
  ) {
    this.doc = frame.doc
  }

  write() {
    this.band()
    this.particulars()
    this.parties()
    this.lines()
    this.notes()
  }

  /** The brand band across the top, the document's name on it. */
  private band() {
    const { doc, frame } = this
    frame.tags.artifact(() => {
      doc.rect(0, 0, doc.page.width, 96).fill(colours.brand)
      doc.rect(0, 96, doc.page.width, 4).fill(colours.brandStrong)
    })
    frame.tags.leaf('P', () => {
      doc
        .fillColor(colours.surface)
        .font(fonts.bold)
        .fontSize(24)
        .text(brand.name, margins.left, 30, { width: frame.width, lineBreak: false })
      doc
        .font(fonts.regular)
        .fontSize(size.body)
        .text(brand.tagline, margins.left, 62, { width: frame.width, lineBreak: false })
    })
    frame.tags.leaf('H1', () => {
      doc
        .fillColor(colours.surface)
        .font(fonts.bold)
        .fontSize(18)
        .text('Tax invoice', margins.left, 34, {
          width: frame.width,
          align: 'right',
          lineBreak: false,
        })
      doc.font(fonts.regular).fontSize(size.body).text(this.invoice.number, margins.left, 62, {
        width: frame.width,
        align: 'right',
        lineBreak: false,
      })
    })
    doc.y = 124
  }

  /** Number, date, period, place of supply, how the tax is charged, reverse charge. */
  private particulars() {
    const { invoice } = this
    const supply = placeOfSupply(invoice.parties)
    const rows: [string, string][] = [
      ['Invoice number', invoice.number],
      ['Invoice date', formatIsoDate(invoice.date, 'short')],
      [
        'Period',
        `${formatIsoDate(invoice.periodFrom, 'short')} to ${formatIsoDate(invoice.periodTo, 'short')}: ${settlementsText(invoice.settlementsCount)}`,
      ],
      ['Place of supply', stateLine(supply.code)],
      [
        'Tax',
        invoice.intraState
          ? `Within the state: CGST and ${invoice.stateTax}`
          : 'Between states: IGST',
      ],
      ['Reverse charge', 'No'],
    ]
    this.keyValues(rows, margins.left, this.frame.width)
    this.doc.y += 14
  }

  private keyValues(rows: readonly [string, string][], x: number, width: number) {
    const { doc, frame } = this
    const keyWidth = 96
    frame.tags.group('Table', () => {
      for (const [key, value] of rows) {
        const top = doc.y
        doc.font(fonts.regular).fontSize(size.body)
        const height = Math.max(
          doc.heightOfString(value, { width: width - keyWidth }),
          frame.lineHeight(),
        )
        frame.tags.group('TR', () => {
          frame.tags.leaf('TH', () => {
            doc
              .fillColor(colours.inkSoft)
              .font(fonts.regular)
              .fontSize(size.body)
              .text(key, x, top, { width: keyWidth - 8 })
          })
          frame.tags.leaf('TD', () => {
            doc
              .fillColor(colours.ink)
              .font(fonts.bold)
              .fontSize(size.body)
              .text(frame.printable(value, fonts.bold), x + keyWidth, top, {
                width: width - keyWidth,
              })
          })
        })
        doc.y = top + height + 2
      }
    })
  }

  /** Supplier and recipient, side by side. */
  private parties() {
    const { doc, frame, invoice } = this
    const gap = 24
    const column = (frame.width - gap) / 2
    const top = doc.y
    const block = (heading: string, lines: readonly string[], x: number) => {
      doc.y = top
      frame.tags.group('Sect', () => {
        frame.tags.leaf('H2', () => {
          doc
            .fillColor(colours.brandStrong)
            .font(fonts.bold)
            .fontSize(size.h3)
            .text(heading, x, top, { width: column })
        })
        frame.tags.artifact(() => {
          doc
            .moveTo(x, doc.y + 2)
            .lineTo(x + column, doc.y + 2)
            .lineWidth(0.75)
            .strokeColor(colours.rule)
            .stroke()
        })
        doc.y += 6
        frame.tags.leaf('P', () => {
          lines.forEach((line, index) => {
            // printable() sets the font it checks against: the name in bold, the rest regular.
            const font = index === 0 ? fonts.bold : fonts.regular
            frame.printable(line, font)
            doc.fillColor(colours.ink).fontSize(size.body).text(line, x, doc.y, { width: column })
          })
        })
      })
      return doc.y
    }
    const { provider, merchant } = invoice.parties
    const left = block(
      'Supplier',
      [
        brand.legalName,
        ...contact.address.lines,
        `GSTIN ${provider.gstin}`,
        `State: ${stateLine(provider.stateCode)}`,
      ],
      margins.left,
    )
    const right = block(
      'Recipient',
      [
        invoice.merchantName,
        merchant.gstin ? `GSTIN ${merchant.gstin}` : 'Not registered for GST',
        `State: ${stateLine(merchant.stateCode)}`,
      ],
      margins.left + column + gap,
    )
    doc.y = Math.max(left, right) + 18
  }

  /** The fees by pricing row, with each part of the tax and the totals: pdfkit's table, tagged. */
  private lines() {
    const { doc, frame, invoice } = this
    const rates = ratesOf(invoice)
    frame.tags.leaf('H2', () => {
      doc
        .fillColor(colours.ink)
        .font(fonts.bold)
        .fontSize(size.h3)
        .text('Fees charged (₹)', margins.left, doc.y, { width: frame.width })
    })
    doc.y += 4
    const amounts = (line: Omit<InvoiceLine, 'key' | 'description' | 'sac'>) => [
      String(line.chargesCount),
      rupees(line.taxable),
      rupees(line.cgst),
      rupees(line.sgst),
      rupees(line.igst),
      rupees(line.total),
    ]
    const header = [
      'Description',
      'SAC',
      'Charges',
      'Taxable\nvalue',
      `CGST\n${rates.cgst}%`,
      `${invoice.stateTax}\n${rates.sgst}%`,
      `IGST\n${rates.igst}%`,
      'Total',
    ]
    const body = invoice.lines.map((line) => [line.description, line.sac, ...amounts(line)])
    const empty = body.length === 0
    const rows = [
      header,
      ...(empty ? [['No fees were charged in this month.', '', '', '', '', '', '', '']] : body),
      ['Total', '', ...amounts(invoice.totals)],
    ]
    for (const row of rows) for (const cell of row) frame.printable(cell)
    const last = rows.length - 1
    doc.font(fonts.regular).fontSize(size.table)
    doc.table({
      position: { x: margins.left, y: doc.y },
      maxWidth: frame.width,
      columnStyles: [150, 34, 40, '*', '*', '*', '*', '*'].map((width, index) => ({
        width,
        align: index < 2 ? 'left' : 'right',
      })),
      rowStyles: (row: number) =>
        row === 0
          ? {
              backgroundColor: colours.brandSoft,
              textColor: colours.ink,
              font: fonts.bold,
              border: [0, 0, 0.75, 0],
              borderColor: colours.rule,
            }
          : row === last
            ? {
                textColor: colours.ink,
                font: fonts.bold,
                border: [0.75, 0, 0, 0],
                borderColor: colours.inkSoft,
              }
            : { textColor: colours.ink, border: [0, 0, 0.5, 0], borderColor: colours.rule },
      structParent: frame.tags.parent,
      data: rows,
    } as PDFKit.Mixins.TableOptionsWithData)
    doc.y += 12
    const summary = empty
      ? 'No fees were charged in this month: there is no GST to claim.'
      : `Total GST ₹${rupees(invoice.totals.gst)} on a taxable value of ₹${rupees(invoice.totals.taxable)}: ₹${rupees(invoice.totals.total)} in all, already deducted from the settlements.`
    frame.tags.leaf('P', () => {
      doc
        .fillColor(colours.ink)
        .font(fonts.bold)
        .fontSize(size.body)
        .text(frame.printable(summary, fonts.bold), margins.left, doc.y, { width: frame.width })
    })
    doc.y += 10
  }

  private notes() {
    const { doc, frame } = this
    const notes = [
      'GST is 18 % of each fee, rounded half up to the paisa. Within the supplier’s state each line’s GST is divided into CGST and SGST (UTGST in a union territory without a legislature), the odd paisa to CGST; between states it is IGST. The totals add up the lines.',
      'Amounts are in rupees; the API gives them in paise. This invoice was issued by the sandbox from test payments: it is for trying out an integration and is not a document for a tax return.',
    ]
    frame.tags.group('Sect', () => {
      for (const note of notes) {
        frame.ensureSpace(frame.lineHeight(size.small) * 3)
        frame.tags.leaf('P', () => {
          doc
            .fillColor(colours.inkSoft)
            .font(fonts.regular)
            .fontSize(size.small + 0.5)
            .text(frame.printable(note), margins.left, doc.y, { width: frame.width })
        })
        doc.y += 4
      }
    })
  }
}
