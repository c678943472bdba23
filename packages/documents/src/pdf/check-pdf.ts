// The upload-time check of a PDF: can pdf.js open it without a password? Same isolation as text
// extraction (worker thread, time and memory limits), reading the spooled file by ranges. The
// threads are pooled, pdf.js loaded once in each; a few at a time: each has its own heap.
import { AppError } from '@portal/errors'
import { threadPool } from '@portal/runtime/thread-pool'
import type { ThreadResult } from '@portal/runtime/worker-thread'

export const pdfCheckLimits = { timeoutMs: 20_000, memoryMb: 256, concurrency: 2 }

export const PDF_CHECK_WORKER = new URL('./pdf-check-worker.mjs', import.meta.url)

export const pdfCheckMessages = {
  encrypted: 'This PDF is password-protected',
  unreadable: 'This PDF is damaged and cannot be read',
} as const

type Reply = { ok: true; numPages: number } | { error: 'encrypted' | 'unreadable'; detail?: string }

/** Refuses (422) a PDF file on disk that pdf.js cannot open, or opens only with a password. */
export async function checkPdfFile(path: string, limits = pdfCheckLimits): Promise<{ numPages: number }> {
  const pool = threadPool<Reply>(PDF_CHECK_WORKER, { maxThreads: limits.concurrency, memoryMb: limits.memoryMb })
  const result = await pool.run({ path }, { timeoutMs: limits.timeoutMs })
  // No reply (out of time or memory, a crash inside pdf.js): the file cannot be read here either.
  const reply: Reply = 'reply' in result ? result.reply : { error: 'unreadable', detail: failureDetail(result) }
  if ('error' in reply) throw new AppError('UNPROCESSABLE', { message: pdfCheckMessages[reply.error] ?? pdfCheckMessages.unreadable })
  return { numPages: reply.numPages }
}

const failureDetail = (result: Exclude<ThreadResult<Reply>, { reply: Reply }>) =>
  result.failed === 'time' ? 'timed out' : result.failed === 'exit' ? 'worker exited' : String(result.cause)
