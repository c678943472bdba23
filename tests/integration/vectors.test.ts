// Vectors and hybrid retrieval: the real SOC 2 policy set indexed with embeddings from a
// protocol-level OpenAI-compatible fake, in pgvector (where the database has it) and in Qdrant
// (a protocol-level fake of its REST API). Fused retrieval must keep the labelled hit rate, find
// what only the vectors find, stay within one tenant, and clean up after itself.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { type Database, migrateSchema, systemView, testDatabaseKinds } from '@portal/db'
import {
  chunkMigrations,
  type Embedder,
  type KnowledgeIndex,
  openAIEmbedder,
  openKnowledge,
  pgvectorIndex,
  qdrantIndex,
  type VectorIndex,
} from '@portal/knowledge'
import { chunkPages, extractPdfText } from '@portal/documents'
import { fakeEmbedding, type FakeEmbeddings, type FakeQdrant, startFakeEmbeddings, startFakeQdrant } from '../support/fake-vectors.js'
import { labelledQuestions, policyOfPage } from '../support/policy-pages.js'

const PDF = path.resolve(process.cwd(), 'tests/fixtures/policies/open_access_policies/minimal-soc2_compiled.pdf')
const SCHEMA = 'questionnaire'
const labelled = await labelledQuestions()
const pages = await extractPdfText(await readFile(PDF))
const pagePolicy = new Map(pages.map((p) => [p.page, policyOfPage(p.text)]))

let embeddings: FakeEmbeddings
let qdrant: FakeQdrant
beforeAll(async () => {
  embeddings = await startFakeEmbeddings()
  qdrant = await startFakeQdrant()
})
afterAll(async () => {
  await embeddings?.close()
  await qdrant?.close()
})

const hasPgvector = async (db: Database) =>
  db.kind === 'pglite' || (await db.system.selectFrom('pg_available_extensions').select('name').where('name', '=', 'vector').execute()).length > 0

// pgvector where the database has it (PGlite always; a PostgreSQL server only with the extension installed).
const kinds = testDatabaseKinds()
const withoutPgvector: typeof kinds = []
for (const [kind, open] of kinds) {
  if (kind === 'pglite') continue
  const db = await open()
  if (!(await hasPgvector(db))) withoutPgvector.push([kind, open])
  await db.close()
}
const variants = kinds.flatMap(([kind, open]) =>
  (['pgvector', 'qdrant'] as const)
    .filter((store) => store === 'qdrant' || !withoutPgvector.some(([k]) => k === kind))
    .map((store) => [`${store} on ${kind}`, store, open] as const),
)

describe.each(variants)('hybrid retrieval, %s', (_name, store, open) => {
  let database: Database
  let knowledge: KnowledgeIndex
  let index: VectorIndex
  const tenantA = crypto.randomUUID()
  const tenantB = crypto.randomUUID()
  const doc = { id: crypto.randomUUID(), name: 'minimal-soc2_compiled.pdf' }
  // The fake model, except for one made-up word that lands on tenant B's chunk: what only a vector finds.
  const base = openAIEmbedder({ baseUrl: '', apiKey: 'k', model: 'fake' })
  let embedder: Embedder

  beforeAll(async () => {
    database = systemView(await open()) // the test's own queries, outside any request
    await migrateSchema(database, SCHEMA, chunkMigrations)
    const real = openAIEmbedder({ baseUrl: embeddings.url, apiKey: 'k', model: 'fake-embed' })
    embedder = {
      model: base.model,
      embedDocuments: (t) => real.embedDocuments(t),
      embedQuery: (t) => (t === 'zzqxv' ? Promise.resolve(fakeEmbedding('quokka telemetry zebra cipher')) : real.embedQuery(t)),
    }
    index = store === 'qdrant' ? qdrantIndex({ url: qdrant.url, collection: `c${crypto.randomUUID().slice(0, 8)}` }) : await pgvectorIndex(database, SCHEMA)
    knowledge = openKnowledge(database, SCHEMA, { embedder, index })
    await knowledge.replaceDocument(tenantA, doc, chunkPages(pages))
    await knowledge.replaceDocument(tenantB, { id: crypto.randomUUID(), name: 'b.pdf' }, [
      { ordinal: 0, page: 1, heading: 'Zebra Policy', text: 'Tenant B keeps its quokka telemetry encrypted with the zebra cipher.' },
    ])
  }, 120_000)
  afterAll(async () => database?.close())

  it('keeps hit@3 at 90% or more on the labelled questions', async () => {
    expect(knowledge.mode).toBe(`hybrid:${store}`)
    let hits = 0
    for (const { q, policies } of labelled) {
      const top = await knowledge.search(tenantA, q, 3)
      if (top.some((c) => policies.includes(pagePolicy.get(c.page) ?? ''))) hits++
    }
    console.log(`hybrid (${store}) hit@3 = ${((hits / labelled.length) * 100).toFixed(1)}% over ${labelled.length} questions`)
    expect(hits / labelled.length).toBeGreaterThanOrEqual(0.9)
  })

  it('fuses in what only the vectors find, within the tenant', async () => {
    // No word of "zzqxv" is in any chunk: full text finds nothing, the vector finds B's chunk.
    expect((await knowledge.search(tenantB, 'zzqxv', 3)).map((c) => c.documentName)).toEqual(['b.pdf'])
    expect((await knowledge.search(tenantA, 'zzqxv', 3)).every((c) => c.documentName === doc.name)).toBe(true)
    expect(await index.search(tenantB, fakeEmbedding('multi-factor authentication password'), 5)).toHaveLength(1)
    expect(await knowledge.search(tenantA, 'access control', 3, [])).toEqual([])
    expect(await knowledge.search(tenantA, 'access control', 3, [crypto.randomUUID()])).toEqual([])
  })

  it("replaces a document's vectors on re-ingest and deletes them with it", async () => {
    const other = { id: crypto.randomUUID(), name: 'again.pdf' }
    const chunks = [{ ordinal: 0, page: 1, heading: 'Backups', text: 'Backups are restored in a quarterly restoration drill.' }]
    await knowledge.replaceDocument(tenantA, other, chunks)
    await knowledge.replaceDocument(tenantA, other, chunks)
    const v = fakeEmbedding('Backups\nBackups are restored in a quarterly restoration drill.')
    expect((await index.search(tenantA, v, 50, [other.id])).length).toBe(1)
    expect(await knowledge.deleteDocument(tenantA, other.id)).toBe(1)
    expect(await index.search(tenantA, v, 50, [other.id])).toEqual([])
    expect((await knowledge.search(tenantA, 'quarterly restoration drill', 5)).some((c) => c.documentId === other.id)).toBe(false)
  })
})

// Only a PostgreSQL server without the extension can show the refusal (none when TEST_DATABASE_URL is unset).
if (withoutPgvector.length)
  describe.each(withoutPgvector)('embeddings on %s without pgvector', (_kind, open) => {
    it('are refused with a clear message, not silently searched without vectors', async () => {
      const database = systemView(await open())
      await migrateSchema(database, SCHEMA, chunkMigrations)
      await expect(pgvectorIndex(database, SCHEMA)).rejects.toThrow('this PostgreSQL has no pgvector extension: install pgvector or set QDRANT_URL')
      await database.close()
    })
  })

it('sends every Qdrant search with the tenant filter', () => {
  expect(qdrant.searchFilters.length).toBeGreaterThan(0)
  for (const f of qdrant.searchFilters) expect(f).toEqual({ must: expect.arrayContaining([{ key: 'tenant', match: { value: expect.any(String) } }]) })
})
