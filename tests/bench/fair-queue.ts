// Noisy-neighbour benchmark (issue 26): company A queues twenty large documents, then company B
// queues one small one, on the document queue as the services use it (fileJob's company and size),
// with two jobs at a time (INGEST_CONCURRENCY). Prints B's wait from its add to its start, and the
// whole run's time and jobs per second, first in, first out (fairness off: how it was) and taking
// turns by company; on the in-process queue and, with REDIS_URL, on BullMQ.
//   npm run bench:fair-queue                       each job a timed 1 s of work (no CPU: the order alone)
//   npm run bench:fair-queue -- --work=pdf         each job reads its PDF (pdf.js in a worker thread):
//                                                  A the 167-page policy, B a 5-page overview
//   REDIS_URL=redis://127.0.0.1:6379 npm run bench:fair-queue
import { stat } from 'node:fs/promises'
import path from 'node:path'
import { fileJob } from '@portal/contracts'
import { extractPdfFile } from '@portal/documents'
import { createQueue, type JobQueue } from '@portal/queue'

const root = path.resolve(import.meta.dirname, '../..')
const LARGE = path.join(root, 'tests/fixtures/policies/open_access_policies/minimal-soc2_compiled.pdf')
const SMALL = path.join(root, 'tests/fixtures/policies/basecamp_37signals/security_37signals_Security_Overview_2022-09.pdf')
const A_JOBS = 20
const WORK_MS = 1000
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1]
const work = arg('work') ?? 'timed'
if (work !== 'timed' && work !== 'pdf') throw new Error('--work is timed or pdf')
const concurrency = Number(process.env['INGEST_CONCURRENCY'] ?? 2)
const redisUrl = process.env['REDIS_URL']

interface Run {
  bWaitMs: number
  bDoneMs: number
  totalMs: number
  jobsPerSecond: number
}

async function run(kind: 'memory' | 'bullmq', fair: boolean): Promise<Run> {
  const queue: JobQueue = await createQueue(kind === 'bullmq' ? { redisUrl, prefix: `bench-${crypto.randomUUID().slice(0, 8)}`, fair } : { fair })
  const name = `fair-bench-${crypto.randomUUID().slice(0, 8)}`
  const files = new Map<string, string>()
  const started = new Map<string, number>()
  const finished = new Map<string, number>()
  // The worker runs before anything is queued, as in production: A's first jobs start at once.
  queue.process<{ tenantId: string; fileId: string }>(
    name,
    async (job) => {
      started.set(job.data.fileId, performance.now())
      if (work === 'pdf') await extractPdfFile(files.get(job.data.fileId)!)
      else await new Promise((r) => setTimeout(r, WORK_MS))
      finished.set(job.data.fileId, performance.now())
    },
    { concurrency },
  )
  const [large, small] = [(await stat(LARGE)).size, (await stat(SMALL)).size]
  const [tenantA, tenantB] = [crypto.randomUUID(), crypto.randomUUID()]
  const t0 = performance.now()
  for (let i = 0; i < A_JOBS; i++) {
    const [, data, opts] = fileJob('compliance', tenantA, `a-${i}`, undefined, large)
    files.set(data.fileId, LARGE)
    await queue.add(name, data, opts)
  }
  const [, data, opts] = fileJob('compliance', tenantB, 'b', undefined, small)
  files.set(data.fileId, SMALL)
  const bAdded = performance.now()
  await queue.add(name, data, opts)
  await queue.drain(name, 600_000)
  const end = Math.max(...finished.values())
  await queue.close()
  return {
    bWaitMs: started.get('b')! - bAdded,
    bDoneMs: finished.get('b')! - bAdded,
    totalMs: end - t0,
    jobsPerSecond: (A_JOBS + 1) / ((end - t0) / 1000),
  }
}

const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`
console.log(
  `A: ${A_JOBS} jobs of the 167-page PDF, then B: 1 job of a 5-page PDF; ${concurrency} at a time; work: ${work === 'pdf' ? 'PDF text read (pdf.js, worker thread)' : `timed ${WORK_MS} ms per job`}`,
)
console.log(`${'queue'.padEnd(8)} ${'order'.padEnd(22)} ${'B waits'.padStart(9)} ${'B read'.padStart(9)} ${'all 21'.padStart(9)} ${'jobs/s'.padStart(7)}`)
for (const kind of redisUrl ? (['memory', 'bullmq'] as const) : (['memory'] as const)) {
  for (const fair of [false, true]) {
    const r = await run(kind, fair)
    const order = fair ? 'turns by company' : 'first in, first out'
    console.log(
      `${kind.padEnd(8)} ${order.padEnd(22)} ${fmt(r.bWaitMs).padStart(9)} ${fmt(r.bDoneMs).padStart(9)} ${fmt(r.totalMs).padStart(9)} ${r.jobsPerSecond.toFixed(2).padStart(7)}`,
    )
  }
}
if (!redisUrl) console.log('(BullMQ: set REDIS_URL)')
