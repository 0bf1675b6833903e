/** Opens a downloaded file as its user would: an archive's file list, a PDF's text. */
import { extractText, getDocumentProxy } from 'unpdf'
import { zipFiles } from '#scripts/build/downloads/zip-read.ts'

export async function zipEntries(buffer: Buffer): Promise<string[]> {
  return (await zipFiles(buffer)).map((file) => file.name)
}

export async function pdfText(buffer: Buffer): Promise<{ pages: number; text: string }> {
  const pdf = await getDocumentProxy(new Uint8Array(buffer))
  const { totalPages, text } = await extractText(pdf, { mergePages: true })
  return { pages: totalPages, text }
}
