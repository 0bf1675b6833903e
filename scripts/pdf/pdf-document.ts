import PDFDocument from 'pdfkit'

export interface PdfDocumentOptions {
  margins: { top: number; bottom: number; left: number; right: number }
  title: string
  subject: string
  keywords: string
  author: string
  brandName: string
  /** The document's own date (ISO `YYYY-MM-DD`). */
  date: string
  compress?: boolean
}

/**
 * An A4 PDF as the site's documents are made: pages buffered (for "Page n of N" and the table of
 * contents), PDF 1.7, Indian English, and metadata dated by the document itself rather than the
 * build, so rebuilding unchanged text gives the same file. `bytes` resolves after `doc.end()`.
 */
export function openPdfDocument(options: PdfDocumentOptions): {
  doc: PDFKit.PDFDocument
  bytes: Promise<Buffer>
} {
  const date = new Date(`${options.date}T00:00:00Z`)
  const doc = new PDFDocument({
    size: 'A4',
    margins: options.margins,
    bufferPages: true,
    autoFirstPage: true,
    compress: options.compress ?? true,
    pdfVersion: '1.7',
    lang: 'en-IN',
    displayTitle: true,
    info: {
      Title: options.title,
      Author: options.author,
      Subject: options.subject,
      Keywords: options.keywords,
      Creator: `${options.brandName} website build`,
      CreationDate: date,
      ModDate: date,
    },
  })
  const chunks: Buffer[] = []
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  return { doc, bytes }
}
