// A PDF on disk as pdf.js's range transport (runs inside the PDF worker threads): pdf.js asks for
// byte ranges and they are read from the file as it needs them, so no copy of the whole file is
// made in the main thread or sent to the worker. pdf.js keeps what it read in one buffer of the
// file's size inside the worker (its chunked stream), so the worker's memory is the file plus
// what parsing it takes.
import { open } from 'node:fs/promises'
import { PDFDataRangeTransport } from 'pdfjs-dist/legacy/build/pdf.mjs'

/** The first bytes sent with the transport: small files are read in one go. */
const HEAD_BYTES = 64 * 1024

/** Opens `path` as a range transport; `close()` when the document is destroyed. */
export async function openPdfFile(path) {
  const fh = await open(path, 'r')
  const { size } = await fh.stat()
  const head = Buffer.alloc(Math.min(size, HEAD_BYTES))
  await fh.read(head, 0, head.length, 0)
  const range = new PDFDataRangeTransport(size, new Uint8Array(head.buffer, head.byteOffset, head.length))
  range.requestDataRange = (begin, end) => {
    const chunk = Buffer.alloc(Math.max(0, Math.min(end, size) - begin))
    fh.read(chunk, 0, chunk.length, begin).then(
      () => range.onDataRange(begin, new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length)),
      () => range.abort(),
    )
  }
  return { range, size, close: () => fh.close() }
}
