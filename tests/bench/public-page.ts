// Lighthouse (mobile) on the public trust center, as a visitor's phone gets it (run: pnpm bench:public-page).
// Not a test: it measures and reports, with the targets beside the figures. Starts a portal with the
// demo tenant (its trust center published on demo.localhost), then Debian's Chromium (CHROME_PATH or
// /usr/bin/chromium) headless, and runs Lighthouse's default mobile configuration (simulated slow 4G,
// 4x CPU slowdown, a phone's screen) against http://demo.localhost:<port>/.
//   Prints: the four category scores (target 100 each), FCP, LCP (target < 1.2 s), total bytes
//   transferred and the page's JavaScript (gzip, target <= 60 KB), and every audit that lost points.
// `RUNS=n` runs Lighthouse n times (default 1) and reports the median by performance score.
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { loadConfig } from '@portal/config'
import { silentLogger } from '@portal/observability'
import { startPortal } from '@portal/svc-host'
import lighthouse from 'lighthouse'

const CHROME = process.env['CHROME_PATH'] || '/usr/bin/chromium'
const RUNS = Math.max(1, Number(process.env['RUNS'] ?? 1) || 1)
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const row = (label: string, value: string, target = '') => console.log(`${label.padEnd(44)} ${value.padStart(14)}   ${target}`)

if (!existsSync(CHROME)) throw new Error(`Chromium not found at ${CHROME}: install Debian's chromium or set CHROME_PATH`)
if (!existsSync('web/dist/trust.html')) throw new Error('web/dist is not built: run `pnpm --filter @portal/web run build`')

