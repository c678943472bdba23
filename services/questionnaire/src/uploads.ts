// Uploaded files: streamed to temporary files with the size limit enforced while streaming (never
// held whole in memory), checked by their content (never their name) before anything is stored or
// counted, and named for display with the spec's rules (spaces removed).
import { AppError } from '@portal/errors'
import { inspectCsv, inspectQuestionnaireArchive, looksLikeCsv, spreadsheetKind } from '@portal/sheets'
import { isPdf, type Spooled, spoolStream, uploadFileName } from '@portal/storage'
import { checkPdfFile } from '@portal/documents'
import type { FastifyRequest } from 'fastify'

export const limits = { pdfBytes: 50 * 1024 * 1024, sheetBytes: 20 * 1024 * 1024, files: 5 }

export type UploadKind = 'compliance' | 'questionnaire'
export type Format = 'xlsx' | 'xls' | 'pdf' | 'csv' | 'docx'

export interface Upload {
  fileName: string
  format: Format
  /** The bytes, in a temporary file: `size` is what actually arrived. */
  spooled: Spooled
}

const tooLarge = (kind: UploadKind) =>
  new AppError('PAYLOAD_TOO_LARGE', { message: kind === 'compliance' ? 'The PDF is larger than 50 MB' : 'The file is too large' })

/** What a file is, from its first bytes; refuses what this kind of upload does not take. */
function formatOf(kind: UploadKind, head: Buffer): Format {
  if (kind === 'compliance') {
    if (!isPdf(head)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'Only PDF files are accepted for compliance documents' })
    return 'pdf'
  }
  // A zip is taken as a workbook until checkContent has looked inside (it may be a .docx); text is
  // a CSV candidate, checked whole there too.
  const format = spreadsheetKind(head) ?? (isPdf(head) ? 'pdf' : looksLikeCsv(head) ? 'csv' : undefined)
  if (!format)
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
      message: 'Questionnaires must be Excel workbooks (.xlsx, .xlsm, .xls), Word documents (.docx), CSV files or PDF files',
    })
  return format
}

/**
 * Multipart fields and files of a request (files may be under `file` or `files`), each file spooled
 * and refused as soon as its size or signature is wrong. The caller must `discard()` when done.
 */
export async function readUploads(
  req: FastifyRequest,
  kind: UploadKind,
  opts: { maxFiles?: number } = {},
): Promise<{ fields: Record<string, string>; files: Upload[]; discard(): Promise<void> }> {
  if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'Send the file as multipart/form-data' })
  const fields: Record<string, string> = {}
  const files: Upload[] = []
  const discard = async () => void (await Promise.all(files.map((f) => f.spooled.remove())))
  try {
    // A route may take more files than the plugin's default (the answer library imports up to 20).
    const parts = opts.maxFiles ? req.parts({ limits: { files: opts.maxFiles, parts: opts.maxFiles + 10 } }) : req.parts()
    for await (const part of parts) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value
        continue
      }
      // The plugin's fileSize limit (50 MB) cuts the stream; spreadsheets are held to 20 MB below.
      const spooled = await spoolStream(part.file, { maxBytes: limits.pdfBytes, truncated: () => part.file.truncated })
      const upload = { fileName: cleanFileName(part.filename), format: 'pdf' as Format, spooled }
      files.push(upload)
      if (spooled.tooLarge) throw tooLarge(kind)
      if (!spooled.size) throw new AppError('INVALID_REQUEST', { message: `${upload.fileName} is empty` })
      upload.format = formatOf(kind, spooled.head)
      if (upload.format !== 'pdf' && spooled.size > limits.sheetBytes) throw tooLarge(kind)
    }
    if (!files.length) throw new AppError('INVALID_REQUEST', { message: 'Please select a file first' })
    return { fields, files, discard }
  } catch (err) {
    await discard()
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(kind)
    if (opts.maxFiles && (err as { code?: string }).code === 'FST_FILES_LIMIT')
      throw new AppError('PAYLOAD_TOO_LARGE', { message: `Send at most ${opts.maxFiles} files at once` })
    throw err
  }
}

/** Spec §5: spaces removed; also control and bidi characters and path separators; 200 characters at most. */
export const cleanFileName = (name: string): string => uploadFileName(name) || 'file'

/**
 * The checks that need the whole file, before any row or job exists: a PDF must open in pdf.js
 * without a password (worker thread, read from the spooled file); a zip is pre-scanned (worker
 * thread, read from the spooled file by ranges, counting the bytes it really inflates) and is a
 * workbook or a Word document by what it holds; a CSV file must be text with one delimiter
 * throughout, within the grid limits (worker thread).
 */
export async function checkContent(file: Upload): Promise<void> {
  if (file.format === 'pdf') await checkPdfFile(file.spooled.path)
  else if (file.format === 'xlsx') file.format = await inspectQuestionnaireArchive({ path: file.spooled.path })
  else if (file.format === 'csv') await inspectCsv({ path: file.spooled.path })
}
