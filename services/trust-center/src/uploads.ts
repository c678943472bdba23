// Multipart uploads of this service: one file (field `file`) plus a few short fields, read with
// explicit limits (bodyLimit does not bound multipart: security.md B27). Small images (the logo,
// decoded by sharp) are read into memory; documents are streamed to a temporary file.
import { AppError } from '@portal/errors'
import { type Spooled, spoolStream } from '@portal/storage'
import type { FastifyRequest } from 'fastify'

export interface Upload {
  fileName: string
  bytes: Buffer
  fields: Record<string, string>
}

export const multipartLimits = { fileSize: 25 * 1024 * 1024, files: 1, fields: 10, parts: 12, fieldSize: 4096, headerPairs: 100 }

export async function readUpload(req: FastifyRequest, opts: { maxBytes: number; tooLarge: string }): Promise<Upload> {
  if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'Send the file as multipart/form-data' })
  const fields: Record<string, string> = {}
  let file: { fileName: string; bytes: Buffer } | undefined
  try {
    for await (const part of req.parts({ limits: { ...multipartLimits, fileSize: opts.maxBytes } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer()
        if (part.fieldname === 'file' && !file) file = { fileName: part.filename, bytes }
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value
    }
  } catch (err) {
    // The multipart plugin's own limits (size, parts, files) answer 413 with our message.
    if ((err as { statusCode?: number }).statusCode === 413) throw new AppError('PAYLOAD_TOO_LARGE', { message: opts.tooLarge })
    throw err
  }
  if (!file) throw new AppError('INVALID_REQUEST', { message: 'Please select a file first' })
  if (!file.bytes.length) throw new AppError('INVALID_REQUEST', { message: 'The file is empty' })
  return { ...file, fields }
}

export interface SpooledUpload {
  fileName: string
  /** The bytes, in a temporary file (`spooled.remove()` when done); never whole in memory. */
  spooled: Spooled
  fields: Record<string, string>
}

/**
 * Like readUpload, for large files: the file is streamed to a temporary file with the size limit
 * enforced while streaming (413 with `tooLarge`, the partial file removed).
 */
export async function spoolUpload(req: FastifyRequest, opts: { maxBytes: number; tooLarge: string }): Promise<SpooledUpload> {
  if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'Send the file as multipart/form-data' })
  const fields: Record<string, string> = {}
  let file: { fileName: string; spooled: Spooled } | undefined
  const extra: Spooled[] = []
  const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', { message: opts.tooLarge })
  try {
    for await (const part of req.parts({ limits: { ...multipartLimits, fileSize: opts.maxBytes } })) {
      if (part.type === 'file') {
        const spooled = await spoolStream(part.file, { maxBytes: opts.maxBytes, truncated: () => part.file.truncated })
        if (part.fieldname === 'file' && !file) file = { fileName: part.filename, spooled }
        else extra.push(spooled)
        if (spooled.tooLarge) throw tooLarge()
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value
    }
  } catch (err) {
    await Promise.all([file?.spooled.remove(), ...extra.map((s) => s.remove())])
    // The multipart plugin's own limits (size, parts, files) answer 413 with our message.
    if ((err as { statusCode?: number }).statusCode === 413) throw tooLarge()
    throw err
  }
  await Promise.all(extra.map((s) => s.remove()))
  if (!file) throw new AppError('INVALID_REQUEST', { message: 'Please select a file first' })
  if (!file.spooled.size) {
    await file.spooled.remove()
    throw new AppError('INVALID_REQUEST', { message: 'The file is empty' })
  }
  return { ...file, fields }
}
