// ingest-document: a compliance PDF becomes chunks in the tenant's full-text index (and vectors),
// and the question/answer pairs it holds (tables, FAQs, question headings) are kept from the same pages.
// A document uploaded again under its name is a new version: once this one is read, the older ones
// go (row, stored file, chunks), and answers citing them go back to review, saying so.
import { events, type FileJob } from '@portal/contracts'
import type { Database } from '@portal/db'
import { chunkPages, extractPdfFile, findQaPairs, withLocalCopy } from '@portal/documents'
import { AppError } from '@portal/errors'
import type { KnowledgeIndex, PairIndex } from '@portal/knowledge'
import { citedDocumentReason, deleteFile, finishFile, flagAnswersCiting, olderVersions, questionnaireDb } from '@portal/questionnaire-store'
import type { BlobStore } from '@portal/storage'
import type { EventBus } from '@portal/bus'
import type { FileRow } from './file-job.js'

export async function ingestDocument(
  deps: { db: Database; blobs: BlobStore; bus: EventBus; knowledge: KnowledgeIndex & PairIndex },
  job: FileJob,
  file: FileRow,
): Promise<void> {
  const pages = await withLocalCopy(deps.blobs, file.storageKey, (path) => extractPdfFile(path))
  const chunks = chunkPages(pages)
  if (!chunks.length) throw new AppError('UNPROCESSABLE', { message: 'The PDF has no text layer (is it a scan?): upload a PDF with selectable text' })
  const doc = { id: file.id, name: file.fileName }
  await deps.knowledge.replaceDocument(job.tenantId, doc, chunks)
  const pairs = findQaPairs(pages)
  await deps.knowledge.replacePairs(job.tenantId, doc, pairs)
  const db = questionnaireDb(deps.db)
  await finishFile(db, job.tenantId, file.id, { state: 'ready', total: pages.length })
  for (const old of await olderVersions(db, job.tenantId, file)) {
    await flagAnswersCiting(db, job.tenantId, old.id, citedDocumentReason(old.fileName, 'replaced'))
    await deps.knowledge.deleteDocument(job.tenantId, old.id)
    await deleteFile(db, job.tenantId, old.id)
    await deps.blobs.delete(old.storageKey)
  }
  await deps.bus.publish(events.documentIngested(job.tenantId), { fileId: file.id, pages: pages.length, chunks: chunks.length, pairs: pairs.length })
}
