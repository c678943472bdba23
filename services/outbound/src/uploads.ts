// Files arriving at the outbound service: a questionnaire to send or keep as a template (pdf, xls,
// xlsx) and answers' attachments (pdf, xls, xlsx, images, doc, docx). Streamed to a temporary file
// with the size limit enforced while streaming, then checked by content, never by name.
import { OutboundText } from '@portal/contracts'
import { AppError } from '@portal/errors'
import { inspectQuestionnaireArchive, spreadsheetKind } from '@portal/sheets'
import { imageKind, isPdf, nameForContent, type Spooled, spoolStream, uploadFileName } from '@portal/storage'
import { checkPdfFile } from '@portal/documents'
import type { FastifyRequest } from 'fastify'

export const limits = { pdfBytes: 50 * 1024 * 1024, sheetBytes: 20 * 1024 * 1024, attachmentBytes: 25 * 1024 * 1024 }

export type UploadKind = 'questionnaire' | 'attachment'

export interface Upload {
  fileName: string
  format: string
  mimeType: string
  spooled: Spooled
}

const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
}
export const mimeOf = (format: string) => MIME[format] ?? 'application/octet-stream'

const QUESTIONNAIRE_TYPES = 'Only PDF and Excel files (.pdf, .xls, .xlsx) can be sent'
const ATTACHMENT_TYPES = 'Attachments must be PDF, Excel, Word or image files (.pdf, .xls, .xlsx, .doc, .docx, .png, .jpg, .gif, .webp)'

/** What the file is, from its first bytes and (for a zip or a PDF) its whole content in a worker thread. */
async function check(kind: UploadKind, file: Upload): Promise<void> {
  const { head, size, path } = file.spooled
  const refuse = () => new AppError('UNSUPPORTED_MEDIA_TYPE', { message: kind === 'questionnaire' ? QUESTIONNAIRE_TYPES : ATTACHMENT_TYPES })
  const tooLarge = (what: string) => new AppError('PAYLOAD_TOO_LARGE', { message: `${what} is larger than ${kind === 'attachment' ? 25 : 20} MB` })
  if (isPdf(head)) {
    if (kind === 'attachment' && size > limits.attachmentBytes) throw tooLarge('The attachment')
    await checkPdfFile(path)
    file.format = 'pdf'
  } else if (spreadsheetKind(head) === 'xlsx') {
    if (size > (kind === 'attachment' ? limits.attachmentBytes : limits.sheetBytes)) throw tooLarge(kind === 'attachment' ? 'The attachment' : 'The workbook')
    const archive = await inspectQuestionnaireArchive({ path }) // zip limits, in a worker thread
    if (archive === 'docx' && kind === 'questionnaire') throw refuse()
    file.format = archive
  } else if (spreadsheetKind(head) === 'xls') {
    if (size > (kind === 'attachment' ? limits.attachmentBytes : limits.sheetBytes)) throw tooLarge(kind === 'attachment' ? 'The attachment' : 'The workbook')
    // An OLE compound file: a legacy workbook, or (as an attachment) a legacy Word document.
    file.format = kind === 'attachment' && /\.doc$/i.test(file.fileName) ? 'doc' : 'xls'
  } else {
    const image = kind === 'attachment' ? imageKind(head) : undefined
    if (!image) throw refuse()
    if (size > limits.attachmentBytes) throw tooLarge('The attachment')
    file.format = image
  }
  file.mimeType = mimeOf(file.format)
  // Kept and downloaded under what it is: `x.html` holding a GIF is `x.gif` (never the client's extension).
  file.fileName = nameForContent(file.fileName, file.format)
}

/** A kept questionnaire file's columns (templates and outbounds), but its storage key. */
export const storedFileOf = (file: Upload) => ({ fileName: file.fileName, fileSize: file.spooled.size, mimeType: file.mimeType, format: file.format })

/**
 * The multipart fields and the one file of a request (under `file` or `files`), checked. Fields
 * after the file are read too. The caller must `discard()` the temporary file when done.
 */
export async function readUpload(
  req: FastifyRequest,
  kind: UploadKind,
  opts: { fileOptional?: boolean } = {},
): Promise<{ fields: Record<string, string>; file: Upload | undefined; discard(): Promise<void> }> {
  if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'Send the file as multipart/form-data' })
  const fields: Record<string, string> = {}
  let file: Upload | undefined
  const discard = async () => void (await file?.spooled.remove())
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value
        continue
      }
      if (file) throw new AppError('INVALID_REQUEST', { message: 'Send one file at a time' })
      const spooled = await spoolStream(part.file, { maxBytes: limits.pdfBytes, truncated: () => part.file.truncated })
      file = { fileName: uploadFileName(part.filename) || 'file', format: '', mimeType: '', spooled }
      if (spooled.tooLarge) throw new AppError('PAYLOAD_TOO_LARGE', { message: 'The file is larger than 50 MB' })
      if (!spooled.size) throw new AppError('INVALID_REQUEST', { message: `${file.fileName} is empty` })
    }
    if (!file && !opts.fileOptional)
      throw new AppError('INVALID_REQUEST', { message: kind === 'attachment' ? OutboundText.fileFirst : OutboundText.templateFile })
    if (file) await check(kind, file)
    return { fields, file, discard }
  } catch (err) {
    await discard()
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', { message: 'The file is larger than 50 MB' })
    throw err
  }
}
