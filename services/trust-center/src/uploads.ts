// Multipart uploads of this service: one file (field `file`) plus a few short fields, read with
// explicit limits (bodyLimit does not bound multipart: security.md B27).
import { AppError } from '@portal/errors'
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
