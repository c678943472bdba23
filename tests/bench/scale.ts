// Many companies at once (issue 26, "Proof"): the portal in split mode, its seven services each a process
// on the machine's PostgreSQL, Redis and NATS, driven through the gateway's public API only, as the web
// client calls it. Not a test: it measures and prints, with the issue's targets beside the figures.
//   1. pipeline: N companies (--companies, 50) sign up, each uploads two policy PDFs and a questionnaire
//      (CAIQ v3.0.1, 294 questions) at once; upload → drafted p50 / p90 / max
//   2. the question list: bytes on the wire (Accept-Encoding: br, gzip, and without) and CPU per call
//      of the questionnaire service and the gateway (/proc/<pid>/stat over sequential calls)
//   3. noisy neighbour: company A uploads 20 copies of the 167-page SOC 2 PDF (--noisy), then B one
//      3-page PDF: B's time until it is read (target < 5 s) and A's total
//   4. review: 50 and 100 reviewers (--reviewers) for 20 s each (--seconds), each looping over its
//      questionnaire's list, counts, one question opened (when the detail route exists) and a save
//      (--loops=list), or over the web client's calls: the list once, then open, save, counts
//      (--loops=client); calls/s, saves/s and p99, with the questionnaire service's /healthz sampled
//   5. RSS of every process idle, per phase and at its peak (VmHWM); CPU seconds per phase
// Options: --mode=all (one process, same servers), --detail-route=/api/…/:id (default /api/questionnaires/question/:id;
// a 404 there skips "open a question"), --pipeline-timeout=s, --noisy-timeout=s, --list-calls=n, --keep (logs).
// Servers: TEST_DATABASE_URL (or DATABASE_URL), REDIS_URL, NATS_URL; the local defaults otherwise.
//   npm run bench:scale -- --companies=5 --reviewers=10,20 --seconds=5
import path from 'node:path'
import {
  confirmColumns,
  type Company,
  countsPath,
  filesOf,
  freshSession,
  headersOf,
  type ListedQuestion,
  listPath,
  questionsIn,
  signUpCompany,
  upload,
} from './scale-api.js'
import { decoded, jsonOf, percentile, request, sampleHealth } from './scale-http.js'
import { cpuSeconds, memoryOf, type Mode, type Portal, removeDataDir, startPortal } from './scale-split.js'

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures')
const POLICIES = [
  path.join(FIXTURES, 'policies/basecamp_37signals/security_37signals_Security_Overview_2022-09.pdf'), // 5 pages
  path.join(FIXTURES, 'policies/basecamp_37signals/security_Basecamp_Security_Overview_2021-02-04.pdf'), // 3 pages
]
const QUESTIONNAIRE = path.join(FIXTURES, 'questionnaires/csa-caiq-v3.0.1-09-01-2017.xlsx') // 294 questions
const SOC2 = path.join(FIXTURES, 'policies/open_access_policies/minimal-soc2_compiled.pdf') // 167 pages
const SMALL = POLICIES[1]!

