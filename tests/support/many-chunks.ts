// A company with many documents' chunks, for retrieval's plan test and bench: the quality set's
// policy corpora (tests/fixtures/policies: the 167-page SOC 2 set, the 37signals and Basecamp
// overviews, cloud.gov's and Langfuse's pages), extracted and chunked as uploads are, then stored
// again and again under new document ids until the tenant holds the number of chunks asked for.
import { chunkPages, extractPdfText } from '@portal/documents'
import type { ChunkInput, KnowledgeDb } from '@portal/knowledge'
import { replaceDocumentChunks } from '@portal/knowledge'
import type { Kysely } from 'kysely'
import { corpusDocuments } from '../quality/corpora.js'
import { loadSet } from '../quality/run-quality.js'

export interface PolicyDocument {
  name: string
  chunks: ChunkInput[]
}

/** Every policy document of the quality set's corpora, chunked (about 700 chunks in all). */
export async function policyDocuments(): Promise<PolicyDocument[]> {
  const set = await loadSet()
  const docs: PolicyDocument[] = []
  for (const corpus of Object.values(set.corpora)) {
    for (const doc of await corpusDocuments(corpus)) docs.push({ name: doc.name, chunks: chunkPages(await extractPdfText(doc.pdf)) })
  }
  return docs
}

/** Stores the documents for `tenantId` in turn, each time under a new id, until `total` chunks are stored; returns the documents stored. */
export async function loadChunks(db: Kysely<KnowledgeDb>, tenantId: string, docs: PolicyDocument[], total: number): Promise<number> {
  let stored = 0
  let n = 0
  while (stored < total) {
    const doc = docs[n % docs.length]!
    const chunks = doc.chunks.slice(0, total - stored)
    await replaceDocumentChunks(db, tenantId, { id: crypto.randomUUID(), name: `${n}-${doc.name}` }, chunks)
    stored += chunks.length
    n++
  }
  return n
}

/** The quality set's questions, as a questionnaire asks them. */
export async function policyQuestions(): Promise<string[]> {
  return [...new Set((await loadSet()).items.map((i) => i.question))]
}
