// What the worker-thread pools (thread-pool.ts) answer, and a bound on tasks at once for work that
// runs on its own threads (the gateway's page renderer).

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

/** The thread's reply, or why there is none: out of time, out of memory, crashed, or exited silently. */
export type ThreadResult<R> = { reply: R } | { failed: 'time' | 'memory' | 'crash' | 'exit'; cause?: Error }
