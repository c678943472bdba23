// Compliance documents and questionnaires of a client: upload (201 at once, work queued), list
// with processing state, delete with the stored file and its index entries.
import { draftJob, fileJob, isUuid } from '@portal/contracts'
import { spendQuota } from '@portal/db'
import { AppError } from '@portal/errors'
import { type AppInstance, ok, principalOf } from '@portal/http'
import {
  answerCountsOf, citedDocumentReason, deleteFile, findCompany, flagAnswersCiting, insertFile, listFiles, questionnairesAwaitingDocuments, SCHEMA,
} from '@portal/questionnaire-store'
import { contentDisposition, tenantKey } from '@portal/storage'
import { Type } from 'typebox'
import type { QuestionnaireDeps } from '../deps.js'
import { fileOf } from '../lookups.js'
import { checkContent, readUploads } from '../uploads.js'

const CompanyParam = Type.Object({ companyId: Type.String({ maxLength: 64 }) })
const IdParam = Type.Object({ id: Type.String({ maxLength: 64 }) })

type FileRow = Awaited<ReturnType<typeof listFiles>>[number]
type Answers = { answered: number; approved: number }
/**
 * `drafted`: questions the drafting job has been through (its progress), an empty draft included;
 * `answered`: questions with a non-empty answer, `approved` apart (questionnaires only).
 */
const fileOut = (f: FileRow, answers?: Map<string, Answers>) => ({
  _id: f.id,
  company_id: f.companyId,
  createdAt: f.createdAt.toISOString(),
  files: [{ fileName: f.fileName, _id: f.id }],
  state: f.state,
  error: f.error,
  total: f.total,
  drafted: f.drafted,
  ...(answers ? { answered: answers.get(f.id)?.answered ?? 0, approved: answers.get(f.id)?.approved ?? 0 } : {}),
})

export function fileRoutes(app: AppInstance, deps: QuestionnaireDeps): void {
  const { store, blobs, queue } = deps
  const notFound = (what: string) => new AppError('NOT_FOUND', { message: `${what} not found` })

  const companyOf = async (tenantId: string, id: string | undefined) => {
    if (!id || !isUuid(id)) throw new AppError('INVALID_REQUEST', { message: 'Choose a client first' })
    const company = await findCompany(store, tenantId, id)
    if (!company) throw notFound('Client')
    return company
  }

  const upload = (kind: 'compliance' | 'questionnaire') => async (req: Parameters<typeof principalOf>[0], reply: { status(n: number): { send(b: unknown): unknown } }) => {
    const tenantId = principalOf(req).tenantId
    const { fields, files, discard } = await readUploads(req, kind)
    try {
      const company = await companyOf(tenantId, fields['companyId'] ?? fields['company_id'])
      // Every file is checked before anything is stored: one bad file refuses the whole upload.
      for (const file of files) await checkContent(file)
      await spendQuota(deps.store, SCHEMA, tenantId, { files: files.length, bytes: files.reduce((n, f) => n + f.spooled.size, 0) }, deps.quota, 'uploads')
      const saved = []
      for (const file of files) {
        const key = tenantKey(tenantId, kind)
        const contentType = file.format === 'pdf' ? 'application/pdf' : 'application/octet-stream'
        await blobs.putFile(key, file.spooled.path, { contentType })
        const row = await insertFile(store, tenantId, { companyId: company.id, kind, fileName: file.fileName, storageKey: key, format: file.format })
        // The row, queued, is the job's record: should the queue be away now, the sweep queues it
        // once it is back, so the upload is kept and answered as such.
        await queue.add(...fileJob(kind, tenantId, row.id)).catch((err: unknown) => {
          if (!(err instanceof AppError && err.code === 'UNAVAILABLE')) throw err
          req.log.warn({ err, fileId: row.id }, 'queue unavailable: the sweep will queue this file')
        })
        saved.push({ _id: row.id, fileName: row.fileName, state: row.state })
      }
      return reply.status(201).send(ok(saved, 'file uploaded successfully'))
    } finally {
      await discard()
    }
  }

  app.post('/fs/enterpriseapps-compliance-uploadfile', { schema: { tags: ['questionnaire'] } }, upload('compliance'))
  app.post('/questionnaires/save', { schema: { tags: ['questionnaire'] } }, upload('questionnaire'))

  app.get('/compliancefile/:companyId', { schema: { tags: ['questionnaire'], params: CompanyParam } }, async (req) => {
    const company = await companyOf(principalOf(req).tenantId, req.params.companyId)
    return ok((await listFiles(store, principalOf(req).tenantId, company.id, 'compliance')).map((f) => fileOut(f)))
  })

  app.get('/questionnaires/:companyId', { schema: { tags: ['questionnaire'], params: CompanyParam } }, async (req) => {
    const { tenantId } = principalOf(req)
    const company = await companyOf(tenantId, req.params.companyId)
    const files = await listFiles(store, tenantId, company.id, 'questionnaire')
    const answers = await answerCountsOf(store, tenantId, files.map((f) => f.id))
    return ok(files.map((f) => fileOut(f, answers)))
  })

  const remove = (kind: 'compliance' | 'questionnaire') => async (req: Parameters<typeof principalOf>[0]) => {
    const tenantId = principalOf(req).tenantId
    const file = await fileOf(deps, tenantId, (req.params as { id: string }).id, kind)
    // Answers citing a deleted document go back to review, saying why (before its chunks go).
    if (kind === 'compliance') await flagAnswersCiting(store, tenantId, file.id, citedDocumentReason(file.fileName, 'deleted'))
    const key = await deleteFile(store, tenantId, file.id)
    if (key) await blobs.delete(key)
    await deps.knowledge.deleteDocument(tenantId, file.id)
    // A document deleted while queued or being read no longer holds up the client's drafting.
    if (kind === 'compliance' && (file.state === 'queued' || file.state === 'running')) {
      for (const q of await questionnairesAwaitingDocuments(store, tenantId, file.companyId)) await queue.add(...draftJob(tenantId, q.id, `after-${file.id}`))
    }
    return ok(undefined, 'Deleted Successfully')
  }
  // Streamed, never a public URL; always an attachment, never rendered in the portal's origin.
  app.get('/compliancefile/:id/download', { schema: { tags: ['questionnaire'], params: IdParam } }, async (req, reply) => {
    const tenantId = principalOf(req).tenantId
    const file = await fileOf(deps, tenantId, req.params.id, 'compliance')
    return reply.type('application/pdf').header('Content-Disposition', contentDisposition(file.fileName)).header('Cache-Control', 'private, no-store')
      .send(await blobs.get(file.storageKey))
  })

  app.delete('/compliancefile/:id', { schema: { tags: ['questionnaire'], params: IdParam } }, remove('compliance'))
  app.delete('/questionnaires/:id', { schema: { tags: ['questionnaire'], params: IdParam } }, remove('questionnaire'))
}
