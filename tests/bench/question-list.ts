// Prints the figures issue 26 sets for the review page's question list (run: pnpm bench:question-list).
// Not a test: it measures and reports, with the targets beside the figures.
//   A 300-question questionnaire drafted offline against the 167-page SOC 2 policy PDF (retrieval of
//   5 passages per question, as the llm-worker stores them: evidence, citations, the source), a third
//   of the answers edited three times by reviewers (history), on the questionnaire service as it runs
//   (createServer: compression, the error envelope) on PostgreSQL when TEST_DATABASE_URL is set (the
//   CPU is then the service's alone), else PGlite (whose queries count in the process's CPU).
//   GET /api/getquestionlist/:id with Accept-Encoding: br: bytes on the wire (< 60 KB) and the
//   service's CPU per call (process.cpuUsage) over 200 HTTP calls from a child process (< 3 ms), and
//   the same for one question opened (GET /api/questionnaires/question/:questionId, when the service
//   has it), and for the list made again after a save (a round of save and list, less a save alone).
import { spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { migrateSchema, openDatabase, systemView, testDatabaseKinds } from '@portal/db'
import { chunkPages, extractPdfText, findQuestions } from '@portal/documents'
import { draftOffline } from '@portal/drafting'
import { chunkMigrations, knowledgeDb, replaceDocumentChunks, searchChunks } from '@portal/knowledge'
import { insertCompany, insertFile, listQuestions, replaceQuestions, saveDraft, updateAnswer } from '@portal/questionnaire-store'
import { readWorkbook } from '@portal/sheets'
import { buildHarness } from '../../services/questionnaire/test/harness.js'

const QUESTIONS = 300
const CALLS = 200
const DATA = path.resolve(process.cwd(), 'tests/fixtures')
const row = (label: string, value: string, target = '') => console.log(`${label.padEnd(58)} ${value.padStart(12)}   ${target}`)

// The evidence: the policy PDF's chunks in a knowledge index of their own (ids are cited as the worker cites them).
const kdbHost = systemView(await openDatabase({}))
await migrateSchema(kdbHost, 'questionnaire', chunkMigrations)
const kdb = knowledgeDb(kdbHost, 'questionnaire')
const tenantOfChunks = crypto.randomUUID()
const pages = await extractPdfText(await readFile(path.join(DATA, 'policies/open_access_policies/minimal-soc2_compiled.pdf')))
await replaceDocumentChunks(kdb, tenantOfChunks, { id: crypto.randomUUID(), name: 'minimal-soc2_compiled.pdf' }, chunkPages(pages))
const asked = findQuestions(await readWorkbook(await readFile(path.join(DATA, 'questionnaires/HECVAT414_blank_sagearbor.xlsx')))).slice(0, QUESTIONS)

// PostgreSQL when TEST_DATABASE_URL is set (the service's CPU alone); else PGlite, whose queries run in this process too.
const [kind, open] = testDatabaseKinds().at(-1)!
const h = await buildHarness(open)
const staff = await h.staff()
const company = await insertCompany(h.db, staff.tenantId, { companyName: 'Bench client', complianceBucket: 'c', questionnairesBucket: 'q' })
const file = await insertFile(h.db, staff.tenantId, { companyId: company.id, kind: 'questionnaire', fileName: 'hecvat.xlsx', storageKey: 'k', format: 'xlsx' })
await h.db.updateTable('file').set({ state: 'ready', total: asked.length, drafted: asked.length }).where('id', '=', file.id).execute()
await replaceQuestions(
  h.db,
  staff.tenantId,
  file.id,
  asked.map((q, i) => ({ sheet: 'Sheet', row: i + 2, questionRef: q.questionId || `R${i + 2}`, question: q.question, answerCells: [] })),
)
const rows = await listQuestions(h.db, staff.tenantId, file.id)
for (const [i, q] of rows.entries()) {
  const found = await searchChunks(kdb, tenantOfChunks, q.question, 5)
  const d = draftOffline(
    q.question,
    found.map((c) => ({ chunkId: c.id, documentName: c.documentName, page: c.page, text: c.text })),
  )
  const cited = found.filter((c) => d.citations.includes(c.id))
  const shown = cited.length ? cited : found.slice(0, 3)
  await saveDraft(h.db, staff.tenantId, q.id, {
    answer: d.answer,
    choiceValue: undefined,
    citations: d.citations,
    needsReview: d.needsReview,
    reviewReason: d.reviewReason,
    answerSource: d.answer ? 'documents' : '',
    retrievedNarrative: shown.map((c) => `${c.documentName}, page ${c.page}:\n${c.text}`).join('\n\n'),
    documentName: cited[0]?.documentName ?? '',
    fileAndFolder: cited[0] ? `compliance/${cited[0].documentName}#page=${cited[0].page}` : '',
  })
  // A third of the answers edited three times: the history each list call used to carry.
  if (i % 3 === 0)
    for (const n of [1, 2, 3]) await updateAnswer(h.db, staff.tenantId, q.id, { answer: `${d.answer || 'Our answer.'} (revision ${n})`, by: 'Bench Reviewer' })
}

// The client runs in a child process, so the CPU measured here is the service's alone: one
// keep-alive connection, CALLS calls one after the other, each answer read to its end.
const client = `
const http = require('node:http')
const { port, steps, token, calls } = JSON.parse(process.argv[1])
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
const once = (step, n) => new Promise((resolve, reject) => {
  const body = step.body ? JSON.stringify(step.body).replace('#n', String(n)) : undefined
  const headers = { authorization: 'Bearer ' + token, 'accept-encoding': 'br', ...(body ? { 'content-type': 'application/json' } : {}) }
  http.request({ host: '127.0.0.1', port, path: step.path, method: step.method, agent, headers }, (res) => {
    res.on('data', () => {})
    res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(step.method + ' ' + step.path + ': status ' + res.statusCode))))
  }).on('error', reject).end(body)
})
;(async () => { for (let i = 0; i < calls; i++) for (const step of steps) await once(step, i); agent.destroy() })().catch((e) => { console.error(e); process.exit(1) })
`
await h.app.listen({ port: 0, host: '127.0.0.1' })
const { port } = h.app.server.address() as { port: number }
interface Step {
  method: 'GET' | 'PUT'
  path: string
  /** JSON sent; '#n' in it becomes the call's number. */
  body?: unknown
}
const runClient = (steps: Step[], calls: number) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', client, JSON.stringify({ port, steps, token: staff.token, calls })], {
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`client exited ${code}`))))
  })

