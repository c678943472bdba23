// The worker-thread pool behind the PDF check, PDF text and spreadsheet readers: threads are reused
// between tasks, a task over time or memory loses its thread (and only its own), a new thread takes
// its place, and the bound on threads holds throughout.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from '@jest/globals'
import { ThreadPool } from '../src/thread-pool.js'

const TASK = new URL('./fixtures/pool-task.mjs', import.meta.url)
type Reply = { threadId: number; length?: number }
const pools: ThreadPool<Reply>[] = []
const pool = (maxThreads = 2, extra: { maxTasks?: number; idleMs?: number } = {}) => {
  const p = new ThreadPool<Reply>(TASK, { maxThreads, memoryMb: 32, ...extra })
  pools.push(p)
  return p
}
const ok = { timeoutMs: 10_000 }
const threadOf = (r: Awaited<ReturnType<ThreadPool<Reply>['run']>>) => {
  if (!('reply' in r)) throw new Error(`no reply: ${r.failed}`)
  return r.reply.threadId
}

afterAll(() => Promise.all(pools.map((p) => p.close())))

describe('thread pool', () => {
  it('runs twenty sequential tasks on one thread', async () => {
    const p = pool()
    const ids = new Set<number>()
    for (let i = 0; i < 20; i++) ids.add(threadOf(await p.run({ kind: 'echo' }, ok)))
    expect(ids.size).toBe(1)
    expect(p.stats()).toMatchObject({ started: 1, tasks: 20, threads: 1, busy: 0, queued: 0 })
  })

  it('runs at most maxThreads at once, the rest waiting their turn', async () => {
    const p = pool(2)
    const replies = await Promise.all(Array.from({ length: 8 }, () => p.run({ kind: 'echo' }, ok)))
    expect(new Set(replies.map(threadOf)).size).toBeLessThanOrEqual(2)
    expect(p.stats().started).toBeLessThanOrEqual(2)
  })

  it('moves a transferred buffer to the thread', async () => {
    const p = pool()
    const bytes = new Uint8Array(1024).buffer
    const r = await p.run({ kind: 'echo', bytes }, { ...ok, transferList: [bytes] })
    expect('reply' in r && r.reply.length).toBe(1024)
    expect(bytes.byteLength).toBe(0) // detached here: moved, not copied
  })

  it('terminates a runaway task at its time limit, replaces the thread and keeps working', async () => {
    const p = pool(1)
    const before = threadOf(await p.run({ kind: 'echo' }, ok))
    const t0 = performance.now()
    // Queued behind the runaway one: it must still be answered, by a new thread.
    const [spun, next] = await Promise.all([p.run({ kind: 'spin' }, { timeoutMs: 200 }), p.run({ kind: 'echo' }, ok)])
    expect(spun).toEqual({ failed: 'time' })
    expect(performance.now() - t0).toBeLessThan(5_000)
    expect(threadOf(next)).not.toBe(before)
    expect(p.stats()).toMatchObject({ started: 2, threads: 1 })
  })

  it('reports a thread out of memory as "memory" and a thrown task as "crash", and recovers from both', async () => {
    const p = pool(1)
    expect(await p.run({ kind: 'fill' }, { timeoutMs: 20_000 })).toMatchObject({ failed: 'memory' })
    expect(await p.run({ kind: 'crash' }, ok)).toMatchObject({ failed: 'crash', cause: expect.objectContaining({ message: 'the task broke' }) })
    expect(threadOf(await p.run({ kind: 'echo' }, ok))).toBeGreaterThan(0)
    expect(p.stats()).toMatchObject({ started: 3, threads: 1 })
  })

  it('retires a thread after maxTasks and an idle one after idleMs', async () => {
    const p = pool(1, { maxTasks: 3, idleMs: 100 })
    const ids = []
    for (let i = 0; i < 6; i++) ids.push(threadOf(await p.run({ kind: 'echo' }, ok)))
    expect(new Set(ids).size).toBe(2)
    await new Promise((r) => setTimeout(r, 400))
    expect(p.stats().threads).toBe(0)
  })

  it('says full when every thread is busy and the queue holds maxQueued', async () => {
    const p = new ThreadPool<Reply>(TASK, { maxThreads: 1, maxQueued: 1, memoryMb: 32 })
    pools.push(p)
    expect(p.full()).toBe(false)
    const spin = p.run({ kind: 'spin' }, { timeoutMs: 300 })
    const queued = p.run({ kind: 'echo' }, ok)
    expect(p.full()).toBe(true)
    await Promise.all([spin, queued])
    expect(p.full()).toBe(false)
  })

  it('lets the process end while a thread idles, and keeps what the parsers print out of it', async () => {
    const child = new URL('./fixtures/pool-exit.ts', import.meta.url).pathname
    const t0 = performance.now()
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', child], { timeout: 15_000 })
    expect(stdout).toBe('answered\n')
    expect(stderr).toBe('')
    expect(performance.now() - t0).toBeLessThan(10_000)
  })

  it('close ends idle threads; the pool starts one again when used', async () => {
    const p = pool()
    await p.run({ kind: 'echo' }, ok)
    await p.close()
    expect(p.stats().threads).toBe(0)
    expect(threadOf(await p.run({ kind: 'echo' }, ok))).toBeGreaterThan(0)
  })
})
