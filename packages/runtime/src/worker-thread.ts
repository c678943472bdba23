// One way to run a task in a worker thread, shared by the PDF reader and the spreadsheet reader: a
// thread per task with a heap limit and a timeout, and at most a few threads at once (each has a
// heap of its own, so the bound is on memory too).
import { Worker } from 'node:worker_threads'

/** At most `max` tasks at once; the others wait in order. One instance per kind of task. */
export class Slots {
  #running = 0
  readonly #waiting: (() => void)[] = []

  /** Whether a task started now would wait behind `max` running and `maxQueued` waiting ones. */
  full(max: number, maxQueued: number): boolean {
    return this.#running >= max && this.#waiting.length >= maxQueued
  }

  async run<T>(max: number, fn: () => Promise<T>): Promise<T> {
    while (this.#running >= max) await new Promise<void>((r) => this.#waiting.push(r))
    this.#running++
    try {
      return await fn()
    } finally {
      this.#running--
      this.#waiting.shift()?.()
    }
  }
}

export interface ThreadOptions {
  workerData: unknown
  /** Moved to the thread, not copied. */
  transferList?: ArrayBuffer[]
  memoryMb: number
  youngMb?: number
  timeoutMs: number
}

/** The thread's reply, or why there is none: out of time, out of memory, crashed, or exited silently. */
export type ThreadResult<R> = { reply: R } | { failed: 'time' | 'memory' | 'crash' | 'exit'; cause?: Error }

/** Runs the worker script `url` once and ends the thread; resolves when the thread is gone. */
export async function runWorkerThread<R>(url: URL, opts: ThreadOptions): Promise<ThreadResult<R>> {
  const worker = new Worker(url, {
    workerData: opts.workerData,
    ...(opts.transferList ? { transferList: opts.transferList } : {}),
    // Plain JavaScript: without the parent's loader flags (tsx) each thread is ~300 MB lighter.
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: opts.memoryMb, maxYoungGenerationSizeMb: opts.youngMb ?? 16 },
    // The parsers may write to the console; nothing of it belongs in the portal's log.
    stdout: true,
    stderr: true,
  })
  // Read and dropped, so a chatty parser's output is never buffered here.
  worker.stdout.resume()
  worker.stderr.resume()
  let timer: NodeJS.Timeout | undefined
  const result = await new Promise<ThreadResult<R>>((resolve) => {
    timer = setTimeout(() => resolve({ failed: 'time' }), opts.timeoutMs)
    worker.once('message', (reply: R) => resolve({ reply }))
    worker.once('error', (err: Error & { code?: string }) => resolve({ failed: err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crash', cause: err }))
    worker.once('exit', () => resolve({ failed: 'exit' }))
  })
  clearTimeout(timer)
  await worker.terminate()
  return result
}
