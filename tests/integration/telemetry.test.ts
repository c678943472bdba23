// Tracing across processes: the portal split in three (gateway; the HTTP services; the workers), each
// a child process started as in production (`node --import tsx services/host/src/main.ts`) against
// the machine's PostgreSQL, Redis and NATS, exporting to an OTLP/HTTP receiver on loopback. One
// questionnaire upload through the gateway must arrive as ONE trace: gateway → questionnaire service →
// queue → ingest worker. Their stdout must be JSON lines naming the request, trace, tenant and job.
// jest.config.mjs runs it where the real servers are configured (CI sets them).
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createScratchDatabase } from '@portal/db'
import { freePort, until } from '../support/portal.js'
import { companyWithClient, type ServiceProcess, startService } from '../support/service-process.js'

const ROOT = process.cwd()
const CAIQ = path.join(ROOT, 'tests/fixtures/questionnaires/csa-caiq-v1.1-09-01-2011.xlsx')

interface Span {
  service: string
  name: string
  kind: number
  traceId: string
  spanId: string
  parentSpanId: string | undefined
  scope: string
  /** Its attributes, as the receiver got them (JSON). */
  attributes: string
}
const KIND = { SERVER: 2, CLIENT: 3, PRODUCER: 4, CONSUMER: 5 }

