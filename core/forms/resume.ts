/** The resume upload's rules (docs/product.md#pattern-library "File upload rules"), shared by the form and the server. */
export const RESUME_MAX_BYTES = 5_000_000
export const RESUME_EXTENSIONS = ['.doc', '.docx', '.pdf'] as const
export type ResumeExtension = (typeof RESUME_EXTENSIONS)[number]

export const resumeMessages = {
  empty: 'Please upload your resume',
  badFormat: 'Please upload valid file format',
  tooLarge: 'Maximum file size should be 5 MB',
} as const

/** The accept attribute of the file input. */
export const resumeAccept = RESUME_EXTENSIONS.join(',')

export function resumeExtension(fileName: string): ResumeExtension | undefined {
  const dot = fileName.lastIndexOf('.')
  if (dot <= 0) return undefined
  const extension = fileName.slice(dot).toLowerCase()
  return RESUME_EXTENSIONS.find((allowed) => allowed === extension)
}

/** The message for a chosen file by its name and size, or undefined when both are acceptable. */
export function resumeError(
  file: { name: string; size: number } | undefined | null,
): string | undefined {
  if (!file || file.name === '') return resumeMessages.empty
  if (!resumeExtension(file.name)) return resumeMessages.badFormat
  if (file.size > RESUME_MAX_BYTES) return resumeMessages.tooLarge
  if (file.size === 0) return resumeMessages.badFormat
  return undefined
}