// ---- options -------------------------------------------------------------------------------------
const args = new Map(
  process.argv
    .slice(2)
    .filter((a) => a.startsWith('--'))
    .map((a) => {
      const [k, ...v] = a.slice(2).split('=')
      return [k!, v.join('=') || 'true'] as const
    }),
)
const known = ['companies', 'reviewers', 'seconds', 'noisy', 'mode', 'detail-route', 'pipeline-timeout', 'noisy-timeout', 'list-calls', 'keep', 'loops']
for (const k of args.keys()) if (!known.includes(k)) throw new Error(`unknown option --${k} (known: ${known.map((o) => `--${o}`).join(' ')})`)
const int = (name: string, dflt: number, min: number) => {
  const v = Number(args.get(name) ?? dflt)
  if (!Number.isInteger(v) || v < min) throw new Error(`--${name} must be an integer >= ${min}`)
  return v
}
const COMPANIES = int('companies', 50, 1)
const REVIEWERS = (args.get('reviewers') ?? '50,100').split(',').map((s) => {
  const v = Number(s)
  if (!Number.isInteger(v) || v < 1) throw new Error('--reviewers is a comma list of counts, e.g. 50,100')
  return v
})
const SECONDS = int('seconds', 20, 1)
const NOISY = int('noisy', 20, 0)
const LIST_CALLS = int('list-calls', 40, 1)
const PIPELINE_TIMEOUT = int('pipeline-timeout', 1800, 10) * 1000
const NOISY_TIMEOUT = int('noisy-timeout', 600, 10) * 1000
const MODE = (args.get('mode') ?? 'split') as Mode
if (MODE !== 'split' && MODE !== 'all') throw new Error('--mode is split or all')
const DETAIL_ROUTE = args.get('detail-route') ?? '/api/questionnaires/question/:id'
const KEEP = args.has('keep')
// 'list': every round reads the list again (the issue's loop, before and after); 'client': the web
// client's calls, the list read once when the page opens and patched from each save's reply.
const LOOPS = (args.get('loops') ?? 'list,client').split(',') as Loop[]
if (!LOOPS.length || LOOPS.some((l) => l !== 'list' && l !== 'client')) throw new Error('--loops is a comma list of list, client')
type Loop = 'list' | 'client'
const servers = {
  databaseUrl: process.env['TEST_DATABASE_URL'] ?? process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl: process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379',
  natsUrl: process.env['NATS_URL'] ?? 'nats://127.0.0.1:4222',
}

