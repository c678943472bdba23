// Uploaded files: what their bytes are, and the names they are stored and sent under. A user's file
// name is shown and downloaded, never used as a path (storage keys are server UUIDs, see keys.ts).

const PDF_MAGIC = Buffer.from('%PDF-')

/** A PDF by its signature, which may follow a little junk as readers allow, never further than 1 KiB. */
export const isPdf = (buf: Buffer): boolean => buf.subarray(0, 1024).includes(PDF_MAGIC)

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff])

/** An image by its signature (its first 12 bytes): PNG, JPEG, GIF or WebP. */
export function imageKind(head: Buffer): 'png' | 'jpg' | 'gif' | 'webp' | undefined {
  if (head.subarray(0, 8).equals(PNG_MAGIC)) return 'png'
  if (head.subarray(0, 3).equals(JPEG_MAGIC)) return 'jpg'
  const text = head.subarray(0, 12).toString('latin1')
  if (text.startsWith('GIF87a') || text.startsWith('GIF89a')) return 'gif'
  if (text.startsWith('RIFF') && text.slice(8, 12) === 'WEBP') return 'webp'
  return undefined
}

/** NFC, without control or bidi characters, and with path separators made harmless. */
function safeName(name: string): string {
  return (
    name
      .normalize('NFC')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control and bidi characters are removed on purpose
      .replace(/[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
      .replace(/[/\\]/g, '_')
  )
}

/** The name an upload is kept under (spec §5: spaces removed), its last 200 characters; may be empty. */
export const uploadFileName = (name: string): string => safeName(name).replace(/\s+/g, '').slice(-200)

/**
 * The name an upload is kept under, with the extension of what its content was found to be, never
 * the client's: `x.html` holding a GIF is `x.gif`, so no name makes a browser or a desktop treat it
 * as something else (security.md B26). The client's last extension goes, dot files included.
 */
export function nameForContent(name: string, ext: string, fallback = 'file'): string {
  const stem = uploadFileName(name).replace(/\.[A-Za-z0-9]{1,10}$/, '') || fallback
  return `${stem}.${ext}`
}

/** RFC 6266 attachment header: an ASCII fallback plus the UTF-8 name, never a CR/LF. */
export function contentDisposition(fileName: string): string {
  const clean = safeName(fileName).slice(0, 200).trim() || 'download'
  // Quotes and backslashes are replaced rather than backslash-escaped: user agents disagree on
  // quoted-pair (RFC 6266 §4.3); `%` too, since some decode the fallback. filename* keeps them.
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_')
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`
}
