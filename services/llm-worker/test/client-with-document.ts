// What the drafting tests start from: a client of a new tenant with one compliance document, read
// into the given chunks, and an empty questionnaire to draft.
import type { Database } from '@portal/db'
import { knowledgeDb } from '@portal/knowledge'
import { finishFile, insertCompany, insertFile, questionnaireDb, SCHEMA } from '@portal/questionnaire-store'
import { replaceDocumentChunks } from '@portal/knowledge'

export interface Chunk {
  ordinal: number
  page: number
  heading: string
  text: string
}

export async function clientWithDocument(database: Database, chunks: Chunk[]) {
  const db = questionnaireDb(database)
  const tenantId = crypto.randomUUID()
  const company = await insertCompany(db, tenantId, { companyName: 'Client', complianceBucket: 'c', questionnairesBucket: 'q' })
  const doc = await insertFile(db, tenantId, { companyId: company.id, kind: 'compliance', fileName: 'policy.pdf', storageKey: 'k1', format: 'pdf' })
  await replaceDocumentChunks(knowledgeDb(database, SCHEMA), tenantId, { id: doc.id, name: 'policy.pdf' }, chunks)
  await finishFile(db, tenantId, doc.id, { state: 'ready', total: chunks.length })
  const questionnaire = await insertFile(db, tenantId, { companyId: company.id, kind: 'questionnaire', fileName: 'q.xlsx', storageKey: 'k2', format: 'xlsx' })
  return { db, tenantId, company, doc, questionnaire }
}
