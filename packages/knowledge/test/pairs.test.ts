// The question/answer pairs of documents through the knowledge index, in text and in hybrid mode:
// replaced per document (a re-run stores the same rows), listed per tenant and per document in the
// document's order, gone with the document, and never another tenant's.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { type Database, migrateSchema, systemView, testDatabaseKinds } from '@portal/db'
import { chunkMigrations, type Embedder, type KnowledgeIndex, openKnowledge, type PairIndex, type VectorIndex } from '../src/index.js'

const SCHEMA = 'knowledge_pairs'

/** Vectors kept in memory: the hybrid index's deleteDocument must still remove the pairs. */
function memoryVectors(): VectorIndex {
  const docs = new Map<string, { chunkId: string; vector: number[] }[]>()
  return {
    kind: 'pgvector',
    replaceDocument: async (tenantId, documentId, items) => void docs.set(`${tenantId}/${documentId}`, items),
    search: async () => [],
    deleteDocument: async (tenantId, documentId) => void docs.delete(`${tenantId}/${documentId}`),
  }
}
const lengths: Embedder = {
  model: 'lengths',
  embedDocuments: async (texts) => texts.map((t) => [t.length, 1]),
  embedQuery: async (t) => [t.length, 1],
}

describe.each(testDatabaseKinds())('question/answer pairs on %s', (_kind, open) => {
  let database: Database
  beforeAll(async () => {
    database = systemView(await open())
    await migrateSchema(database, SCHEMA, chunkMigrations)
  })
  afterAll(async () => database?.close())

  it.each(['text', 'hybrid'] as const)('keeps, lists and deletes them per tenant and document (%s)', async (mode) => {
    const knowledge: KnowledgeIndex & PairIndex =
      mode === 'text' ? openKnowledge(database, SCHEMA) : openKnowledge(database, SCHEMA, { embedder: lengths, index: memoryVectors() })
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()]
    const faq = { id: crypto.randomUUID(), name: 'faq.pdf' }
    const caiq = { id: crypto.randomUUID(), name: 'caiq.pdf' }
    const chunk = { ordinal: 0, page: 1, heading: '', text: 'Security FAQ' }
    await knowledge.replaceDocument(a, faq, [chunk])
    const found = [
      { page: 1, question: 'Is my data encrypted?', answer: 'Yes, with AES-256.' },
      { page: 2, question: 'Do you run penetration tests?', answer: 'Yes, every year.' },
    ]
    // Twice: a re-run of the ingest job leaves one copy.
    await knowledge.replacePairs(a, faq, found)
    await knowledge.replacePairs(a, faq, found)
    await knowledge.replacePairs(a, caiq, [{ page: 3, question: 'Is MFA enforced?', answer: 'No.' }])
    await knowledge.replacePairs(b, { id: crypto.randomUUID(), name: 'b.pdf' }, [{ page: 1, question: 'Is B secret?', answer: 'Yes.' }])

    const all = await knowledge.pairs(a)
    // Ordered by document name, then in the document's order.
    expect(all.map((p) => [p.documentName, p.page, p.question, p.answer])).toEqual([
      ['caiq.pdf', 3, 'Is MFA enforced?', 'No.'],
      ['faq.pdf', 1, 'Is my data encrypted?', 'Yes, with AES-256.'],
      ['faq.pdf', 2, 'Do you run penetration tests?', 'Yes, every year.'],
    ])
    expect(all[1]).toMatchObject({ documentId: faq.id, id: expect.any(String) })
    expect((await knowledge.pairs(a, [faq.id])).map((p) => p.question)).toEqual(['Is my data encrypted?', 'Do you run penetration tests?'])
    expect(await knowledge.pairs(a, [])).toEqual([])
    // Another tenant's document id gives nothing, even named.
    expect(await knowledge.pairs(b, [faq.id])).toEqual([])
    expect((await knowledge.pairs(b)).map((p) => p.question)).toEqual(['Is B secret?'])

    // Replaced by an empty list: the document has no pairs any more.
    await knowledge.replacePairs(a, caiq, [])
    expect((await knowledge.pairs(a)).map((p) => p.documentName)).toEqual(['faq.pdf', 'faq.pdf'])
    // Another tenant deleting the id removes nothing; the owner's delete takes chunks and pairs.
    expect(await knowledge.deleteDocument(b, faq.id)).toBe(0)
    expect(await knowledge.pairs(a, [faq.id])).toHaveLength(2)
    expect(await knowledge.deleteDocument(a, faq.id)).toBe(1)
    expect(await knowledge.pairs(a)).toEqual([])
    expect(await knowledge.pairs(b)).toHaveLength(1)
  })
})
