// Text of each page of an uploaded PDF. pdf.js runs in a worker thread with a time and memory
// limit: a hostile or broken PDF ends in a clear, non-retryable refusal, never a hung job. The
// threads are pooled (pdf.js loads once per thread); `threads` bounds them, each with its own heap.
import { open } from 'node:fs/promises'
import { AppError } from '@portal/errors'
import { threadPool } from '@portal/runtime/thread-pool'
import { isPdf } from '@portal/storage'

export interface PdfPage {
  page: number
  text: string
}

export const pdfLimits = { timeoutMs: 30_000, maxPages: 2_000, maxChars: 20_000_000, memoryMb: 512, threads: 4 }

export const PDF_TEXT_WORKER = new URL('./pdf-worker.mjs', import.meta.url)

type WorkerReply = { pages: PdfPage[] } | { error: 'encrypted' | 'unreadable' | 'too-many-pages' | 'too-much-text'; detail?: string }

const messages: Record<string, string> = {
  encrypted: 'The PDF is password-protected: upload it without a password',
  unreadable: 'The PDF could not be read: check that it is a valid PDF file',
  'too-much-text': 'The PDF holds too much text to index',
}

/** Text of a PDF held in memory; its bytes are copied once, into the worker. */
export async function extractPdfText(buf: Buffer, limits = pdfLimits): Promise<PdfPage[]> {
  if (!isPdf(buf)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'Only PDF files are accepted' })
  const data = new Uint8Array(buf).buffer // a copy the caller does not share, moved (not cloned) to the worker
  return inWorker({ data }, [data], limits)
}

/** Text of a PDF on disk (an upload spooled from storage), read by the worker in byte ranges. */
export async function extractPdfFile(path: string, limits = pdfLimits): Promise<PdfPage[]> {
  const head = Buffer.alloc(1024) // isPdf looks for the signature in the first KiB
  const fh = await open(path, 'r')
  let read: number
  try {
    ;({ bytesRead: read } = await fh.read(head, 0, head.length, 0))
  } finally {
    await fh.close()
  }
  if (!isPdf(head.subarray(0, read))) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'Only PDF files are accepted' })
  return inWorker({ path }, [], limits)
}

async function inWorker(source: { path: string } | { data: ArrayBuffer }, transfer: ArrayBuffer[], limits: typeof pdfLimits): Promise<PdfPage[]> {
  const pool = threadPool<WorkerReply>(PDF_TEXT_WORKER, { maxThreads: limits.threads, memoryMb: limits.memoryMb })
  const result = await pool.run({ ...source, maxPages: limits.maxPages, maxChars: limits.maxChars }, { transferList: transfer, timeoutMs: limits.timeoutMs })
  if (!('reply' in result)) {
    if (result.failed === 'time') throw new AppError('UNPROCESSABLE', { message: 'The PDF took too long to read' })
    // Out of memory (ERR_WORKER_OUT_OF_MEMORY) or a crash inside pdf.js.
    throw new AppError('UNPROCESSABLE', { message: messages['unreadable']!, cause: result.cause })
  }
  const reply = result.reply
  if ('error' in reply) {
    const message = reply.error === 'too-many-pages' ? `The PDF has more than ${limits.maxPages} pages` : (messages[reply.error] ?? messages['unreadable']!)
    throw new AppError('UNPROCESSABLE', { message })
  }
  return reply.pages
}
