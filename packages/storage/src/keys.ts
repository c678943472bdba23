import { randomUUID } from 'node:crypto'
import { AppError } from '@portal/errors'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const FOLDER = /^[a-zA-Z0-9_-]{1,64}$/
const ID = /^[a-zA-Z0-9-]{1,64}$/
const KEY = /^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*\/?$/

/** `<tenantId>/<folder>/<uuid>`: a user's file name never becomes part of a path. */
export function tenantKey(tenantId: string, folder: string, id: string = randomUUID()): string {
  if (!UUID.test(tenantId) || !FOLDER.test(folder) || !ID.test(id)) throw new AppError('INVALID_REQUEST', { message: 'Invalid storage key' })
  return `${tenantId}/${folder}/${id}`
}

/** Every key (or prefix) reaching an adapter passes here: no traversal, no absolute paths. */
export function checkKey(key: string): string {
  if (!key || key.length > 512 || !KEY.test(key) || key.split('/').some((part) => part === '.' || part === '..')) {
    throw new AppError('INVALID_REQUEST', { message: 'Invalid storage key' })
  }
  return key
}

/** RFC 6266 attachment header: an ASCII fallback plus the UTF-8 name, never a CR/LF. */
export function contentDisposition(fileName: string): string {
  const clean = fileName
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control and bidi characters are removed on purpose
    .replace(/[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[/\\]/g, '_')
    .slice(0, 200)
    .trim() || 'download'
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`
}