/** Chromium with a DevTools port, headless, with the flags of every browser run here. */
async function startChromium(profile: string): Promise<{ port: number; stop(): void }> {
  const child = spawn(
    CHROME,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
      `--user-data-dir=${profile}`,
      '--remote-debugging-port=0',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  const port = await new Promise<number>((resolve, reject) => {
    let err = ''
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${err.slice(-500)}`)), 30_000)
    child.stderr!.on('data', (c: Buffer) => {
      err += c.toString()
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err)
      if (m) {
        clearTimeout(timer)
        resolve(Number(m[1]))
      }
    })
    child.once('exit', (code) => reject(new Error(`Chromium exited with ${code}: ${err.slice(-500)}`)))
  })
  return { port, stop: () => child.kill('SIGKILL') }
}

interface Item {
  url?: string
  resourceType?: string
  transferSize?: number
  resourceSize?: number
}

/** The gzip size of every script the page loaded, measured on the files themselves (the bundle's own figure). */
async function scriptsGzip(urls: string[]): Promise<{ files: number; gzip: number; raw: number }> {
  let gzip = 0
  let raw = 0
  for (const u of urls) {
    const file = path.join('web/dist', new URL(u).pathname)
    if (!existsSync(file)) continue
    const bytes = await readFile(file)
    raw += bytes.length
    gzip += gzipSync(bytes, { level: 9 }).length
  }
  return { files: urls.length, gzip, raw }
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-lh-'))
const profile = await mkdtemp(path.join(tmpdir(), 'portal-bench-chromium-'))
// The portal listens on a free port, which PUBLIC_URL names (the page's canonical address is built on it).
const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = probe.address() as { port: number }
    probe.close(() => resolve(p))
  })
})
const portal = await startPortal(
  loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'true', PORT: String(port), PUBLIC_URL: `http://localhost:${port}` }),
  silentLogger,
)
let chromium: { port: number; stop(): void } | undefined
try {
  await portal.server.listen({ port, host: '127.0.0.1' })
  const url = `http://demo.localhost:${port}/`
  const probe = await portal.server.inject({ url: '/', headers: { host: `demo.localhost:${port}` } })
  if (probe.statusCode !== 200 || !probe.body.includes('tc-data')) throw new Error(`the demo trust center is not rendered on the server: ${probe.statusCode}`)
  chromium = await startChromium(profile)

  const results = []
  for (let i = 0; i < RUNS; i++) {
    const runner = await lighthouse(url, { port: chromium.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] })
    if (!runner) throw new Error('Lighthouse returned nothing')
    if (runner.lhr.runtimeError) throw new Error(`Lighthouse: ${runner.lhr.runtimeError.message}`)
    results.push(runner.lhr)
  }
  results.sort((a, b) => (a.categories['performance']?.score ?? 0) - (b.categories['performance']?.score ?? 0))
  const lhr = results[Math.floor(results.length / 2)]!

  console.log(
    `\nLighthouse ${lhr.lighthouseVersion} (${lhr.configSettings.formFactor}, ${lhr.configSettings.throttlingMethod} throttling) on ${url}${RUNS > 1 ? `, median of ${RUNS} runs` : ''}`,
  )
  for (const c of CATEGORIES) {
    const score = Math.round((lhr.categories[c]?.score ?? 0) * 100)
    row(`  ${lhr.categories[c]?.title ?? c}`, String(score), score === 100 ? 'ok (100)' : 'UNDER 100')
  }
  const ms = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  const fcp = ms('first-contentful-paint')
  const lcp = ms('largest-contentful-paint')
  row('  First Contentful Paint', `${(fcp / 1000).toFixed(2)} s`)
  row('  Largest Contentful Paint', `${(lcp / 1000).toFixed(2)} s`, lcp < 1200 ? 'ok (< 1.2 s)' : 'OVER 1.2 s')
  const lcpElement = JSON.stringify(lhr.audits['largest-contentful-paint-element']?.details ?? lhr.audits['lcp-breakdown-insight']?.details ?? {})
  const snippet = /"snippet":"((?:[^"\\]|\\.)*)"/.exec(lcpElement)?.[1]
  if (snippet) row('  LCP element', '', snippet.slice(0, 100))
  row('  Total Blocking Time', `${ms('total-blocking-time').toFixed(0)} ms`)
  row('  Cumulative Layout Shift', ms('cumulative-layout-shift').toFixed(3))

  const items = (lhr.audits['network-requests']?.details as { items?: Item[] } | undefined)?.items ?? []
  const transferred = items.reduce((n, it) => n + (it.transferSize ?? 0), 0)
  const scripts = items.filter((it) => it.resourceType === 'Script' && it.url)
  const scriptTransfer = scripts.reduce((n, it) => n + (it.transferSize ?? 0), 0)
  const js = await scriptsGzip(scripts.map((s) => s.url!))
  row(
    '  Bytes transferred (all requests)',
    `${(transferred / 1024).toFixed(1)} KiB`,
    `${items.length} requests; total-byte-weight ${(ms('total-byte-weight') / 1024).toFixed(1)} KiB`,
  )
  row(
    '  Document (HTML) transferred',
    `${((items[0]?.transferSize ?? 0) / 1024).toFixed(1)} KiB`,
    `${((items[0]?.resourceSize ?? 0) / 1024).toFixed(1)} KiB uncompressed`,
  )
  row(
    `  JavaScript, gzip (${js.files} files)`,
    `${(js.gzip / 1024).toFixed(1)} KiB`,
    `${js.gzip <= 60 * 1024 ? 'ok (<= 60 KB)' : 'OVER 60 KB'}; ${(js.raw / 1024).toFixed(1)} KiB raw, ${(scriptTransfer / 1024).toFixed(1)} KiB as sent (brotli)`,
  )

  const lost = Object.values(lhr.audits).filter(
    (a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable' && a.scoreDisplayMode !== 'manual',
  )
  if (lost.length) {
    console.log('\nAudits below full marks:')
    for (const a of lost) console.log(`  ${a.id}: ${Math.round((a.score ?? 0) * 100)}${a.displayValue ? ` (${a.displayValue})` : ''}`)
  }
  if (process.env['DETAILS']) {
    // Where the main thread's time went: the long tasks and each script's share (DETAILS=1).
    for (const id of ['long-tasks', 'bootup-time', 'mainthread-work-breakdown']) {
      const details = lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined
      console.log(`\n${id}:`)
      for (const it of (details?.items ?? []).slice(0, 8)) console.log(`  ${JSON.stringify(it).slice(0, 220)}`)
    }
  }
  console.log('')
} finally {
  chromium?.stop()
  await portal.stop()
  await rm(dataDir, { recursive: true, force: true })
  await rm(profile, { recursive: true, force: true })
}
