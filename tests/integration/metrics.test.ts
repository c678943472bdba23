// /metrics in Prometheus text with the portal's metrics and Node's, on the metrics port only (never
// the public one, whatever the request's headers), and log lines as JSON naming their request, tenant
// and job: the whole portal in this process, its log captured through the logger's destination. Then
// a service alone in its process (split mode), where the machine's servers are configured.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { loadConfig } from '@portal/config'
import { createLogger } from '@portal/observability'
import { type MetricsServer, type Portal, startMetricsServer, startPortal } from '@portal/svc-host'
import { readOutbox } from '@portal/mail'
import { call, callAs, formOf, refreshCookieOf, type SignedUp, signUp, startTestPortal, type TestPortal, until, verificationToken } from '../support/portal.js'

const CAIQ = path.resolve(process.cwd(), 'tests/fixtures/questionnaires/csa-caiq-v1.1-09-01-2011.xlsx')
const VSA = path.resolve(process.cwd(), 'tests/fixtures/questionnaires/built/vsa-core.xlsx')

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
  let metricsServer: MetricsServer
  let logger: ReturnType<typeof createLogger>
  const lines: Record<string, unknown>[] = []

  beforeAll(async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-metrics-'))
    const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'info', PORT: '3000', METRICS_PORT: '0' })
    // Every line the portal logs, as it would reach stdout.
    logger = createLogger(config, {}, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) })
    const portal: Portal = await startPortal(config, logger)
    await portal.server.listen({ port: 0, host: '127.0.0.1' })
    metricsServer = (await startMetricsServer(config, portal.ctx, logger))!
    const { port } = portal.server.server.address() as { port: number }
    tp = {
      portal,
      dataDir,
      url: `http://127.0.0.1:${port}`,
      stop: async () => {
        await metricsServer.close()
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

  it("answers /metrics in Prometheus text with the portal's and the process's metrics, on the metrics port only", async () => {
    // The public port has none, whatever the request says of where it came from (issue 22: X-Real-IP or a direct call got them).
    for (const headers of [{}, { 'x-real-ip': '203.0.113.9' }, { 'x-forwarded-for': '203.0.113.9' }] as Record<string, string>[]) {
      const pub = await fetch(`${tp.url}/metrics`, { headers })
      expect(pub.headers.get('content-type')).not.toMatch(/^text\/plain; version=0\.0\.4/)
      expect(await pub.text()).not.toContain('portal_http_request_duration_seconds')
    }
    expect((await fetch(`http://127.0.0.1:${metricsServer.port}/other`)).status).toBe(404)
    const res = await fetch(`http://127.0.0.1:${metricsServer.port}/metrics`)
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

  it('leaves a taken default METRICS_PORT with a warning (many portals on one machine), and refuses a taken explicit one', async () => {
    const taken = { host: '127.0.0.1', metrics: { port: metricsServer.port, explicit: false } }
    await expect(startMetricsServer(taken, {}, logger)).resolves.toBeUndefined()
    expect(lines.some((l) => l['level'] === 40 && String(l['msg']).includes(`the default METRICS_PORT ${metricsServer.port} is taken`))).toBe(true)
    await expect(startMetricsServer({ ...taken, metrics: { port: metricsServer.port, explicit: true } }, {}, logger)).rejects.toThrow(
      `cannot serve metrics on 127.0.0.1:${metricsServer.port}`,
    )
    await expect(startMetricsServer(loadConfig({ METRICS_PORT: 'off' }), {}, logger)).resolves.toBeUndefined()
  })

  it('writes no token of a mailed link to its log: verification, invite, inbound link, access link, subscription, reset (issue 22)', async () => {
    const minted: string[] = []
    /** The last mail to `to` whose text matches `pattern`: its first group, kept as a secret to look for. */
    const mailed = (to: string, pattern: RegExp) =>
      until(`a link mailed to ${to}`, async () => {
        const found = (await readOutbox(tp.dataDir, to))
          .map((m) => pattern.exec(m.text)?.[1])
          .filter(Boolean)
          .at(-1)
        if (found) minted.push(found)
        return found
      })
    /** Opens a mailed link as a browser does: its path and query (never its fragment), on its host. */
    const open = async (link: string) => {
      const url = new URL(link)
      return call(tp, 'GET', `${url.pathname}${url.search}`, { headers: { host: url.host } })
    }
    const linkTo = (to: string, pattern: RegExp) =>
      until(`a link mailed to ${to}`, async () =>
        (await readOutbox(tp.dataDir, to))
          .map((m) => pattern.exec(m.text)?.[0])
          .filter(Boolean)
          .at(-1),
      )

    // Verification: /verify-email?token=…
    const signed = await call(tp, 'POST', '/api/usercreate', {
      body: { firstName: 'Lea', lastName: 'Logs', email: 'lea@log-corp.example', password: 'Str0ng!pass', cnfpassword: 'Str0ng!pass' },
    })
    minted.push(await verificationToken(tp, 'lea@log-corp.example'))
    await open((await linkTo('lea@log-corp.example', /\S+\/verify-email\?token=[\w-]+/))!)
    expect((await call(tp, 'POST', '/api/user/verify-email', { body: { token: minted.at(-1) } })).status).toBe(200)
    const renewed = await call(tp, 'POST', '/api/token/refresh', { cookie: refreshCookieOf(signed.headers) })
    const lea = {
      ...(signed.body.data as { _id: string; dbName: string }),
      userId: '',
      email: 'lea@log-corp.example',
      token: (renewed.body.data as { token: string }).token,
    }

    // Invite: /signup?invite=…, then the page's calls.
    expect((await callAs(tp, lea, 'POST', '/api/people/invite', { email: 'max@log-corp.example' })).status).toBe(201)
    const invite = await mailed('max@log-corp.example', /invite=([\w-]+)/)
    await open((await linkTo('max@log-corp.example', /\S+\/signup\?invite=[\w-]+/))!)
    expect((await call(tp, 'GET', `/api/people/invite/${invite}`)).status).toBe(200)
    const joined = await call(tp, 'POST', '/api/usercreate/people', {
      body: { firstName: 'Max', lastName: 'Logs', email: 'max@log-corp.example', password: 'Str0ng!pass', cnfpassword: 'Str0ng!pass', inviteToken: invite },
    })
    expect(joined.status).toBe(201)

    // Inbound link: /inbound/review/…, then the page's exchange.
    const sent = await callAs(
      tp,
      lea,
      'POST',
      '/api/outbound/save',
      formOf({ clientName: 'Logged Client', email: 'cio@logged-client.example' }, [['vsa.xlsx', await readFile(VSA)]]),
    )
    expect(sent.status).toBe(201)
    const capability = await mailed('cio@logged-client.example', /\/inbound\/review\/([\w-]+)/)
    await open((await linkTo('cio@logged-client.example', /\S+\/inbound\/review\/[\w-]+/))!)
    expect((await fetch(`${tp.url}/api/inbound/${capability}`)).status).toBe(200)

    // Access link: a visitor's request approved, /#access=…&email=…, then the page's check.
    expect((await callAs(tp, lea, 'POST', '/api/fs/add-cname', { subdomain: 'logcorp' })).status).toBe(200)
    const host = { host: 'logcorp.localhost' }
    const visitor = { firstName: 'Vic', lastName: 'Visitor', companyName: 'Buyer', relationshpLinkedIn: 'Customer', workEmail: 'vic@buyer.example' }
    expect((await call(tp, 'POST', '/api/useraccessrequest', { headers: host, body: visitor })).status).toBe(201)
    const request = ((await callAs(tp, lea, 'GET', '/api/accountsrequest?pageSize=100')).json.data as { _id: string }[])[0]!
    expect((await callAs(tp, lea, 'PUT', `/api/accountsapprove/${request._id}`, { Approved: 'approved' })).status).toBe(200)
    const access = await mailed('vic@buyer.example', /#access=([\w-]+)/)
    await open((await linkTo('vic@buyer.example', /\S+\/#access=\S+/))!)
    expect((await call(tp, 'POST', '/api/useraccesscheck', { headers: host, body: { permissionToken: access } })).status).toBe(200)

    // Subscription: confirm and unsubscribe links.
    expect((await call(tp, 'POST', '/api/trust-center/updates/subscribe', { headers: host, body: { email: 'sub@buyer.example' } })).status).toBeLessThan(300)
    const confirm = await mailed('sub@buyer.example', /#confirm-updates=([\w-]+)/)
    const leave = await mailed('sub@buyer.example', /#unsubscribe-updates=([\w-]+)/)
    await open((await linkTo('sub@buyer.example', /\S+\/#confirm-updates=[\w-]+/))!)
    expect((await call(tp, 'POST', '/api/trust-center/updates/confirm', { headers: host, body: { token: confirm } })).status).toBe(200)
    expect((await call(tp, 'POST', '/api/trust-center/updates/unsubscribe', { headers: host, body: { token: leave } })).status).toBe(200)

    // Reset: the mailed code, then the reset token it is exchanged for.
    expect((await call(tp, 'POST', '/api/user/forgotpassword', { body: { email: 'max@log-corp.example' } })).status).toBe(200)
    const code = await mailed('max@log-corp.example', /reset code is (\d+)/)
    const validated = await call(tp, 'POST', '/api/user/otpvalidation', { body: { email: 'max@log-corp.example', otp: code } })
    const resetToken = (validated.body.data as { resetToken: string }).resetToken
    minted.push(resetToken)
    const body = { email: 'max@log-corp.example', password: 'N3w!Harbor42', cnfpassword: 'N3w!Harbor42', resetToken }
    expect((await call(tp, 'POST', '/api/user/changepassword', { body })).status).toBe(200)

    expect(minted).toHaveLength(8)
    const logged = lines.map((l) => JSON.stringify(l))
    expect(logged.some((l) => l.includes('[redacted]'))).toBe(true) // the links were opened, and logged
    // A 4-digit code could be any number in the log: it must not appear as a value.
    const shows = (line: string, secret: string) => (/^\d+$/.test(secret) ? new RegExp(`["=]${secret}["&]`).test(line) : line.includes(secret))
    expect(logged.filter((line) => minted.some((secret) => shows(line, secret)))).toEqual([])
  })

  it("keeps a request id it was given and writes it, and the tenant, on the request's lines", async () => {
    const res = await fetch(`${tp.url}/api/companys`, {
      headers: { authorization: `Bearer ${alice.token}`, dbname: alice.dbName, 'x-request-id': 'edge-4f1c2a9b' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('x-request-id')).toBe('edge-4f1c2a9b')
    const mine = lines.filter((l) => l['reqId'] === 'edge-4f1c2a9b')
    // One line per request at info (packages/http request-log.ts).
    expect(mine.map((l) => l['msg'])).toEqual(['request completed'])
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
      const metricsServer = (await startMetricsServer({ host: '127.0.0.1', metrics: { port: 0, explicit: true } }, tp.portal.ctx, tp.portal.ctx.logger))!
      const res = await fetch(`http://127.0.0.1:${metricsServer.port}/metrics`).finally(() => metricsServer.close())
      expect(res.status).toBe(200)
      const { names, samples } = parsePrometheus(await res.text())
      for (const name of [...PORTAL_METRICS, ...PROCESS_METRICS]) expect(names).toContain(name)
      expect(samples.find((s) => s.name === 'portal_queue_jobs' && s.labels === '{queue="extract-questions",state="waiting"}')?.value).toBe(1)
    })
  })
