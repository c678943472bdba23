// Logos: PNG or JPEG by content, checked twice (magic bytes, then sharp's own reading of the header)
// before anything is decoded, because sharp would happily render an SVG through librsvg
// (security.md B17). The pixel count is read from the header, so a pixel flood is refused unread.
// What is stored is a fresh PNG: at most 512 px wide, without metadata, so no polyglot survives.
import { AppError } from '@portal/errors'
import { imageKind } from '@portal/storage'
import type { Metadata } from 'sharp'

/** sharp (libvips) is loaded with the first logo, not with the service (about 20 MB resident). */
export const loadSharp = async () => (await import('sharp')).default

export const LOGO_MAX_BYTES = 2 * 1024 * 1024
export const LOGO_MAX_PIXELS = 25_000_000
export const LOGO_MAX_WIDTH = 512

const wrongType = () => new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'Only .png or .jpg images are accepted' })
const unreadable = () => new AppError('UNPROCESSABLE', { message: 'The image could not be read' })
const tooManyPixels = () => new AppError('UNPROCESSABLE', { message: 'Image is too large' })
// sharp refuses to even describe an image whose header declares more pixels than the limit.
const refusal = (err: unknown) => (/pixel limit/i.test((err as Error).message ?? '') ? tooManyPixels() : unreadable())

/** PNG or JPEG by signature, named as sharp names them. */
function magicFormat(buf: Buffer): 'png' | 'jpeg' | undefined {
  const kind = imageKind(buf)
  return kind === 'png' ? 'png' : kind === 'jpg' ? 'jpeg' : undefined
}

export async function processLogo(buf: Buffer): Promise<Buffer> {
  if (buf.length > LOGO_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', { message: 'The image is larger than 2 MB' })
  const magic = magicFormat(buf)
  if (!magic) throw wrongType()
  const options = { limitInputPixels: LOGO_MAX_PIXELS, failOn: 'error' } as const
  let meta: Metadata
  try {
    meta = await (await loadSharp())(buf, options).metadata()
  } catch (err) {
    throw refusal(err)
  }
  // Both readings must agree: a PNG signature on something sharp sees as another format is a polyglot.
  if (meta.format !== magic) throw wrongType()
  if (!meta.width || !meta.height) throw unreadable()
  if (meta.width * meta.height > LOGO_MAX_PIXELS) throw tooManyPixels()
  try {
    return await (await loadSharp())(buf, options)
      .rotate() // applies EXIF orientation before the metadata is dropped
      .resize({ width: LOGO_MAX_WIDTH, withoutEnlargement: true })
      .png()
      .toBuffer()
  } catch (err) {
    throw refusal(err)
  }
}
