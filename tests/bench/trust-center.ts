// Prints the figures the trust center's public page is held to (run: pnpm bench:trust-center).
// Not a test: it measures and reports, with the targets beside the figures.
//   GET /api/trustcenteruser on host demo.localhost, 100 keep-alive connections for ~5 s, against a
//   bare Fastify route sending a JSON body of the same size in the same run:
//   requests/s >= 50 % of the bare route's, p99 < 20 ms.
//   GET / on the same host: the page rendered on the server (gateway, React renderToString, cached
//   per content version), against the same bare route: requests/s >= 50 % of the bare route's.
//   Also the gzipped size of the public bundle's JavaScript (web/dist/trust.html), when built.
// The load runs in a child process so that client and server share neither event loop nor heap.
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { spawn } from 'node:child_process'
import { gzipSync } from 'node:zlib'
import { loadConfig } from '@portal/config'
import { silentLogger } from '@portal/observability'
import { startPortal } from '@portal/svc-host'

const CONNECTIONS = 100
const SECONDS = 5
const WARMUP_SECONDS = 1
const row = (label: string, value: string, target = '') => console.log(`${label.padEnd(58)} ${value.padStart(14)}   ${target}`)

// The load loop, as plain JavaScript for the worker: N connections each send the next request as
// soon as the previous answer has been read; latencies are kept for the percentile.
const loadLoop = `
const http = require('node:http')
const { port, host, path, connections, seconds, warmup, headers: extra } = JSON.parse(process.argv[1])
const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
const once = () => new Promise((resolve, reject) => {
  const t0 = performance.now()
  const req = http.request({ host: '127.0.0.1', port, path, agent, headers: { host, ...extra } }, (res) => {
    let bytes = 0
    res.on('data', (c) => { bytes += c.length })
    res.on('end', () => resolve({ ms: performance.now() - t0, status: res.statusCode, bytes }))
  })
  req.on('error', reject)
  req.end()
})
async function run(duration, record) {
  const end = performance.now() + duration * 1000
  const lat = []
  let errors = 0, non2xx = 0, bytes = 0
  await Promise.all(Array.from({ length: connections }, async () => {
    while (performance.now() < end) {
      try {
        const r = await once()
        if (record) { lat.push(r.ms); bytes += r.bytes; if (r.status !== 200) non2xx++ }
      } catch { errors++ }
    }
  }))
  return { lat, errors, non2xx, bytes }
}
;(async () => {
  await run(warmup, false)
  const t0 = performance.now()
  const { lat, errors, non2xx, bytes } = await run(seconds, true)
  const elapsed = (performance.now() - t0) / 1000
  lat.sort((a, b) => a - b)
  const pct = (p) => lat[Math.min(lat.length - 1, Math.floor(lat.length * p))] ?? 0
  agent.destroy()
  process.stdout.write(JSON.stringify({ rps: lat.length / elapsed, p50: pct(0.5), p99: pct(0.99), requests: lat.length, errors, non2xx, avgBytes: lat.length ? bytes / lat.length : 0 }))
})()
`

interface LoadResult {
  rps: number
  p50: number
  p99: number
  requests: number
  errors: number
  non2xx: number
  avgBytes: number
}

function load(port: number, host: string, urlPath: string, headers: Record<string, string> = {}): Promise<LoadResult> {
  const args = JSON.stringify({ port, host, path: urlPath, connections: CONNECTIONS, seconds: SECONDS, warmup: WARMUP_SECONDS, headers })
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', loadLoop, args], { stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString()
    })
    child.once('error', reject)
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as LoadResult) : reject(new Error(`load generator exited with ${code}`))))
  })
}

type BareFastify = (opts: { logger: false }) => {
  get(path: string, handler: () => Promise<unknown>): void
  listen(opts: { port: number; host: string }): Promise<string>
  close(): Promise<void>
  server: { address(): unknown }
}

/** A second, bare Fastify (no hooks, no plugins) sending the same body as an object: the baseline. */
/** One row per load run: requests per second, latency, and errors when there were any. */
function printLoads(...runs: [label: string, r: LoadResult][]): void {
  for (const [label, r] of runs) {
    row(
      `  ${label}`,
      `${r.rps.toFixed(0)} req/s`,
      `p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, ${r.requests} requests${r.errors || r.non2xx ? `, ${r.errors} errors, ${r.non2xx} non-200` : ''}`,
    )
  }
}

async function bareServer(body: unknown) {
  const fastifyPath = createRequire(path.resolve('services/host/package.json')).resolve('fastify')
  const { default: Fastify } = (await import(pathToFileURL(fastifyPath).href)) as { default: BareFastify }
  const app = Fastify({ logger: false })
  app.get('/bare', async () => body)
  await app.listen({ port: 0, host: '127.0.0.1' })
  return { app, port: (app.server.address() as { port: number }).port }
}

