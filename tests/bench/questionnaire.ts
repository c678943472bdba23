// Prints the figures issue 3 sets targets for (run: pnpm bench:questionnaire). Not a test: it
// measures and reports; the targets are printed beside the figures.
//   extraction time per real workbook (< 1 s each), ingest of the 167-page PDF (< 5 s),
//   offline drafting throughput on HECVAT 4.1.4 against the policy set (>= 20 questions/s),
//   retrieval hit@3 on the labelled set (>= 90 %).
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { migrateSchema, openDatabase, systemView } from '@portal/db'
import { chunkMigrations, knowledgeDb, replaceDocumentChunks, searchChunks } from '@portal/knowledge'
import { readWorkbook } from '@portal/sheets'
import { chunkPages, extractPdfText } from '@portal/documents'
import { findQuestions } from '@portal/documents'
import { draftOffline } from '@portal/drafting'
import { labelledQuestions, policyOfPage } from '../support/policy-pages.js'

const DATA = path.resolve(process.cwd(), 'tests/fixtures')
const row = (label: string, value: string, target: string) => console.log(`${label.padEnd(62)} ${value.padStart(12)}   ${target}`)

console.log('\nExtraction (read + find questions), per workbook')
const dirs = ['questionnaires', 'questionnaires/intuitem', 'questionnaires/xls']
for (const dir of dirs) {
  for (const f of (await readdir(path.join(DATA, dir))).filter((n) => /\.xlsx?$/.test(n)).sort()) {
    const buf = await readFile(path.join(DATA, dir, f))
    const t0 = performance.now()
    const n = findQuestions(await readWorkbook(buf)).length
    const ms = performance.now() - t0
    row(`  ${dir.replace('questionnaires', '.')}/${f} (${n} questions)`, `${ms.toFixed(0)} ms`, ms < 1000 ? 'ok (< 1 s)' : 'OVER 1 s')
  }
}

console.log('\nIngest of the 167-page SOC 2 policy PDF (text + chunks + full-text index, PGlite)')
const db = systemView(await openDatabase({}))
await migrateSchema(db, 'questionnaire', chunkMigrations)
const kdb = knowledgeDb(db, 'questionnaire')
const tenant = crypto.randomUUID()
const t0 = performance.now()
const pages = await extractPdfText(await readFile(path.join(DATA, 'policies/open_access_policies/minimal-soc2_compiled.pdf')))
const chunks = chunkPages(pages)
await replaceDocumentChunks(kdb, tenant, { id: crypto.randomUUID(), name: 'minimal-soc2_compiled.pdf' }, chunks)
const ingestMs = performance.now() - t0
row(`  ${pages.length} pages, ${chunks.length} chunks`, `${(ingestMs / 1000).toFixed(2)} s`, ingestMs < 5000 ? 'ok (< 5 s)' : 'OVER 5 s')

console.log('\nOffline drafting of HECVAT 4.1.4 against the policy set (retrieve 5 + draft)')
const hecvat = findQuestions(await readWorkbook(await readFile(path.join(DATA, 'questionnaires/HECVAT414_blank_sagearbor.xlsx'))))
const t1 = performance.now()
let drafted = 0
let review = 0
for (const q of hecvat) {
  const found = await searchChunks(kdb, tenant, q.question, 5)
  const draft = draftOffline(
    q.question,
    found.map((c) => ({ chunkId: c.id, documentName: c.documentName, page: c.page, text: c.text })),
  )
  if (draft.answer) drafted++
  if (draft.needsReview) review++
}
const qps = hecvat.length / ((performance.now() - t1) / 1000)
row(`  ${hecvat.length} questions, ${drafted} with a cited draft, ${review} for review`, `${qps.toFixed(0)} q/s`, qps >= 20 ? 'ok (>= 20 q/s)' : 'UNDER 20 q/s')

console.log('\nRetrieval hit@3 on the labelled set')
const labelled = { items: await labelledQuestions() }
const policyOf = new Map(pages.map((p) => [p.page, policyOfPage(p.text)]))
let hits = 0
for (const { q, policies } of labelled.items) {
  const top = await searchChunks(kdb, tenant, q, 3)
  if (top.some((c) => policies.includes(policyOf.get(c.page) ?? ''))) hits++
}
const rate = hits / labelled.items.length
row(`  ${labelled.items.length} questions`, `${(rate * 100).toFixed(1)} %`, rate >= 0.9 ? 'ok (>= 90 %)' : 'UNDER 90 %')
await db.close()