// ---- output --------------------------------------------------------------------------------------
const MB = 1024 * 1024
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const s = (ms: number) => (Number.isNaN(ms) ? '-' : `${(ms / 1000).toFixed(1)} s`)
const ms = (v: number) => (Number.isNaN(v) ? '-' : v < 10 ? `${v.toFixed(1)} ms` : `${v.toFixed(0)} ms`)
const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`
const row = (label: string, value: string, target = '') => console.log(`  ${label.padEnd(56)} ${value.padStart(22)}   ${target}`)
const table = (head: string[], rows: string[][], widths: number[]) => {
  const line = (cells: string[]) => `  ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' ')}`
  console.log(line(head))
  for (const r of rows) console.log(line(r))
}
const heading = (t: string) => console.log(`\n${t}`)
const p50p90max = (values: number[]) => `${s(percentile(values, 0.5))} / ${s(percentile(values, 0.9))} / ${s(Math.max(...values))}`

// ---- what every phase records: CPU and peak RSS per process ------------------------------------------
interface PhaseFigures {
  name: string
  cpu: Map<string, number>
  maxRss: Map<string, number>
  benchCpu: number
}
const phases: PhaseFigures[] = []
let current: PhaseFigures | undefined
let portal: Portal | undefined
const idleRss = new Map<string, number>()

async function phase<T>(name: string, body: () => Promise<T>): Promise<T> {
  const p = portal!
  const before = new Map(await Promise.all(p.procs.map(async (x) => [x.name, await cpuSeconds(x.pid)] as const)))
  const bench0 = process.cpuUsage()
  current = { name, cpu: new Map(), maxRss: new Map(), benchCpu: 0 }
  phases.push(current)
  try {
    return await body()
  } finally {
    const f = current
    for (const x of p.procs) f.cpu.set(x.name, (await cpuSeconds(x.pid).catch(() => Number.NaN)) - before.get(x.name)!)
    const used = process.cpuUsage(bench0)
    f.benchCpu = (used.user + used.system) / 1e6
    current = undefined
  }
}

const rssSampler = setInterval(() => {
  const f = current
  if (!f || !portal) return
  for (const x of portal.procs) {
    void memoryOf(x.pid).then(
      ({ rss }) => f.maxRss.set(x.name, Math.max(f.maxRss.get(x.name) ?? 0, rss)),
      () => undefined,
    )
  }
}, 500)

// ---- 1. the pipeline -----------------------------------------------------------------------------
interface Pipeline {
  company: Company
  questionnaireId: string
  uploadMs: number[]
  startedAt: number
  policiesReadAt?: number
  draftedAt?: number
  total: number
  failed?: string
  columnsChecked: boolean
}

async function inBatches<T, R>(items: T[], width: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length)
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++
        out[i] = await fn(items[i]!, i)
      }
    }),
  )
  return out
}

async function runPipeline(base: string, run: string): Promise<Pipeline[]> {
  const t0 = performance.now()
  const companies = await inBatches(
    Array.from({ length: COMPANIES }, (_, i) => i),
    4,
    (i) => signUpCompany(base, run, i),
  )
  const signUpMs = performance.now() - t0
  const deadline = Date.now() + PIPELINE_TIMEOUT
  const started = performance.now()
  const results = await Promise.all(
    companies.map(async (company): Promise<Pipeline> => {
      const r: Pipeline = { company, questionnaireId: '', uploadMs: [], startedAt: performance.now(), total: 0, columnsChecked: false }
      try {
        // A person drops the two policies, then the questionnaire, one after another.
        for (const f of POLICIES) r.uploadMs.push((await upload(base, company, 'compliance', f)).ms)
        const q = await upload(base, company, 'questionnaire', QUESTIONNAIRE)
        r.uploadMs.push(q.ms)
        r.questionnaireId = q.id
        // The console polls the lists while anything is being processed.
        while (!r.draftedAt && !r.failed) {
          if (Date.now() > deadline) {
            r.failed = 'not drafted before --pipeline-timeout'
            break
          }
          await sleep(1000)
          await freshSession(base, company) // a long pipeline outlives an access token
          if (!r.policiesReadAt) {
            const docs = await filesOf(base, company, 'compliance')
            const bad = docs?.find((d) => d.state === 'failed')
            if (bad) r.failed = `policy failed: ${bad.error}`
            else if (docs && docs.length === POLICIES.length && docs.every((d) => d.state === 'ready')) r.policiesReadAt = performance.now()
          }
          const qs = await filesOf(base, company, 'questionnaire')
          const mine = qs?.find((x) => x._id === q.id)
          if (!mine) continue
          if (mine.state === 'failed') r.failed = `questionnaire failed: ${mine.error}`
          else if (mine.state === 'check' && !r.columnsChecked) {
            r.columnsChecked = true
            await confirmColumns(base, company, q.id)
          } else if (mine.state === 'ready' && mine.total > 0 && mine.drafted === mine.total) {
            r.draftedAt = performance.now()
            r.total = mine.total
            r.policiesReadAt ??= r.draftedAt
          }
        }
      } catch (err) {
        r.failed = err instanceof Error ? err.message : String(err)
      }
      return r
    }),
  )
  const wall = performance.now() - started
  const done = results.filter((r) => r.draftedAt)
  const toDrafted = done.map((r) => r.draftedAt! - r.startedAt)
  const toRead = results.filter((r) => r.policiesReadAt).map((r) => r.policiesReadAt! - r.startedAt)
  const uploads = results.flatMap((r) => r.uploadMs)
  const questions = done.reduce((a, r) => a + r.total, 0)
  heading(`1. Pipeline: ${COMPANIES} companies at once, each 2 policy PDFs (5 + 3 pages) and CAIQ v3.0.1 (294 questions)`)
  row('sign-ups (4 at a time)', `${s(signUpMs)}`)
  row(
    'drafted / failed or stuck',
    `${done.length} / ${results.length - done.length}`,
    done.length === results.length ? 'ok: every questionnaire drafted' : 'NOT ALL DRAFTED',
  )
  row('questions drafted, all companies', `${questions}`)
  row('first upload → questionnaire drafted, p50 / p90 / max', toDrafted.length ? p50p90max(toDrafted) : '-')
  row('first upload → both policies read, p50 / p90 / max', toRead.length ? p50p90max(toRead) : '-')
  row(
    'upload request, p50 / p99 / max',
    uploads.length ? `${ms(percentile(uploads, 0.5))} / ${ms(percentile(uploads, 0.99))} / ${ms(Math.max(...uploads))}` : '-',
  )
  row('whole pipeline (first upload → last drafted)', s(wall), `${(questions / (wall / 1000)).toFixed(1)} questions drafted/s`)
  const checked = results.filter((r) => r.columnsChecked).length
  if (checked) row('questionnaires that asked for a column check (confirmed)', String(checked))
  for (const r of results.filter((x) => x.failed).slice(0, 5)) console.log(`  ! company ${r.company.n}: ${r.failed}`)
  return results
}

// ---- 2. the question list on the wire --------------------------------------------------------------
async function detailAvailable(base: string, c: Company, q: ListedQuestion): Promise<{ ok: boolean; status: number; bytes?: number; encoding?: string }> {
  const r = await request(base, 'GET', DETAIL_ROUTE.replace(':id', encodeURIComponent(q.id)), { headers: headersOf(c, { 'accept-encoding': 'br, gzip' }) })
  return r.status === 200 ? { ok: true, status: 200, bytes: r.bytes, encoding: r.encoding } : { ok: false, status: r.status }
}

async function measureList(base: string, target: Pipeline) {
  const p = portal!
  const c = target.company
  const at = listPath(target.questionnaireId)
  const plain = await request(base, 'GET', at, { headers: headersOf(c) })
  const packed = await request(base, 'GET', at, { headers: headersOf(c, { 'accept-encoding': 'br, gzip' }) })
  if (plain.status !== 200 || packed.status !== 200) throw new Error(`question list answered ${plain.status} / ${packed.status}`)
  const questions = questionsIn(jsonOf(packed))
  const detail = await detailAvailable(base, c, questions[0]!)
  // CPU per call: sequential calls, nothing else running; the processes' CPU counters before and after.
  for (let i = 0; i < 5; i++) await request(base, 'GET', at, { headers: headersOf(c, { 'accept-encoding': 'br, gzip' }), keepBody: false })
  const svc = p.questionnaire
  const gw = p.gateway
  const [svc0, gw0] = [await cpuSeconds(svc.pid), await cpuSeconds(gw.pid)]
  const lat: number[] = []
  for (let i = 0; i < LIST_CALLS; i++) {
    const r = await request(base, 'GET', at, { headers: headersOf(c, { 'accept-encoding': 'br, gzip' }), keepBody: false })
    if (r.status !== 200) throw new Error(`question list answered ${r.status}`)
    lat.push(r.ms)
  }
  const svcMs = ((await cpuSeconds(svc.pid)) - svc0) * 1000
  const gwMs = ((await cpuSeconds(gw.pid)) - gw0) * 1000
  heading(`2. The question list (GET /api/getquestionlist/:id, ${questions.length} questions, through the gateway, idle)`)
  row('bytes without Accept-Encoding', `${kb(plain.bytes)}${plain.encoding ? ` (${plain.encoding})` : ''}`)
  row(
    'bytes with Accept-Encoding: br, gzip',
    `${kb(packed.bytes)} (${packed.encoding || 'not compressed'})`,
    packed.bytes < 60 * 1024 ? 'ok (< 60 KB)' : 'OVER 60 KB',
  )
  if (packed.encoding) row('  the same, decompressed', kb(decoded(packed).length))
  const per = svcMs / LIST_CALLS
  row(`${svc.name} CPU per call (${LIST_CALLS} calls, /proc)`, ms(per), per < 3 ? 'ok (< 3 ms)' : 'OVER 3 ms')
  if (gw !== svc) row(`gateway CPU per call`, ms(gwMs / LIST_CALLS))
  row('latency p50 / max (one at a time)', `${ms(percentile(lat, 0.5))} / ${ms(Math.max(...lat))}`)
  if (detail.ok) row(`one question opened (${DETAIL_ROUTE})`, `${kb(detail.bytes!)} (${detail.encoding || 'not compressed'})`)
  else row(`one question opened (${DETAIL_ROUTE})`, `${detail.status || 'no answer'}`, 'no detail route: reviewers skip "open a question"')
  return detail.ok
}

// ---- 3. noisy neighbour ------------------------------------------------------------------------------
async function runNoisy(base: string, run: string) {
  const a = await signUpCompany(base, run, 100_000, 'noisy-a')
  const b = await signUpCompany(base, run, 100_001, 'quiet-b')
  const t0 = performance.now()
  // Twenty documents, not twenty versions of one: each under its own name.
  const aUploads = await inBatches(
    Array.from({ length: NOISY }, (_, i) => `soc2-part-${String(i + 1).padStart(2, '0')}.pdf`),
    4,
    (name) => upload(base, a, 'compliance', SOC2, name),
  )
  const aUploaded = performance.now()
  const bStart = performance.now()
  const bUp = await upload(base, b, 'compliance', SMALL)
  let bRead = Number.NaN
  let aBehind = Number.NaN
  const deadline = Date.now() + NOISY_TIMEOUT
  while (Date.now() < deadline) {
    const mine = (await filesOf(base, b, 'compliance'))?.find((d) => d._id === bUp.id)
    if (mine?.state === 'failed') throw new Error(`B's file failed: ${mine.error}`)
    if (mine?.state === 'ready') {
      bRead = performance.now() - bStart
      aBehind = ((await filesOf(base, a, 'compliance')) ?? []).filter((d) => d.state === 'queued' || d.state === 'running').length
      break
    }
    await sleep(200)
  }
  let aDone = Number.NaN
  let aFailed = 0
  let states = ''
  while (Date.now() < deadline) {
    const docs = await filesOf(base, a, 'compliance')
    if (docs) {
      aFailed = docs.filter((d) => d.state === 'failed').length
      const count = new Map<string, number>()
      for (const d of docs) count.set(d.state, (count.get(d.state) ?? 0) + 1)
      states = [...count].map(([k, v]) => `${v} ${k}`).join(', ')
      if (docs.length === NOISY && docs.every((d) => d.state === 'ready' || d.state === 'failed')) {
        aDone = performance.now() - t0
        break
      }
    }
    await sleep(1000)
  }
  const up = aUploads.map((u) => u.ms)
  heading(`3. Noisy neighbour: company A uploads ${NOISY} × the 167-page SOC 2 PDF, then company B one 3-page PDF`)
  row("A's uploads answered (4 at a time), p50 / max", `${ms(percentile(up, 0.5))} / ${ms(Math.max(...up))}`, `all in ${s(aUploaded - t0)}`)
  row("B's upload → read", s(bRead), bRead < 5000 ? 'ok (< 5 s)' : 'OVER 5 s')
  row("A's documents still queued or being read then", Number.isNaN(aBehind) ? '-' : `${aBehind} of ${NOISY}`)
  if (Number.isNaN(aDone)) row(`A's ${NOISY} documents NOT all read after ${NOISY_TIMEOUT / 1000} s`, states)
  else
    row(
      `A's ${NOISY} documents all read (from A's first upload)`,
      s(aDone),
      aFailed ? `${aFailed} FAILED` : `${((NOISY * 167) / (aDone / 1000)).toFixed(0)} pages/s`,
    )
}