/** Bytes on the wire (app.inject), and the service's CPU per call (user + system) over CALLS HTTP calls. */
async function measure(url: string) {
  const headers = { authorization: `Bearer ${staff.token}`, 'accept-encoding': 'br' }
  const first = await h.app.inject({ method: 'GET', url, headers })
  if (first.statusCode !== 200) throw new Error(`${url}: ${first.statusCode} ${first.body.slice(0, 200)}`)
  const wire = first.rawPayload.length
  const encoding = String(first.headers['content-encoding'] ?? 'none')
  const plain = encoding === 'br' ? brotliDecompressSync(first.rawPayload).length : wire
  const steps: Step[] = [{ method: 'GET', path: url }]
  await runClient(steps, 20) // warm-up
  return { wire, plain, encoding, ...(await cpuOf(steps)) }
}

/** The service's CPU (user + system) and the wall time per round of `steps`, over CALLS rounds. */
async function cpuOf(steps: Step[]) {
  const cpu0 = process.cpuUsage()
  const t0 = performance.now()
  await runClient(steps, CALLS)
  const cpu = process.cpuUsage(cpu0)
  return { cpuMs: (cpu.user + cpu.system) / 1000 / CALLS, wallMs: (performance.now() - t0) / CALLS }
}

console.log(
  `\nReview list of ${rows.length} questions (${rows.filter((_, i) => i % 3 === 0).length} with 3 history entries), ${kind}, HTTP from a child process`,
)
const list = await measure(`/api/getquestionlist/${file.id}`)
row('  GET /api/getquestionlist: bytes on the wire (br asked)', `${(list.wire / 1024).toFixed(1)} KB`, list.wire < 60 * 1024 ? 'ok (< 60 KB)' : 'OVER 60 KB')
row(`    content-encoding ${list.encoding}, JSON`, `${(list.plain / 1024).toFixed(1)} KB`)
row(`  service CPU per call (${CALLS} calls)`, `${list.cpuMs.toFixed(2)} ms`, list.cpuMs < 3 ? 'ok (< 3 ms)' : 'OVER 3 ms')
row('  wall time per call (client included)', `${list.wallMs.toFixed(2)} ms`)

// A reviewer's save changes the list: the next list call is made again, not answered from kept bytes.
// Its cost is a round of (save, list) less a save alone.
const saveStep = (i: number): Step => ({
  method: 'PUT',
  path: '/api/questionnaires/answer',
  body: { questionId: rows[i]!.id, answer: 'Reviewed answer #n.', reviewstatus: true, llmstatus: false, answerHistory: [] },
})
const saveAlone = await cpuOf([saveStep(1)])
const saveThenList = await cpuOf([saveStep(2), { method: 'GET', path: `/api/getquestionlist/${file.id}` }])
const rebuilt = saveThenList.cpuMs - saveAlone.cpuMs
row('  after a save: service CPU of the list made again', `${rebuilt.toFixed(2)} ms`, rebuilt < 3 ? 'ok (< 3 ms)' : 'OVER 3 ms')
row('    (a save alone)', `${saveAlone.cpuMs.toFixed(2)} ms`)

const opened = await h.app.inject({ method: 'GET', url: `/api/questionnaires/question/${rows[0]!.id}`, headers: { authorization: `Bearer ${staff.token}` } })
if (opened.statusCode === 200) {
  const one = await measure(`/api/questionnaires/question/${rows[0]!.id}`)
  row(
    '  GET /api/questionnaires/question/:id: bytes on the wire',
    `${(one.wire / 1024).toFixed(1)} KB`,
    `(${one.encoding}; JSON ${(one.plain / 1024).toFixed(1)} KB)`,
  )
  row(`  service CPU per call (${CALLS} calls)`, `${one.cpuMs.toFixed(2)} ms`)
} else row('  GET /api/questionnaires/question/:id', `${opened.statusCode}`, '(not in this version)')

await h.close()
await kdbHost.close()
