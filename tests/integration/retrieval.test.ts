// Knowledge-base retrieval on the real SOC 2 policy set: PDF → pages → chunks → Postgres full-text
// index, then the labelled questions of tests/fixtures. Also: one tenant never retrieves another's.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { type Database, migrateSchema, systemView, testDatabaseKinds } from '@portal/db'
import { chunkMigrations, knowledgeDb, replaceDocumentChunks, searchChunks, deleteDocumentChunks } from '@portal/knowledge'
import { chunkPages, extractPdfText } from '@portal/documents'
import { labelledQuestions, policyOfPage } from '../support/policy-pages.js'

const labelled = { items: await labelledQuestions() }
const PDF = path.resolve(process.cwd(), 'tests/fixtures/policies/open_access_policies/minimal-soc2_compiled.pdf')
const SCHEMA = 'questionnaire'

describe.each(testDatabaseKinds())('retrieval on %s', (_kind, open) => {
  let database: Database
  const tenantA = crypto.randomUUID()
  const tenantB = crypto.randomUUID()
  const doc = { id: crypto.randomUUID(), name: 'minimal-soc2_compiled.pdf' }
  let pagePolicy: Map<number, string | undefined>

  beforeAll(async () => {
    database = systemView(await open()) // the test's own queries, outside any request: the code's tenant filters are the wall
    await migrateSchema(database, SCHEMA, chunkMigrations)
    const pages = await extractPdfText(await readFile(PDF))
    pagePolicy = new Map(pages.map((p) => [p.page, policyOfPage(p.text)]))
    await replaceDocumentChunks(knowledgeDb(database, SCHEMA), tenantA, doc, chunkPages(pages))
    await replaceDocumentChunks(knowledgeDb(database, SCHEMA), tenantB, { id: crypto.randomUUID(), name: 'b.pdf' }, [
      { ordinal: 0, page: 1, heading: 'Zebra Policy', text: 'Tenant B keeps its quokka telemetry encrypted with the zebra cipher.' },
    ])
  }, 60_000)
  afterAll(async () => database?.close())

  it('finds the right policy in the top 3 for at least 90% of the labelled questions', async () => {
    const db = knowledgeDb(database, SCHEMA)
    const misses: string[] = []
    for (const { q, policies } of labelled.items) {
      const top = await searchChunks(db, tenantA, q, 3)
      if (!top.some((c) => policies.includes(pagePolicy.get(c.page) ?? ''))) misses.push(q)
    }
    const hitRate = 1 - misses.length / labelled.items.length
    console.log(`retrieval hit@3 = ${(hitRate * 100).toFixed(1)}% over ${labelled.items.length} questions; misses: ${JSON.stringify(misses)}`)
    expect(labelled.items.length).toBeGreaterThanOrEqual(60)
    expect(hitRate).toBeGreaterThanOrEqual(0.9)
  })

  it("never returns another tenant's chunks", async () => {
    const db = knowledgeDb(database, SCHEMA)
    expect(await searchChunks(db, tenantA, 'quokka zebra cipher')).toEqual([])
    expect((await searchChunks(db, tenantB, 'quokka zebra cipher')).map((c) => c.documentName)).toEqual(['b.pdf'])
    expect(await searchChunks(db, tenantB, 'multi-factor authentication')).toEqual([])
  })

  it("re-ingesting replaces a document's chunks and deleting removes them", async () => {
    const db = knowledgeDb(database, SCHEMA)
    const other = { id: crypto.randomUUID(), name: 'again.pdf' }
    const chunks = [{ ordinal: 0, page: 1, heading: 'Backups', text: 'Backups are restored in a quarterly restoration drill.' }]
    await replaceDocumentChunks(db, tenantA, other, chunks)
    await replaceDocumentChunks(db, tenantA, other, chunks)
    expect((await searchChunks(db, tenantA, 'quarterly restoration drill')).filter((c) => c.documentId === other.id)).toHaveLength(1)
    expect(await deleteDocumentChunks(db, tenantA, other.id)).toBe(1)
    expect(await searchChunks(db, tenantA, 'restoration drill quarterly')).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ documentId: other.id })]),
    )
    expect(await searchChunks(db, tenantA, '')).toEqual([])
  })
})