// ---- 4. reviewers ----------------------------------------------------------------------------------
interface Review {
  company: Company
  questionnaireId: string
  questions: ListedQuestion[]
}

async function runReviewers(base: string, reviews: Review[], reviewers: number, withDetail: boolean, loop: Loop) {
  const p = portal!
  const kinds = ['list', 'counts', ...(withDetail ? ['open'] : []), 'save'] as const
  const lat = new Map<string, number[]>(kinds.map((k) => [k, []]))
  let non2xx = 0
  let noAnswer = 0
  let conflicts = 0
  let saves = 0
  const record = (kind: string, r: { status: number; ms: number }) => {
    if (r.status === 0) noAnswer++
    else if (r.status === 409 && kind === 'save') conflicts++
    else if (r.status < 200 || r.status >= 300) non2xx++
    else lat.get(kind)!.push(r.ms)
  }
  const health = sampleHealth(`${p.questionnaire.url}/healthz`, 100)
  const t0 = performance.now()
  const end = t0 + SECONDS * 1000
  const accept = { 'accept-encoding': 'br, gzip' }
  await Promise.all(
    Array.from({ length: reviewers }, async (_, i) => {
      const rv = reviews[i % reviews.length]!
      const h = headersOf(rv.company, accept)
      const list = async () => record('list', await request(base, 'GET', listPath(rv.questionnaireId), { headers: h, keepBody: false }))
      const counts = async () => record('counts', await request(base, 'GET', countsPath(rv.questionnaireId), { headers: h, keepBody: false }))
      if (loop === 'client') await list() // the page opens
      while (performance.now() < end) {
        if (loop === 'list') {
          await list()
          await counts()
        }
        const q = rv.questions[Math.floor(Math.random() * rv.questions.length)]!
        if (withDetail) record('open', await request(base, 'GET', DETAIL_ROUTE.replace(':id', encodeURIComponent(q.id)), { headers: h, keepBody: false }))
        const saved = await request(base, 'PUT', '/api/questionnaires/answer', {
          headers: h,
          json: {
            questionId: q.id,
            answer: `Yes. Reviewed by reviewer ${i}: see the security overview, section 2 (${++saves}).`,
            reviewstatus: true,
            llmstatus: false,
            ...(q.version === undefined ? {} : { version: q.version }),
            answerHistory: [],
          },
        })
        record('save', saved)
        if (saved.status === 200 || saved.status === 409) {
          // The version to send next: the saved one, or the one that won (the merge panel's).
          const v = jsonOf<{ data?: { version?: number } }>(saved).data?.version
          if (typeof v === 'number') q.version = v
        }
        if (loop === 'client') await counts() // asked for again after each save; the list is patched from the save's reply
      }
    }),
  )
  const elapsed = (performance.now() - t0) / 1000
  const hc = await health.stop()
  const all = [...lat.values()].flat()
  const calls = all.length + non2xx + noAnswer + conflicts
  const saved = lat.get('save')!.length + conflicts
  return { loop, reviewers, elapsed, calls, saved, all, lat, non2xx, noAnswer, conflicts, health: hc, kinds }
}

