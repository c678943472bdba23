// A small pool of worker threads per kind of task (the PDF check, PDF text, spreadsheets): starting
// a thread and loading pdf.js or a spreadsheet reader costs far more than most checks, and paid
// inside an upload request it made uploads 7–14× slower while the workers were busy (issue 26).
// A thread keeps its heap limit; a task past its time limit has its thread terminated (a new one
// takes its place on demand); a thread that ran out of memory or crashed is replaced the same way.
// At most `maxThreads` threads per pool, counted until they have exited, so the bound is on memory.
// Idle threads do not keep the process alive and end after `idleMs`; a thread is retired after
// `maxTasks` tasks, so whatever a parser leaves behind cannot grow without end.
import { Worker } from 'node:worker_threads'
import type { ThreadResult } from './worker-thread.js'

export interface PoolOptions {
  maxThreads: number
  /** Tasks waiting for a thread before `full()` says so (the caller decides to refuse). */
  maxQueued?: number
  /** Old generation of each thread's heap, MB. */
  memoryMb: number
  youngMb?: number
  idleMs?: number
  maxTasks?: number
  /**
   * The threads run at a lower priority (nice 10, Linux), yielding to the thread that answers
   * requests: for short tasks only. A long one (a PDF's text) would starve on a busy machine.
   */
  yieldToRequests?: boolean
}

export interface TaskOptions {
  timeoutMs: number
  /** Moved to the thread, not copied. */
  transferList?: ArrayBuffer[]
}

export interface PoolStats {
  /** Threads alive now (busy, idle or being terminated). */
  threads: number
  busy: number
  queued: number
  /** Threads started since the pool was made. */
  started: number
  /** Tasks that reached a thread since the pool was made. */
  tasks: number
}

type Failure = Exclude<ThreadResult<unknown>, { reply: unknown }>

interface Task<R> {
  id: number
  data: unknown
  opts: TaskOptions
  settle(result: ThreadResult<R>): void
}

interface Thread<R> {
  worker: Worker
  task?: Task<R>
  timer?: NodeJS.Timeout
  idleTimer?: NodeJS.Timeout
  done: number
  /** Why the thread is ending (set before terminate, or by its 'error' event); undefined while healthy. */
  ending?: Failure
}

const RUNNER = new URL('./pool-thread.mjs', import.meta.url)

export class ThreadPool<R> {
  readonly #module: URL
  readonly #opts: Required<PoolOptions>
  readonly #threads = new Set<Thread<R>>()
  readonly #queue: Task<R>[] = []
  #nextId = 0
  #started = 0
  #tasks = 0

  constructor(module: URL, opts: PoolOptions) {
    this.#module = module
    this.#opts = { maxQueued: Number.POSITIVE_INFINITY, youngMb: 16, idleMs: 30_000, maxTasks: 200, yieldToRequests: false, ...opts }
  }

  /** Whether a task given now would wait behind `maxThreads` busy ones and `maxQueued` waiting ones. */
  full(): boolean {
    return this.#busy() >= this.#opts.maxThreads && this.#queue.length >= this.#opts.maxQueued
  }

