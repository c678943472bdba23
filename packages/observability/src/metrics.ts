// Prometheus metrics of the process (prom-client), answered at /metrics by every target. One
// registry per process: the adapters and services count into it without being handed anything.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'

export const metricsRegistry = new Registry()
const registers = [metricsRegistry]

export const metrics = {
  httpDuration: new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  }),
  queueDepth: new Gauge({
    name: 'portal_queue_jobs',
    help: 'Jobs of each queue this process uses, by state (waiting, active, delayed), read at scrape time',
    labelNames: ['queue', 'state'] as const,
    registers,
  }),
  jobDuration: new Histogram({
    name: 'portal_job_duration_seconds',
    help: 'Job attempts run by this process, by queue and outcome (completed, failed, not_ready)',
    labelNames: ['queue', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
    registers,
  }),
  jobFailures: new Counter({
    name: 'portal_job_failures_total',
    help: 'Failed job attempts by queue; final=true when no retry follows',
    labelNames: ['queue', 'final'] as const,
    registers,
  }),
  questionsDrafted: new Counter({
    name: 'portal_questions_drafted_total',
    help: 'Questions drafted, by where the draft came from (library, documents, model; none: no evidence found)',
    labelNames: ['source'] as const,
    registers,
  }),
  busPublished: new Counter({
    name: 'portal_bus_events_published_total',
    help: 'Events published on the bus, by event (the subject without its tenant)',
    labelNames: ['event'] as const,
    registers,
  }),
}

let processMetrics = false
/** Node's process metrics (CPU, memory, event loop, GC), once per process. */
export function collectProcessMetrics(): void {
  if (processMetrics) return
  processMetrics = true
  collectDefaultMetrics({ register: metricsRegistry })
}

/** `<tenant>.<thing>.<happened>` → `thing.happened`: a label of bounded cardinality. */
export function eventLabel(subject: string): string {
  return subject.split('.').slice(-2).join('.')
}

export type QueueCounts = Record<string, { waiting: number; active: number; delayed: number }>

/** The registry as Prometheus text; `depth` reads the queue adapter's counts for this scrape. */
export async function renderMetrics(depth?: () => Promise<QueueCounts>): Promise<{ contentType: string; body: string }> {
  const counts = await depth?.().catch(() => undefined)
  metrics.queueDepth.reset()
  for (const [queue, c] of Object.entries(counts ?? {})) {
    for (const state of ['waiting', 'active', 'delayed'] as const) metrics.queueDepth.set({ queue, state }, c[state])
  }
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() }
}