/** An OTLP/HTTP receiver: POST /v1/traces with JSON bodies (the http exporter's protocol). */
async function startReceiver(): Promise<{ url: string; spans: Span[]; close(): Promise<void> }> {
  const spans: Span[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as {
          resourceSpans?: {
            resource: { attributes: { key: string; value: { stringValue?: string } }[] }
            scopeSpans: {
              scope: { name: string }
              spans: { name: string; kind: number; traceId: string; spanId: string; parentSpanId?: string; attributes?: unknown }[]
            }[]
          }[]
        }
        for (const rs of body.resourceSpans ?? []) {
          const service = rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? ''
          for (const ss of rs.scopeSpans) {
            for (const s of ss.spans)
              spans.push({
                service,
                scope: ss.scope.name,
                name: s.name,
                kind: s.kind,
                traceId: s.traceId,
                spanId: s.spanId,
                parentSpanId: s.parentSpanId || undefined,
                attributes: JSON.stringify(s.attributes ?? []),
              })
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as { port: number }
  return { url: `http://127.0.0.1:${port}`, spans, close: () => new Promise<void>((r) => server.close(() => r())) }
}

/** Every process started, so that none outlives the suite (when one fails to start, the others too). */
const started: ServiceProcess[] = []
const startChild = (env: Record<string, string>, port?: number) =>
  // Three at once on a busy machine: up to 80 s.
  startService(env['TARGET']!, env, 80_000, port === undefined ? {} : { port }).then((p) => {
    started.push(p)
    return p
  })

const json = (lines: string[]) => lines.filter((l) => l.trim()).map((l) => JSON.parse(l) as Record<string, unknown>)

describe('one trace across processes (PostgreSQL + Redis + NATS)', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  let database: { url: string; drop(): Promise<void> }
  let dataDir: string
  let services: ServiceProcess
  let workers: ServiceProcess
  let gateway: ServiceProcess
  /** METRICS_PORT of services, gateway and workers. */
  let metricsPorts: number[]

  beforeAll(async () => {
    receiver = await startReceiver()
    database = await createScratchDatabase(process.env['TEST_DATABASE_URL']!)
    // One folder for all three: without S3 the uploaded file is a file the worker reads.
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-otel-'))
    const run = crypto.randomUUID().slice(0, 8)
    const common = {
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      REDIS_URL: process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379',
      NATS_URL: process.env['NATS_URL']!,
      QUEUE_PREFIX: `it-otel-${run}`,
      BUS_PREFIX: `it-otel-${run}`, // no other suite on this NATS hears these events
      SEED_DEMO: 'false',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_BSP_SCHEDULE_DELAY: '200', // spans leave within a fifth of a second
    }
    // All three at once: the others find the services' port when they first call it.
    const servicesPort = await freePort()
    const servicesUrl = `http://127.0.0.1:${servicesPort}`
    const upstreams = { IDENTITY_URL: servicesUrl, TRUST_CENTER_URL: servicesUrl, QUESTIONNAIRE_URL: servicesUrl, OUTBOUND_URL: servicesUrl }
    metricsPorts = [await freePort(), await freePort(), await freePort()]
    const metrics = (i: number) => ({ METRICS_PORT: String(metricsPorts[i]) })
    ;[services, gateway, workers] = await Promise.all([
      startChild({ ...common, ...metrics(0), TARGET: 'identity,trust-center,questionnaire,outbound' }, servicesPort),
      startChild({ ...common, ...metrics(1), TARGET: 'gateway', ...upstreams }),
      startChild({ ...common, ...metrics(2), TARGET: 'ingest-worker', IDENTITY_URL: servicesUrl }),
    ])
  }, 100_000)
  afterAll(async () => {
    await Promise.all(started.map((p) => p.stop('SIGTERM', 10_000)))
    await receiver?.close()
    await database?.drop()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  }, 30_000)

  let requestId: string
  let tenantId: string

  it('traces a questionnaire upload from the gateway through the queue to the worker', async () => {
    const base = gateway.url
    const { auth, token, companyId } = await companyWithClient(base, 'trace@trace-corp.example', 'Traced Bank')

    const form = new FormData()
    form.append('company_id', companyId)
    form.append('files', new Blob([new Uint8Array(await readFile(CAIQ))]), 'caiq.xlsx')
    const upload = await fetch(`${base}/api/questionnaires/save`, { method: 'POST', headers: auth, body: form })
    expect(upload.status).toBeLessThan(300)
    requestId = upload.headers.get('x-request-id')!

    // The worker's span descends, parent by parent, from the gateway's server span, the trace's root
    // (waited for until every hop has arrived: each process sends its spans on its own schedule).
    const chain = await until(
      "the upload's trace, from the worker's span up to its root",
      async () => {
        const consumer = receiver.spans.find((s) => s.kind === KIND.CONSUMER && s.name === 'process extract-questions')
        const byId = new Map(receiver.spans.map((s) => [s.spanId, s]))
        const up: Span[] = []
        for (let s: Span | undefined = consumer; s; s = s.parentSpanId ? byId.get(s.parentSpanId) : undefined) up.unshift(s)
        return up.length && !up[0]!.parentSpanId ? up : undefined
      },
      30_000,
    )
    const consumer = chain.at(-1)!
    const trace = receiver.spans.filter((s) => s.traceId === consumer.traceId)
    expect(chain[0]).toMatchObject({ service: 'trust-portal-gateway', kind: KIND.SERVER, name: expect.stringMatching(/^POST/) })
    const hops = chain.map((s) => `${s.service}:${s.kind}:${s.name}`)
    const servicesName = 'trust-portal-identity+trust-center+questionnaire+outbound'
    expect(chain.some((s) => s.service === 'trust-portal-gateway' && s.kind === KIND.CLIENT)).toBe(true) // the forwarding
    expect(chain.some((s) => s.service === servicesName && s.kind === KIND.SERVER)).toBe(true)
    expect(hops).toContain(`${servicesName}:${KIND.PRODUCER}:publish extract-questions`)
    expect(consumer.service).toBe('trust-portal-ingest-worker')

    // The database and Redis work of the request and of the job are in the same trace.
    expect(trace.some((s) => s.service === servicesName && s.scope.includes('instrumentation-pg'))).toBe(true)
    expect(trace.some((s) => s.service === servicesName && s.scope.includes('instrumentation-ioredis'))).toBe(true)
    expect(trace.some((s) => s.service === 'trust-portal-ingest-worker' && s.scope.includes('instrumentation-pg'))).toBe(true)
    tenantId = await tenantOf(token)
  })

  it('writes JSON lines only, with the request id the gateway passed on, the trace and the tenant', async () => {
    const traceId = receiver.spans.find((s) => s.kind === KIND.CONSUMER && s.name === 'process extract-questions')!.traceId
    for (const child of [gateway, services, workers]) expect(() => json(child.stdout())).not.toThrow()
    const gatewayLines = json(gateway.stdout()).filter((l) => l['reqId'] === requestId)
    const serviceLines = json(services.stdout()).filter((l) => l['reqId'] === requestId)
    expect(gatewayLines.length).toBeGreaterThan(0)
    expect(serviceLines.length).toBeGreaterThan(0) // the same id, one process further
    expect(serviceLines.every((l) => l['traceId'] === traceId)).toBe(true)
    expect(serviceLines.some((l) => l['tenantId'] === tenantId)).toBe(true)
    expect(json(gateway.stdout()).some((l) => l['msg'] === 'listening')).toBe(true) // the banner, as JSON
    const jobLines = json(workers.stdout()).filter((l) => l['queue'] === 'extract-questions' && typeof l['jobId'] === 'string')
    expect(jobLines.some((l) => l['tenantId'] === tenantId && l['traceId'] === traceId)).toBe(true)
  })

  it('records no capability in a span: mailed links opened through the gateway are redacted as in the log (issue 22)', async () => {
    const capability = `cap-${crypto.randomUUID()}`
    const invite = `inv-${crypto.randomUUID()}`
    await fetch(`${gateway.url}/inbound/review/${capability}`)
    await fetch(`${gateway.url}/signup?invite=${invite}`)
    await fetch(`${gateway.url}/api/inbound/${capability}`)
    // The gateway's and the service's spans of the exchange (by its route), flushed within a fifth of a
    // second; the gateway's spans of the pages ended before, so they were sent with them or earlier.
    await until('the spans of the link exchange', async () =>
      new Set(receiver.spans.filter((s) => s.attributes.includes('/api/inbound/:capability')).map((s) => s.service)).size >= 2 ? true : undefined,
    )
    expect(receiver.spans.filter((s) => s.attributes.includes(capability) || s.attributes.includes(invite)).map((s) => s.attributes)).toEqual([])
  })

  it("answers /metrics in each process on its metrics port only: the gateway its own, never a service's", async () => {
    for (const c of [gateway, services]) expect(await (await fetch(`${c.url}/metrics`)).text()).not.toContain('portal_http_request_duration_seconds')
    const [svc, gw, wk] = await Promise.all(
      metricsPorts.map(async (port) => {
        const res = await fetch(`http://127.0.0.1:${port}/metrics`)
        expect(res.status).toBe(200)
        expect(res.headers.get('content-type')).toMatch(/^text\/plain/)
        return res.text()
      }),
    )
    // The gateway forwards by the routes the services declare: its series name the same route as the service's.
    expect(gw).toMatch(/portal_http_request_duration_seconds_count\{method="POST",route="\/api\/questionnaires\/save",status_code="20\d"\}/)
    expect(gw).not.toMatch(/portal_bus_events_published_total\{/)
    expect(svc).toMatch(/portal_http_request_duration_seconds_count\{method="POST",route="\/api\/questionnaires\/save",status_code="20\d"\}/)
    expect(svc).toMatch(/portal_queue_jobs\{queue="extract-questions",state="waiting"\}/)
    expect(wk).toMatch(/portal_job_duration_seconds_count\{queue="extract-questions",outcome="completed"\}/)
  })
})

/** The tenant id inside the access token (its `tid` claim). */
async function tenantOf(token: string): Promise<string> {
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { tid: string }
  return payload.tid
}
