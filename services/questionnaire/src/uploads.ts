// Uploaded files: read with limits, checked by their content (never their name), stored under a
// generated key, and named for display with the spec's rules (spaces removed).
import { AppError } from '@portal/errors'
import { inspectXlsx, spreadsheetKind } from '@portal/sheets'
import { isPdf, uploadFileName } from '@portal/storage'
import type { FastifyRequest } from 'fastify'

export const limits = { pdfBytes: 50 * 1024 * 1024, sheetBytes: 20 * 1024 * 1024, files: 5 }

export interface Upload {
  fileName: string
  bytes: Buffer
}

/** Multipart fields and files of a request (files may be under `file` or `files`). */
export async function readUpload(req: FastifyRequest): Promise<{ fields: Record<string, string>; files: Upload[] }> {
  if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'Send the file as multipart/form-data' })
  const fields: Record<string, string> = {}
  const files: Upload[] = []
  for await (const part of req.parts()) {
    if (part.type === 'file') files.push({ fileName: cleanFileName(part.filename), bytes: await part.toBuffer() })
    else if (typeof part.value === 'string') fields[part.fieldname] = part.value
  }
  if (!files.length) throw new AppError('INVALID_REQUEST', { message: 'Please select a file first' })
  for (const f of files) if (!f.bytes.length) throw new AppError('INVALID_REQUEST', { message: `${f.fileName} is empty` })
  return { fields, files }
}

/** Spec §5: spaces removed; also control and bidi characters and path separators; 200 characters at most. */
export const cleanFileName = (name: string): string => uploadFileName(name) || 'file'

export function checkCompliance(file: Upload): 'pdf' {
  if (!isPdf(file.bytes)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'Only PDF files are accepted for compliance documents' })
  if (file.bytes.length > limits.pdfBytes) throw new AppError('PAYLOAD_TOO_LARGE', { message: 'The PDF is larger than 50 MB' })
  return 'pdf'
}

/** Questionnaires: .xlsx (its archive checked now, so a bomb is refused at once), .xls or PDF. */
export async function checkQuestionnaire(file: Upload): Promise<'xlsx' | 'xls' | 'pdf'> {
  const kind = spreadsheetKind(file.bytes) ?? (isPdf(file.bytes) ? 'pdf' : undefined)
  if (!kind) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'Questionnaires must be Excel workbooks (.xlsx, .xls) or PDF files' })
  if (file.bytes.length > (kind === 'pdf' ? limits.pdfBytes : limits.sheetBytes)) throw new AppError('PAYLOAD_TOO_LARGE', { message: 'The file is too large' })
  if (kind === 'xlsx') await inspectXlsx(file.bytes, () => false)
  return kind
}