// ---- main ------------------------------------------------------------------------------------------
let stopping = false
const shutdown = async (code: number) => {
  if (stopping) return
  stopping = true
  clearInterval(rssSampler)
  const p = portal
  portal = undefined
  if (p) {
    await p.stop()
    // A failed run keeps its logs for the reader.
    if (KEEP || code !== 0) console.log(`\nlogs kept in ${p.dataDir}`)
    else await removeDataDir(p.dataDir)
  }
  process.exit(code)
}
process.on('SIGINT', () => void shutdown(130))
process.on('SIGTERM', () => void shutdown(143))

try {
  const run = `${Date.now().toString(36)}`
  console.log(
    `Scale bench, ${new Date().toISOString().slice(0, 16)}Z: ${MODE === 'split' ? 'split mode, one process per service' : 'all-in-one process'}, ` +
      `PostgreSQL ${new URL(servers.databaseUrl).host}, Redis ${new URL(servers.redisUrl).host}, NATS ${new URL(servers.natsUrl).host}; offline drafter`,
  )
  const started = performance.now()
  portal = await startPortal(MODE, servers)
  console.log(`started ${portal.procs.map((x) => x.name).join(', ')} in ${s(performance.now() - started)}`)
  const base = portal.url

  // Idle: settled after start-up, nothing asked of it.
  await sleep(5000)
  await portal.markStart()
  for (const x of portal.procs) idleRss.set(x.name, (await memoryOf(x.pid)).rss)
  const idleHealth = sampleHealth(`${portal.questionnaire.url}/healthz`, 100)
  await sleep(3000)
  const idleHc = await idleHealth.stop()

  const pipeline = await phase('pipeline', () => runPipeline(base, run))
  const drafted = pipeline.filter((r) => r.draftedAt)
  if (!drafted.length) throw new Error('no questionnaire was drafted: nothing to review')

  const withDetail = await phase('list', () => measureList(base, drafted[0]!))
  if (NOISY) await phase('noisy', () => runNoisy(base, run))

  // Reviewers: each questionnaire's list read once (ids and versions), then the load.
  const reviews: Review[] = []
  for (const r of drafted) {
    await freshSession(base, r.company)
    const listed = await request(base, 'GET', listPath(r.questionnaireId), { headers: headersOf(r.company, { 'accept-encoding': 'br, gzip' }) })
    reviews.push({ company: r.company, questionnaireId: r.questionnaireId, questions: questionsIn(jsonOf(listed)) })
  }
  const results = []
  for (const loop of LOOPS)
    for (const n of REVIEWERS) {
      for (const rv of reviews) await freshSession(base, rv.company)
      results.push(await phase(`review ${n}${LOOPS.length > 1 ? ` ${loop}` : ''}`, () => runReviewers(base, reviews, n, withDetail, loop)))
      await sleep(2000)
    }
  heading(
    `4. Review, ${SECONDS} s each, over ${reviews.length} questionnaires: reviewers looping over
` +
      `   list: the list, counts, ${withDetail ? 'one question opened, ' : ''}a save (the issue's loop)
` +
      `   client: the web client's calls: the list once, then ${withDetail ? 'one question opened, ' : ''}a save, counts
` +
      '   (target: calls/s at least 4× those of the code before issue 26, run on the same machine)' +
      (withDetail ? '' : `\n   (no detail route at ${DETAIL_ROUTE}: "open a question" skipped)`),
  )
  const kindCols = results[0]!.kinds.map((k) => `${k} p99`)
  table(
    ['loop', 'reviewers', 'calls/s', 'saves/s', 'p50', 'p99', ...kindCols, 'non-2xx', 'no answer', '409', 'health p50', 'health p99'],
    [
      ['', 'idle', '', '', '', '', ...kindCols.map(() => ''), '', '', '', ms(percentile(idleHc.ms, 0.5)), ms(percentile(idleHc.ms, 0.99))],
      ...results.map((r) => [
        r.loop,
        String(r.reviewers),
        (r.calls / r.elapsed).toFixed(0),
        (r.saved / r.elapsed).toFixed(0),
        ms(percentile(r.all, 0.5)),
        ms(percentile(r.all, 0.99)),
        ...r.kinds.map((k) => ms(percentile(r.lat.get(k)!, 0.99))),
        String(r.non2xx),
        String(r.noAnswer),
        String(r.conflicts),
        ms(percentile(r.health.ms, 0.5)),
        ms(percentile(r.health.ms, 0.99)) + (r.health.failed ? ` (${r.health.failed} failed)` : ''),
      ]),
    ],
    [7, 10, 8, 8, 8, 8, ...kindCols.map(() => 11), 8, 10, 5, 11, 11],
  )
  for (const loop of LOOPS) {
    const [first, last] = [results.find((r) => r.loop === loop)!, results.findLast((r) => r.loop === loop)!]
    if (first === last) continue
    row(
      `${loop}: calls/s at ${last.reviewers} vs ${first.reviewers} reviewers`,
      `${(last.calls / last.elapsed / (first.calls / first.elapsed)).toFixed(2)}×`,
      '> 1: more reviewers, more work done (the issue: 1.0×)',
    )
  }

  // ---- 5. processes ----
  heading('5. Processes: RSS (MB) idle, the most sampled in each phase (every 0.5 s), and the peak (VmHWM)')
  const names = portal.procs.map((x) => x.name)
  const rssRows: string[][] = []
  for (const x of portal.procs) {
    const { hwm, rss } = await memoryOf(x.pid)
    rssRows.push([
      x.name,
      (idleRss.get(x.name)! / MB).toFixed(0),
      ...phases.map((f) => ((f.maxRss.get(x.name) ?? Number.NaN) / MB).toFixed(0)),
      (rss / MB).toFixed(0),
      (hwm / MB).toFixed(0),
    ])
  }
  table(['process', 'idle', ...phases.map((f) => f.name), 'now', 'peak'], rssRows, [14, 6, ...phases.map((f) => Math.max(9, f.name.length)), 6, 6])
  heading('   CPU seconds per phase (user + system, /proc)')
  table(
    ['process', ...phases.map((f) => f.name)],
    [...names.map((n) => [n, ...phases.map((f) => (f.cpu.get(n) ?? Number.NaN).toFixed(1))]), ['(the bench)', ...phases.map((f) => f.benchCpu.toFixed(1))]],
    [14, ...phases.map((f) => Math.max(9, f.name.length))],
  )

  heading('6. Errors: lines logged at level error or above, and 5xx replies, per process (after start-up)')
  const trouble = await portal.logTrouble()
  const quiet = trouble.every((t) => !t.errors && !t.serverErrors)
  if (quiet) row('every process', '0 / 0', 'ok: no error line, no 5xx')
  for (const t of trouble.filter((x) => x.errors || x.serverErrors)) {
    row(t.name, `${t.errors} / ${t.serverErrors}`)
    for (const line of t.first) console.log(`    ${line}`)
  }
  await shutdown(0)
} catch (err) {
  console.error(`\nbench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`)
  await shutdown(1)
}
