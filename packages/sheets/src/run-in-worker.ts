// One way into the worker thread (worker/sheet-worker.mjs) for every spreadsheet task, through the
// pool the PDF reader uses too (@portal/runtime/thread-pool): pooled threads with a heap limit, a
// timeout that terminates the task's thread, and a clear 422 when either is hit. At most
// `concurrency` threads at once (a terminated one counts until it has exited, so the bound is on
// memory too); a bounded queue waits behind them.
import { AppError, type AppErrorCode } from '@portal/errors'
import { threadPool } from '@portal/runtime/thread-pool'
import { type SheetLimits, sheetLimits } from './limits.js'
import type { QuestionRows } from './types.js'

export type Task =
  | { kind: 'inspect'; bytes?: Uint8Array; path?: string; macros?: boolean }
  | { kind: 'inspect-csv'; bytes?: Uint8Array; path?: string }
  | { kind: 'read'; bytes: Uint8Array }
  | { kind: 'analyse'; bytes: Uint8Array; module: string; name: string; arg?: unknown }
  | { kind: 'xls-to-xlsx'; bytes: Uint8Array }
  | { kind: 'write-cells'; bytes: Uint8Array; writes: Map<string, Map<string, string | number>> }
  | { kind: 'compare-workbooks'; before: Uint8Array; after: Uint8Array; writes: Map<string, Map<string, string | number>>; questions?: QuestionRows }
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

async function runThread(task: Task, limits: SheetLimits): Promise<Reply> {
  const { concurrency, maxQueued, memoryMb, youngMb } = limits.worker
  const pool = threadPool<Reply>(WORKER, { maxThreads: concurrency, maxQueued, memoryMb, youngMb, yieldToRequests: true })
  if (pool.full()) {
    throw new AppError('UNAVAILABLE', { message: 'Too many workbooks are being processed; please try again in a minute', retryAfter: 30 })
  }
  const result = await pool.run(
    { ...task, limits: { zip: limits.zip, grid: limits.grid } },
    { timeoutMs: isWrite(task) ? limits.worker.timeoutMs.write : limits.worker.timeoutMs.read },
  )
  if ('reply' in result) return result.reply
  return { ok: false, limit: result.failed === 'exit' ? 'crash' : result.failed, ...(result.cause ? { cause: result.cause } : {}) }
}

/** Runs one task in a pooled worker thread; its refusals and limits become AppErrors with words for people. */
export async function runInWorker<T>(task: Task, limits: SheetLimits = sheetLimits): Promise<T> {
  const reply = await runThread(task, limits)
  if (reply.ok) return reply.result as T
  const said = isWrite(task) ? words.write : words.read
  if ('limit' in reply) throw new AppError('UNPROCESSABLE', { message: said[reply.limit], cause: reply.cause })
  if (reply.code && reply.message) throw new AppError(reply.code, { message: reply.message })
  throw new AppError('UNPROCESSABLE', { message: said.crash, cause: new Error(reply.detail) })
}

/** Structured clone hands Buffers back as plain Uint8Arrays. */
export const asBuffer = (u8: Uint8Array): Buffer => Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength)
