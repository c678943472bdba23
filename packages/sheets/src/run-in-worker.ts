// One way into the worker thread (worker/sheet-worker.mjs) for every spreadsheet task, with the
// pattern of the PDF worker (packages/documents/src/pdf/extract-text.ts): a thread per task
// with a heap limit, a timeout that terminates it, and a clear 422 when either is hit. At most
// `concurrency` threads run at once (the slot is held until the thread has exited, so the bound is
// on memory too); a bounded queue waits behind them.
import { Worker } from 'node:worker_threads'
import { AppError, type AppErrorCode } from '@portal/errors'
import { type SheetLimits, sheetLimits } from './limits.js'

export type Task =
  | { kind: 'inspect'; bytes?: Uint8Array; path?: string }
  | { kind: 'inspect-csv'; bytes?: Uint8Array; path?: string }
  | { kind: 'read'; bytes: Uint8Array }
  | { kind: 'analyse'; bytes: Uint8Array; module: string; name: string }
  | { kind: 'xls-to-xlsx'; bytes: Uint8Array }
  | { kind: 'write-cells'; bytes: Uint8Array; writes: Map<string, Map<string, string | number>> }
  | { kind: 'compare-workbooks'; before: Uint8Array; after: Uint8Array; writes: Map<string, Map<string, string | number>> }
  | { kind: 'questions-workbook'; rows: unknown[]; sheetName?: string }

type Reply =
  | { ok: true; result: unknown }
  | { ok: false; code?: AppErrorCode; message?: string; detail?: string }
  | { ok: false; limit: 'time' | 'memory' | 'crash'; cause?: unknown }

const WORKER = new URL('./worker/sheet-worker.mjs', import.meta.url)

const words = {
  read: { memory: 'The workbook is too large to read', time: 'Reading the workbook took too long', crash: 'The workbook could not be read' },
  write: { memory: 'The workbook is too large to write', time: 'Writing the workbook took too long', crash: 'The workbook could not be written' },
}
const isWrite = (task: Task) => task.kind === 'write-cells' || task.kind === 'questions-workbook'

let running = 0
const waiting: (() => void)[] = []

async function slot<T>(limits: SheetLimits['worker'], fn: () => Promise<T>): Promise<T> {
  if (running >= limits.concurrency && waiting.length >= limits.maxQueued) {
    throw new AppError('UNAVAILABLE', { message: 'Too many workbooks are being processed; please try again in a minute', retryAfter: 30 })
  }
  while (running >= limits.concurrency) await new Promise<void>((r) => waiting.push(r))
  running++
  try {
    return await fn()
  } finally {
    running--
    waiting.shift()?.()
  }
}

async function runThread(task: Task, limits: SheetLimits): Promise<Reply> {
  const worker = new Worker(WORKER, {
    workerData: { ...task, limits: { zip: limits.zip, grid: limits.grid } },
    resourceLimits: { maxOldGenerationSizeMb: limits.worker.memoryMb, maxYoungGenerationSizeMb: limits.worker.youngMb },
    // The worker is plain JavaScript: no tsx loader (inherited from `node --import tsx`) to start.
    execArgv: [],
    // The parsers may write to the console; nothing of it belongs in the portal's log.
    stdout: true,
    stderr: true,
  })
  // Read and dropped, so a chatty parser's output is never buffered here.
  worker.stdout.resume()
  worker.stderr.resume()
  let timer: NodeJS.Timeout | undefined
  const reply = await new Promise<Reply>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, limit: 'time' }), isWrite(task) ? limits.worker.timeoutMs.write : limits.worker.timeoutMs.read)
    worker.once('message', (msg: Reply) => resolve(msg))
    worker.once('error', (err: Error & { code?: string }) =>
      resolve({ ok: false, limit: err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crash', cause: err }),
    )
    worker.once('exit', () => resolve({ ok: false, limit: 'crash' }))
  })
  clearTimeout(timer)
  await worker.terminate()
  return reply
}

/** Runs one task in its own worker thread; its refusals and limits become AppErrors with words for people. */
export async function runInWorker<T>(task: Task, limits: SheetLimits = sheetLimits): Promise<T> {
  const reply = await slot(limits.worker, () => runThread(task, limits))
  if (reply.ok) return reply.result as T
  const said = isWrite(task) ? words.write : words.read
  if ('limit' in reply) throw new AppError('UNPROCESSABLE', { message: said[reply.limit], cause: reply.cause })
  if (reply.code && reply.message) throw new AppError(reply.code, { message: reply.message })
  throw new AppError('UNPROCESSABLE', { message: said.crash, cause: new Error(reply.detail) })
}

/** Structured clone hands Buffers back as plain Uint8Arrays. */
export const asBuffer = (u8: Uint8Array): Buffer => Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength)
