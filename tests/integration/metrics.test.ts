// /metrics in Prometheus text (never the web app's page) with the portal's metrics and Node's, and
// log lines as JSON naming their request, tenant and job: the whole portal in this process, its log
// captured through the logger's destination. Then a service alone in its process (split mode), where
// the machine's servers are configured.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { loadConfig } from '@portal/config'
import { createLogger } from '@portal/observability'
import { type Portal, startPortal } from '@portal/svc-host'
import { callAs, type SignedUp, signUp, startTestPortal, type TestPortal } from '../support/portal.js'

const CAIQ = path.resolve(process.cwd(), 'tests/fixtures/questionnaires/csa-caiq-v1.1-09-01-2011.xlsx')

const SAMPLE =
  /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[a-zA-Z_][a-zA-Z0-9_]*="(?:\\.|[^"\\])*"(?:,[a-zA-Z_][a-zA-Z0-9_]*="(?:\\.|[^"\\])*")*\})? (-?[0-9.e+-]+|NaN|[+-]Inf)( -?\d+)?$/

/** Prometheus text exposition, checked line by line: the sample names, or an error naming the bad line. */
function parsePrometheus(text: string): { names: Set<string>; samples: { name: string; labels: string; value: number }[] } {
  const names = new Set<string>()
  const samples: { name: string; labels: string; value: number }[] = []
  for (const line of text.split('\n')) {
    if (line === '') continue
    if (line.startsWith('#')) {
      const m = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) .+$/.exec(line)
      if (!m) throw new Error(`not a HELP/TYPE line: ${line}`)
      names.add(m[2]!)
      continue
    }
    const m = SAMPLE.exec(line)
    if (!m) throw new Error(`not a sample line: ${line}`)
    samples.push({ name: m[1]!, labels: m[2] ?? '', value: Number(m[3]) })
  }
  return { names, samples }
}

const PORTAL_METRICS = [
  'portal_http_request_duration_seconds',
  'portal_queue_jobs',
  'portal_job_duration_seconds',
  'portal_job_failures_total',
  'portal_questions_drafted_total',
  'portal_bus_events_published_total',
]
const PROCESS_METRICS = ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes']

