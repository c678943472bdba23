// Large, valid PDFs and multipart bodies made as streams: a one-page PDF whose content stream is
// `size` minus a few hundred bytes of spaces, so tests and benchmarks can send 48 MB uploads
// without holding 48 MB anywhere in their own process.
import { request } from 'node:http'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

const CHUNK = Buffer.alloc(64 * 1024, 0x20)

/** A valid PDF of exactly `size` bytes, in chunks of at most 64 KiB. */
export function* paddedPdf(size: number): Generator<Buffer> {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
  ]
  let head = '%PDF-1.4\n'
  const offsets: number[] = []
  for (const [i, body] of objects.entries()) {
    offsets.push(head.length)
    head += `${i + 1} 0 obj\n${body}\nendobj\n`
  }
  offsets.push(head.length)
  const tailOf = (padding: number, lengthDigits: string) => {
    const streamHead = `4 0 obj\n<< /Length ${lengthDigits} >>\nstream\n`
    const xrefAt = head.length + streamHead.length + padding + '\nendstream\nendobj\n'.length
    const xref = `xref\n0 5\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`
    return { streamHead, rest: `\nendstream\nendobj\n${xref}trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n` }
  }
  // The padding's length and the xref offset are written in the file: settle them until the sum closes.
  let padding = size - head.length
  let tail = tailOf(padding, String(padding))
  for (let total = 0; total !== size; ) {
    total = head.length + tail.streamHead.length + padding + tail.rest.length
    padding -= total - size
    if (padding < 0) throw new Error('size too small for a PDF')
    tail = tailOf(padding, String(padding))
    total = head.length + tail.streamHead.length + padding + tail.rest.length
    if (total === size) break
  }
  const { streamHead, rest } = tail
  yield Buffer.from(head + streamHead, 'latin1')
  for (let left = padding; left > 0; left -= CHUNK.length) yield CHUNK.subarray(0, Math.min(left, CHUNK.length))
  yield Buffer.from(rest, 'latin1')
}

/** A multipart/form-data body streamed from fields and file generators. */
export function multipartStream(fields: Record<string, string>, files: { field: string; name: string; type?: string; chunks: () => Iterable<Buffer> }[]) {
  const boundary = `----portal${Math.random().toString(16).slice(2)}`
  async function* body() {
    for (const [k, v] of Object.entries(fields)) yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    for (const f of files) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/pdf'}\r\n\r\n`,
      )
      for (const chunk of f.chunks()) yield chunk
      yield Buffer.from('\r\n')
    }
    yield Buffer.from(`--${boundary}--\r\n`)
  }
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: body() }
}

/**
 * POSTs a multipart body with node:http rather than fetch, with the bearer token only: a Buffer is
 * sent whole (with its Content-Length), a stream as its chunks come, without copies. The server may
 * answer (413) before a stream is sent: sending stops then. Resolves with the status and JSON reply.
 */
export function postMultipart<J = { message?: string; data?: unknown }>(
  url: string,
  token: string,
  form: { contentType: string; body: Buffer | AsyncIterable<Buffer> },
): Promise<{ status: number; json: J }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType } }, (res) => {
      let text = ''
      res
        .setEncoding('utf8')
        .on('data', (c: string) => (text += c))
        .on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text || '{}') as J }))
    })
    req.on('error', reject)
    if (Buffer.isBuffer(form.body)) req.end(form.body)
    else pipeline(Readable.from(form.body), req).catch(() => {})
  })
}
