// GET /favicon.ico: browsers ask for it on every host. Without it the client-side fallback answered
// the HTML page (issue 25). A 32×32 icon built here (a rounded square in the portal's blue with a
// white check), so no binary file has to travel with the build.
import type { ServiceContext } from '@portal/http'

const SIZE = 32
const BLUE = [0xd8, 0x4e, 0x1d, 0xff] // BGRA of #1d4ed8
const WHITE = [0xff, 0xff, 0xff, 0xff]
const CLEAR = [0, 0, 0, 0]

/** The pixel at (x, y), y from the top. */
function pixel(x: number, y: number): number[] {
  const r = 6 // corner radius
  const cx = Math.min(Math.max(x, r), SIZE - 1 - r)
  const cy = Math.min(Math.max(y, r), SIZE - 1 - r)
  if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) return CLEAR
  // The check: from (8,16) down to (13,22), then up to (24,10), about 3 px thick.
  const near = (ax: number, ay: number, bx: number, by: number) => {
    const t = Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)))
    return Math.hypot(x - (ax + t * (bx - ax)), y - (ay + t * (by - ay))) <= 1.6
  }
  return near(8, 16, 13, 22) || near(13, 22, 24, 10) ? WHITE : BLUE
}

/** An ICO holding one 32-bit bitmap (rows bottom-up, BGRA, then an all-zero AND mask). */
export function faviconIco(): Buffer {
  const pixels = SIZE * SIZE * 4
  const mask = SIZE * 4 // 32 px at 1 bit each, rows padded to 4 bytes
  const image = 40 + pixels + mask
  const out = Buffer.alloc(6 + 16 + image)
  out.writeUInt16LE(0, 0)
  out.writeUInt16LE(1, 2) // an icon
  out.writeUInt16LE(1, 4) // one image
  out.writeUInt8(SIZE, 6)
  out.writeUInt8(SIZE, 7)
  out.writeUInt16LE(1, 10) // planes
  out.writeUInt16LE(32, 12) // bits per pixel
  out.writeUInt32LE(image, 14)
  out.writeUInt32LE(22, 18)
  out.writeUInt32LE(40, 22) // BITMAPINFOHEADER
  out.writeInt32LE(SIZE, 26)
  out.writeInt32LE(SIZE * 2, 30) // the colour rows and the mask rows
  out.writeUInt16LE(1, 34)
  out.writeUInt16LE(32, 36)
  out.writeUInt32LE(pixels + mask, 42)
  let at = 62
  for (let y = SIZE - 1; y >= 0; y--)
    for (let x = 0; x < SIZE; x++) {
      for (const b of pixel(x, y)) out.writeUInt8(b, at++)
    }
  return out
}

export function faviconRoute(server: ServiceContext['server']): void {
  const ico = faviconIco()
  server.get('/favicon.ico', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('image/x-icon').header('Cache-Control', 'public, max-age=86400').send(ico),
  )
}