describe('metrics and logs of the whole portal (TARGET=all)', () => {
  let tp: TestPortal
  let alice: SignedUp
  const lines: Record<string, unknown>[] = []

  beforeAll(async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-metrics-'))
    const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'info', PORT: '3000' })
    // Every line the portal logs, as it would reach stdout.
    const logger = createLogger(config, {}, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) })
    const portal: Portal = await startPortal(config, logger)
    await portal.server.listen({ port: 0, host: '127.0.0.1' })
    const { port } = portal.server.server.address() as { port: number }
    tp = {
      portal,
      dataDir,
      url: `http://127.0.0.1:${port}`,
      stop: async () => {
        await portal.stop()
        await rm(dataDir, { recursive: true, force: true })
      },
    }
    alice = await signUp(tp, 'alice@metrics-corp.example')
    const company = await callAs(tp, alice, 'POST', '/api/companys', {
      companyName: 'Measured Bank',
      compliance_bucket: 'compliance',
      questionnaires_bucket: 'questionnaires',
    })
    const form = new FormData()
    form.append('company_id', (company.json.data as { _id: string })._id)
    form.append('files', new Blob([new Uint8Array(await readFile(CAIQ))]), 'caiq.xlsx')
    expect((await callAs(tp, alice, 'POST', '/api/questionnaires/save', form)).status).toBeLessThan(300)
    // Extraction, then drafting (the offline drafter): each queue once empty.
    await portal.ctx.queue!.drain('extract-questions')
    await portal.ctx.queue!.drain('draft-answers')
  })
  afterAll(async () => tp?.stop())

  it("answers /metrics in Prometheus text with the portal's and the process's metrics", async () => {
    // Not to a request that came through a proxy (the ingress): only the scraper calling the pod gets them.
    expect((await fetch(`${tp.url}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(404)
    const res = await fetch(`${tp.url}/metrics`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/) // not the web app's HTML
    const { names, samples } = parsePrometheus(await res.text())
    for (const name of [...PORTAL_METRICS, ...PROCESS_METRICS]) expect(names).toContain(name)
    const value = (name: string, labels: RegExp) => samples.filter((s) => s.name === name && labels.test(s.labels)).reduce((sum, s) => sum + s.value, 0)
    expect(value('portal_http_request_duration_seconds_count', /route="\/api\/questionnaires\/save",status_code="20\d"/)).toBe(1)
    expect(value('portal_job_duration_seconds_count', /queue="extract-questions",outcome="completed"/)).toBeGreaterThanOrEqual(1)
    expect(value('portal_questions_drafted_total', /source=/)).toBeGreaterThan(10)
    expect(value('portal_bus_events_published_total', /event="questionnaire.drafted"/)).toBeGreaterThanOrEqual(1)
    // Depth is read at scrape time: every queue used, all empty now.
    expect(samples.filter((s) => s.name === 'portal_queue_jobs' && /queue="draft-answers"/.test(s.labels)).map((s) => s.value)).toEqual([0, 0, 0])
  })

  it("keeps a request id it was given and writes it, and the tenant, on the request's lines", async () => {
    const res = await fetch(`${tp.url}/api/companys`, {
      headers: { authorization: `Bearer ${alice.token}`, dbname: alice.dbName, 'x-request-id': 'edge-4f1c2a9b' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('x-request-id')).toBe('edge-4f1c2a9b')
    const mine = lines.filter((l) => l['reqId'] === 'edge-4f1c2a9b')
    expect(mine.map((l) => l['msg'])).toEqual(expect.arrayContaining(['incoming request', 'request completed']))
    const tenantId = (JSON.parse(Buffer.from(alice.token.split('.')[1]!, 'base64url').toString()) as { tid: string }).tid
    expect(mine.find((l) => l['msg'] === 'request completed')).toMatchObject({ tenantId })
    // An id that is not short and plain is replaced by one of ours.
    const odd = await fetch(`${tp.url}/healthz`, { headers: { 'x-request-id': '<b>spoofed id</b>' } })
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('names the job, its queue and tenant on the lines its work writes', () => {
    const jobLines = lines.filter((l) => typeof l['jobId'] === 'string')
    expect(jobLines.length).toBeGreaterThan(0)
    expect(jobLines.every((l) => typeof l['queue'] === 'string' && typeof l['tenantId'] === 'string')).toBe(true)
    expect(lines.every((l) => l['traceId'] === undefined)).toBe(true) // no SDK here: nothing to name
  })
})

const realServers = Boolean(process.env['TEST_DATABASE_URL'] && process.env['NATS_URL'] && process.env['REDIS_URL'])

// Only where the real servers are configured (CI sets them), as the other split-mode suites.
if (realServers)
  describe('metrics of a service alone in its process (split mode)', () => {
    let tp: TestPortal

    beforeAll(async () => {
      tp = await startTestPortal({
        db: 'pg',
        listen: true,
        env: {
          TARGET: 'questionnaire',
          IDENTITY_URL: 'http://127.0.0.1:9', // keys fetched on first use; none is needed here
          NATS_URL: process.env['NATS_URL']!,
          REDIS_URL: process.env['REDIS_URL']!,
          QUEUE_PREFIX: `it-metrics-${crypto.randomUUID()}`,
        },
      })
    })
    afterAll(async () => tp?.stop())

    it('answers its own /metrics, with the depth of the queues it adds to', async () => {
      await tp.portal.ctx.queue!.add('extract-questions', { probe: true }) // no worker here: it waits
      const res = await fetch(`${tp.url}/metrics`)
      expect(res.status).toBe(200)
      const { names, samples } = parsePrometheus(await res.text())
      for (const name of [...PORTAL_METRICS, ...PROCESS_METRICS]) expect(names).toContain(name)
      expect(samples.find((s) => s.name === 'portal_queue_jobs' && s.labels === '{queue="extract-questions",state="waiting"}')?.value).toBe(1)
    })
  })