/** The demo questionnaire is drafted in the background at start-up: measure once that is done. */
async function waitForDemoDrafting(inject: (o: object) => Promise<{ json<T>(): T }>) {
  const login = await inject({ method: 'POST', url: '/api/userlogin', payload: { email: 'admin@demo.example', password: portal.demo!.password } })
  const headers = { authorization: `Bearer ${login.json<{ data: { token: string } }>().data.token}` }
  const client = (await inject({ url: '/api/companys', headers })).json<{ data: { _id: string }[] }>().data[0]
  for (let i = 0; i < 300 && client; i++) {
    const q = (await inject({ url: `/api/questionnaires/${client._id}`, headers })).json<{ data: { total: number; drafted: number }[] }>().data[0]
    if (q && q.total > 0 && q.drafted === q.total) return
    await new Promise((r) => setTimeout(r, 200))
  }
}

async function publicBundleSize(): Promise<void> {
  const dist = path.resolve('web/dist')
  const html = path.join(dist, 'trust.html')
  if (!existsSync(html)) {
    row('Public bundle (web/dist/trust.html)', 'not built', 'build the web app to measure')
    return
  }
  const text = await readFile(html, 'utf8')
  // The entry and what it loads, statically or later (it imports React once the page has loaded).
  const files = new Set([...text.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map((m) => m[1]!.replace(/^\//, '')))
  let raw = 0
  let gzipped = 0
  for (const f of files) {
    const buf = await readFile(path.join(dist, f))
    raw += buf.length
    gzipped += gzipSync(buf, { level: 9 }).length
    for (const m of buf.toString('utf8').matchAll(/(?:from|import\()\s*["'`]\.\/([\w.-]+\.js)["'`]/g)) files.add(path.posix.join(path.posix.dirname(f), m[1]!))
  }
  row(
    `Public page JS (${files.size} files from trust.html, lazy ones included)`,
    `${(gzipped / 1024).toFixed(1)} KiB gz`,
    `(${(raw / 1024).toFixed(1)} KiB raw)`,
  )
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-tc-'))
const portal = await startPortal(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'true', PORT: '3000' }), silentLogger)
try {
  await waitForDemoDrafting((o) => portal.server.inject(o))
  await portal.server.listen({ port: 0, host: '127.0.0.1' })
  const port = (portal.server.server.address() as { port: number }).port
  const sample = await portal.server.inject({ url: '/api/trustcenteruser', headers: { host: 'demo.localhost' } })
  if (sample.statusCode !== 200) throw new Error(`demo trust center not served: ${sample.statusCode} ${sample.body}`)
  const bare = await bareServer(sample.json())

  console.log(
    `\nGET /api/trustcenteruser (host demo.localhost, ${sample.body.length} bytes), ${CONNECTIONS} connections, ${SECONDS} s after ${WARMUP_SECONDS} s warm-up`,
  )
  const baseline = await load(bare.port, 'localhost', '/bare')
  const page = await load(port, 'demo.localhost', '/api/trustcenteruser')
  await bare.app.close()
  printLoads(['bare Fastify route, same JSON', baseline], ['trust center public page', page])
  const ratio = page.rps / baseline.rps
  row('  ratio (page / bare)', `${(ratio * 100).toFixed(0)} %`, ratio >= 0.5 ? 'ok (>= 50 %)' : 'UNDER 50 %')
  row('  p99 of the page', `${page.p99.toFixed(2)} ms`, page.p99 < 20 ? 'ok (< 20 ms)' : 'OVER 20 ms')

  // The page as browsers get it: rendered on the server, brotli (what a browser accepts).
  const html = await portal.server.inject({ url: '/', headers: { host: 'demo.localhost', 'accept-encoding': 'gzip, deflate, br' } })
  if (html.statusCode !== 200 || !String(html.headers['content-type']).includes('text/html')) throw new Error(`demo page not rendered: ${html.statusCode}`)
  const plain = await portal.server.inject({ url: '/', headers: { host: 'demo.localhost' } })
  if (!plain.body.includes('id="tc-data"'))
    throw new Error('the demo page is not rendered on the server (web/dist/server/trust-ssr.mjs missing? build the web app)')
  console.log(`\nGET / (host demo.localhost, server-rendered HTML: ${plain.rawPayload.length} bytes, ${html.rawPayload.length} bytes brotli), same load`)
  const ssrBare = await bareServer(sample.json())
  const baseline2 = await load(ssrBare.port, 'localhost', '/bare')
  const ssr = await load(port, 'demo.localhost', '/', { 'accept-encoding': 'gzip, deflate, br' })
  await ssrBare.app.close()
  printLoads(['bare Fastify route, same JSON', baseline2], ['server-rendered trust center page', ssr])
  const ssrRatio = ssr.rps / baseline2.rps
  row('  ratio (server-rendered page / bare)', `${(ssrRatio * 100).toFixed(0)} %`, ssrRatio >= 0.5 ? 'ok (>= 50 %)' : 'UNDER 50 %')
  console.log('')
  await publicBundleSize()
} finally {
  await portal.stop()
  await rm(dataDir, { recursive: true, force: true })
}
