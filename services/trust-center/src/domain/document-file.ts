// Documents of the trust center: a PDF, or an Office Open XML file (docx, xlsx, pptx) whose ZIP is
// checked before it is stored, with the same checks as questionnaire uploads (entry count, sizes,
// ratio, unsafe paths, links, macros, DTDs; a wider size gate, since nothing parses them). Decided
// by content, never by the file's name.
import { AppError } from '@portal/errors'
import { documentLimits, inspectXlsx } from '@portal/sheets'
import { isPdf } from '@portal/storage'

export const DOCUMENT_MAX_BYTES = 25 * 1024 * 1024

export const mimeTypes = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
} as const

export type DocumentKind = keyof typeof mimeTypes

const notAccepted = () => new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'Only PDF, Word, Excel or PowerPoint documents are accepted' })
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04])

export async function documentKind(buf: Buffer): Promise<DocumentKind> {
  if (buf.length > DOCUMENT_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', { message: 'The document is larger than 25 MB' })
  if (isPdf(buf)) return 'pdf'
  if (!buf.subarray(0, 4).equals(ZIP_MAGIC)) throw notAccepted()
  // inspectXlsx walks every entry with its limits and hands us each XML part's name; it ends by
  // refusing archives without a workbook, which for a docx or pptx is the expected outcome.
  const parts = new Set<string>()
  try {
    await inspectXlsx(buf, (name) => parts.add(name), documentLimits)
    return 'xlsx'
  } catch (err) {
    const walkedEverything = err instanceof AppError && err.code === 'UNSUPPORTED_MEDIA_TYPE' && parts.has('[Content_Types].xml') && !/macro/i.test(err.message)
    if (!walkedEverything) {
      if (err instanceof AppError && err.code === 'UNSUPPORTED_MEDIA_TYPE' && /macro/i.test(err.message)) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'Documents with macros are not accepted' })
      }
      if (err instanceof AppError && err.code === 'UNPROCESSABLE') throw new AppError('UNPROCESSABLE', { message: 'The document is damaged or unsafe' })
      throw notAccepted()
    }
  }
  if (parts.has('word/document.xml')) return 'docx'
  if (parts.has('ppt/presentation.xml')) return 'pptx'
  throw notAccepted()
}