  stats(): PoolStats {
    return { threads: this.#threads.size, busy: this.#busy(), queued: this.#queue.length, started: this.#started, tasks: this.#tasks }
  }

  /** The thread's reply, or why there is none; resolves once a failed task's thread is gone. */
  run(data: unknown, opts: TaskOptions): Promise<ThreadResult<R>> {
    return new Promise((settle) => {
      this.#queue.push({ id: ++this.#nextId, data, opts, settle })
      this.#dispatch()
    })
  }

  /** Ends idle threads now and busy ones after their task (shutdown); the pool starts threads again if used. */
  async close(): Promise<void> {
    const exits: Promise<unknown>[] = []
    for (const t of this.#threads) {
      if (t.task) t.done = Number.POSITIVE_INFINITY
      else exits.push(this.#end(t, { failed: 'exit' }))
    }
    await Promise.all(exits)
  }

  #busy(): number {
    let n = 0
    for (const t of this.#threads) if (t.task || t.ending) n++
    return n
  }

  #dispatch(): void {
    while (this.#queue.length) {
      let thread: Thread<R> | undefined
      for (const t of this.#threads) if (!t.task && !t.ending) thread = t
      if (!thread && this.#threads.size < this.#opts.maxThreads) thread = this.#spawn()
      if (!thread) return
      this.#assign(thread, this.#queue.shift()!)
    }
  }

  #spawn(): Thread<R> {
    const worker = new Worker(RUNNER, {
      workerData: { module: this.#module.href, nice: this.#opts.yieldToRequests ? 10 : 0 },
      // Plain JavaScript: without the parent's loader flags (tsx) each thread is ~300 MB lighter.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: this.#opts.memoryMb, maxYoungGenerationSizeMb: this.#opts.youngMb },
      // Console output is dropped inside the thread (pool-thread.mjs), not piped here.
    })
    const thread: Thread<R> = { worker, done: 0 }
    this.#started++
    this.#threads.add(thread)
    worker.on('message', ({ id, reply }: { id: number; reply: R }) => {
      const task = thread.task
      if (!task || task.id !== id || thread.ending) return
      clearTimeout(thread.timer)
      thread.task = undefined
      thread.done++
      task.settle({ reply })
      this.#rest(thread)
      this.#dispatch()
    })
    worker.on('error', (err: Error & { code?: string }) => {
      thread.ending ??= { failed: err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crash', cause: err }
    })
    worker.once('exit', () => {
      clearTimeout(thread.timer)
      clearTimeout(thread.idleTimer)
      this.#threads.delete(thread)
      const task = thread.task
      thread.task = undefined
      task?.settle(thread.ending ?? { failed: 'exit' })
      this.#dispatch()
    })
    return thread
  }

  #assign(thread: Thread<R>, task: Task<R>): void {
    clearTimeout(thread.idleTimer)
    thread.task = task
    this.#tasks++
    thread.worker.ref()
    // Out of time: the thread is terminated; the task is answered when it has exited.
    thread.timer = setTimeout(() => void this.#end(thread, { failed: 'time' }), task.opts.timeoutMs)
    thread.worker.postMessage({ id: task.id, data: task.data }, task.opts.transferList ?? [])
  }

  /** After a task: retire a thread that has done its share, or let it wait (not holding the process). */
  #rest(thread: Thread<R>): void {
    if (thread.done >= this.#opts.maxTasks) {
      void this.#end(thread, { failed: 'exit' })
      return
    }
    thread.worker.unref()
    thread.idleTimer = setTimeout(() => void this.#end(thread, { failed: 'exit' }), this.#opts.idleMs)
    thread.idleTimer.unref()
  }

  #end(thread: Thread<R>, why: Failure): Promise<number> {
    thread.ending ??= why
    return thread.worker.terminate()
  }
}

const pools = new Map<string, ThreadPool<unknown>>()

/** The process's one pool for this task module and these limits (made on first use). */
export function threadPool<R>(module: URL, opts: PoolOptions): ThreadPool<R> {
  const key = `${module.href} ${opts.memoryMb}/${opts.youngMb ?? ''} ${opts.maxThreads}/${opts.maxQueued ?? ''} ${opts.yieldToRequests ? 'nice' : ''}`
  let pool = pools.get(key)
  if (!pool) {
    pool = new ThreadPool(module, opts)
    pools.set(key, pool)
  }
  return pool as ThreadPool<R>
}

/** Stats of the pools running `module` (whatever their limits), summed. */
export function threadPoolStats(module: URL): PoolStats {
  const sum: PoolStats = { threads: 0, busy: 0, queued: 0, started: 0, tasks: 0 }
  for (const [key, pool] of pools) {
    if (!key.startsWith(`${module.href} `)) continue
    const s = pool.stats()
    for (const k of Object.keys(sum) as (keyof PoolStats)[]) sum[k] += s[k]
  }
  return sum
}

/** Ends every pool's idle threads (and busy ones after their task): called when the process stops. */
export async function closeThreadPools(): Promise<void> {
  await Promise.all([...pools.values()].map((p) => p.close()))
}
