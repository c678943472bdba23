// The upload-time check of a PDF: can pdf.js open it without a password? Same isolation as text
// extraction (worker thread, time and memory limits), reading the spooled file by ranges. A few
// at a time: each check is a thread with its own heap.
import { Worker } from 'node:worker_threads'
import { AppError } from '@portal/errors'

export const pdfCheckLimits = { timeoutMs: 20_000, memoryMb: 256, concurrency: 2 }

export const pdfCheckMessages = {
  encrypted: 'This PDF is password-protected',
  unreadable: 'This PDF is damaged and cannot be read',
} as const

type Reply = { ok: true; numPages: number } | { error: 'encrypted' | 'unreadable'; detail?: string }

let running = 0
const waiting: (() => void)[] = []
async function slot<T>(fn: () => Promise<T>, max: number): Promise<T> {
  while (running >= max) await new Promise<void>((r) => waiting.push(r))
  running++
  try {
    return await fn()
  } finally {
    running--
    waiting.shift()?.()
  }
}

/** Refuses (422) a PDF file on disk that pdf.js cannot open, or opens only with a password. */
export async function checkPdfFile(path: string, limits = pdfCheckLimits): Promise<{ numPages: number }> {
  const reply = await slot(async () => {
    const worker = new Worker(new URL('./pdf-check-worker.mjs', import.meta.url), {
      workerData: { path },
      // Plain JavaScript: without the parent's loader flags (tsx) each thread is ~300 MB lighter.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 16 },
      stdout: true,
      stderr: true,
    })
    let timer: NodeJS.Timeout | undefined
    return new Promise<Reply>((resolve) => {
      timer = setTimeout(() => resolve({ error: 'unreadable', detail: 'timed out' }), limits.timeoutMs)
      worker.once('message', (msg: Reply) => resolve(msg))
      // Out of memory or a crash inside pdf.js: the file cannot be read here either.
      worker.once('error', (err) => resolve({ error: 'unreadable', detail: String(err) }))
      worker.once('exit', () => resolve({ error: 'unreadable', detail: 'worker exited' }))
    }).finally(() => {
      clearTimeout(timer)
      void worker.terminate()
    })
  }, limits.concurrency)
  if ('error' in reply) throw new AppError('UNPROCESSABLE', { message: pdfCheckMessages[reply.error] ?? pdfCheckMessages.unreadable })
  return { numPages: reply.numPages }
}
