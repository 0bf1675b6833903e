/**
 * Multipart bodies as they stream in. On the gateway's floor so that the sandbox (a console's
 * dispute evidence) and the site above it (job applications) read uploads with the same limits
 * and the same refusals.
 */
import type { IncomingMessage } from 'node:http'
import busboy from 'busboy'

export interface UploadedFile {
  fieldName: string
  fileName: string
  mimeType: string
  content: Buffer
}

export interface Upload {
  fields: Record<string, string>
  /** Field names that arrived more than once. */
  repeated: string[]
  file: UploadedFile | undefined
}

export class UploadTooLargeError extends Error {
  override name = 'UploadTooLargeError'
  /** The field that went past its limit: the file's, or a text field's. */
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message)
  }
}
export class MalformedUploadError extends Error {
  override name = 'MalformedUploadError'
}

interface UploadLimits {
  fileField: string
  maxFileBytes: number
  maxFieldBytes: number
}

/**
 * Reads a multipart body as it streams in. The file is kept in memory only up to the limit:
 * one byte more and the read is abandoned with UploadTooLargeError.
 */
export function readUpload(req: IncomingMessage, limits: UploadLimits): Promise<Upload> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy
    try {
      parser = busboy({
        headers: req.headers,
        // Browsers send a file name's UTF-8 bytes as they are; busboy would read them as Latin-1.
        defParamCharset: 'utf8',
        limits: {
          // busboy reports the limit on reaching it; one byte more than allowed is the refusal.
          fileSize: limits.maxFileBytes + 1,
          files: 1,
          fields: 20,
          parts: 25,
          fieldSize: limits.maxFieldBytes,
        },
      })
    } catch {
      reject(new MalformedUploadError('not a multipart body'))
      return
    }
    // No prototype: a field named `constructor` or `__proto__` is a field like any other.
    const fields: Record<string, string> = Object.create(null) as Record<string, string>
    const repeated: string[] = []
    let file: UploadedFile | undefined
    let settled = false
    const fail = (error: Error) => {
      if (settled) return
      settled = true
      req.unpipe(parser)
      parser.removeAllListeners()
      parser.on('error', () => {})
      reject(error)
    }

    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) {
        return fail(new UploadTooLargeError(`field ${name} is too long`, name))
      }
      if (name in fields) repeated.push(name)
      // A browser turns every line break of a form value into CRLF when it sends multipart; the
      // field held LF, and its rules (length, the same text as the JSON form) judge that.
      fields[name] = value.replace(/\r\n/g, '\n')
    })
    parser.on('file', (name, stream, info) => {
      // A body cut off mid-file errors the file's stream as well as the parser; the parser's
      // error is the one reported, and an unheard stream error would end the whole process.
      stream.on('error', () => {})
      if (name !== limits.fileField || file) {
        stream.resume()
        return
      }
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('limit', () => fail(new UploadTooLargeError('file is too large', name)))
      stream.on('end', () => {
        if (settled) return
        file = {
          fieldName: name,
          fileName: info.filename ?? '',
          mimeType: info.mimeType,
          content: Buffer.concat(chunks),
        }
      })
    })
    // busboy stops at one file: a second one is reported as the file field sent twice.
    parser.on('filesLimit', () => repeated.push(limits.fileField))
    parser.on('partsLimit', () => fail(new MalformedUploadError('too many parts')))
    parser.on('fieldsLimit', () => fail(new MalformedUploadError('too many fields')))
    parser.on('error', (error: Error) => fail(new MalformedUploadError(error.message)))
    parser.on('close', () => {
      if (settled) return
      settled = true
      resolve({ fields, repeated, file })
    })
    req.on('aborted', () => fail(new MalformedUploadError('the upload was interrupted')))
    req.pipe(parser)
  })
}

/** A file name safe to store and to attach: no folders, no control characters, not too long. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  const cleaned = Array.from(base)
    .filter(
      (char) =>
        char.charCodeAt(0) > 0x1f && char.charCodeAt(0) !== 0x7f && !'"<>|:*?'.includes(char),
    )
    .join('')
    .trim()
  // Cut by characters, so an emoji is never halved; the end is kept, with the extension.
  const kept = Array.from(cleaned).slice(-120).join('')
  // Nothing left before the extension ("<.pdf", " .pdf"): the file keeps its type and gets a name.
  return kept.lastIndexOf('.') === 0 ? `file${kept}` : kept
}
