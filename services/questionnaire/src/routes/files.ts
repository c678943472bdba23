// Compliance documents and questionnaires of a client: upload (201 at once, work queued), list
// with processing state, delete with the stored file and its index entries.
import {
  CompanyParams,
  type ComplianceFileEntry,
  ComplianceFileListReply,
  FileParams,
  fileJob,
  fileReply,
  isUuid,
  KnowledgeDocumentParams,
  type QuestionnaireFileEntry,
  noReviewCounts,
  type ReviewCounts,
  QuestionnaireFileListReply,
  MessageReply,
  questionnaireErrors,
  UploadForm,
  uploadFormMessages,
  UploadReply,
  SpecText,
} from '@portal/contracts'
import { refundDaily, spendQuota } from '@portal/db'
import { AppError } from '@portal/errors'
import { type AppInstance, checkFormFields, principalOf, uploadValidatorCompiler } from '@portal/http'
import {
  answerCountsOf,
  reviewCountsOf,
  citedDocumentReason,
  deleteFile,
  findCompany,
  flagAnswersCiting,
  insertFile,
  listFiles,
  resumeDraftingAfter,
  SCHEMA,
} from '@portal/questionnaire-store'
import { contentDisposition, tenantKey } from '@portal/storage'
import type { QuestionnaireDeps } from '../deps.js'
import { okData, okMessage } from '../replies.js'
import { fileOf } from '../lookups.js'
import { checkContent, readUploads } from '../uploads.js'
import type { FastifyRequest } from 'fastify'
import { knowledgeBaseRoutes } from './knowledge-base.js'

/**
 * The upload routes' schema: the multipart body streams, so readUploads reads and checks it part by
 * part (its size, its content), and the text fields are then checked against the same form.
 */
const uploadSchema = {
  schema: {
    tags: ['questionnaire'],
    consumes: ['multipart/form-data'],
    body: UploadForm,
    response: { 201: UploadReply, ...questionnaireErrors(404, 413, 415, 429) },
  },
  validatorCompiler: uploadValidatorCompiler,
}
const pdfReply = (what: string) => fileReply('application/pdf', what)

type FileRow = Awaited<ReturnType<typeof listFiles>>[number]
type Answers = { answered: number; approved: number; filled: number }
type Reviews = Map<string, ReviewCounts>
/** `drafted`: questions the drafting job has been through (its progress), an empty draft included. */
const fileOut = (f: FileRow): ComplianceFileEntry => ({
  _id: f.id,
  company_id: f.companyId ?? '', // a client's list: always its client
  createdAt: f.createdAt.toISOString(),
  files: [{ fileName: f.fileName, _id: f.id }],
  state: f.state,
  error: f.error,
  total: f.total,
  drafted: f.drafted,
})
/** `answered`: questions a person approved or wrote, `approved` apart; `filled`: questions with a non-empty answer, drafts included. */
const questionnaireOut = (f: FileRow, answers: Map<string, Answers>, reviews: Reviews): QuestionnaireFileEntry => ({
  ...fileOut(f),
  answered: answers.get(f.id)?.answered ?? 0,
  approved: answers.get(f.id)?.approved ?? 0,
  filled: answers.get(f.id)?.filled ?? 0,
  review: reviews.get(f.id) ?? noReviewCounts(f.total),
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

  /** Removes what a failed upload stored, and gives its quota back; what cannot be removed now is logged. */
  const undoUpload = async (tenantId: string, rows: string[], keys: string[], use: { files: number; bytes: number }, req: FastifyRequest) => {
    for (const id of rows) await deleteFile(store, tenantId, id).catch((err: unknown) => req.log.error({ err, fileId: id }, 'failed upload: row not removed'))
    for (const key of keys) await blobs.delete(key).catch((err: unknown) => req.log.error({ err, key }, 'failed upload: stored file not removed'))
    await refundDaily(deps.store, SCHEMA, tenantId, use).catch((err: unknown) => req.log.error({ err }, 'failed upload: quota not given back'))
  }

  /**
   * The files of an upload, checked, stored (all or none) and queued for reading: a client's, or
   * (`companyWide`, compliance documents only) the company's, for every client.
   */
  const save = async (req: FastifyRequest, kind: 'compliance' | 'questionnaire', companyWide = false) => {
    const tenantId = principalOf(req).tenantId
    const { fields, files, discard } = await readUploads(req, kind)
    try {
      if (!companyWide) checkFormFields(UploadForm, fields, uploadFormMessages)
      const company = companyWide ? { id: null } : await companyOf(tenantId, fields['companyId'] ?? fields['company_id'])
      // Every file is checked before anything is stored: one bad file refuses the whole upload.
      for (const file of files) await checkContent(file)
      const use = { files: files.length, bytes: files.reduce((n, f) => n + f.spooled.size, 0) }
      await spendQuota(deps.store, SCHEMA, tenantId, use, deps.quota, 'uploads')
      const saved: ({ _id: string } & Pick<Awaited<ReturnType<typeof insertFile>>, 'fileName' | 'state'>)[] = []
      const stored: string[] = []
      const bytes = new Map<string, number>() // each file's size: smaller files are read first in a company's turn
      try {
        for (const file of files) {
          const key = tenantKey(tenantId, kind)
          const contentType = file.format === 'pdf' ? 'application/pdf' : 'application/octet-stream'
          await blobs.putFile(key, file.spooled.path, { contentType })
          stored.push(key)
          const row = await insertFile(store, tenantId, { companyId: company.id, kind, fileName: file.fileName, storageKey: key, format: file.format })
          saved.push({ _id: row.id, fileName: row.fileName, state: row.state })
          bytes.set(row.id, file.spooled.size)
        }
      } catch (err) {
        // All or nothing: an upload that failed half-way (storage or database gone) keeps no file
        // and spends no quota, so trying again later is the whole story for the user.
        await undoUpload(
          tenantId,
          saved.map((f) => f._id),
          stored,
          use,
          req,
        )
        throw err
      }
      for (const f of saved) {
        // The row, queued, is the job's record: should the queue be away now, the sweep queues it
        // once it is back, so the upload is kept and answered as such.
        await queue.add(...fileJob(kind, tenantId, f._id, undefined, bytes.get(f._id))).catch((err: unknown) => {
          if (!(err instanceof AppError && err.code === 'UNAVAILABLE')) throw err
          req.log.warn({ err, fileId: f._id }, 'queue unavailable: the sweep will queue this file')
        })
      }
      return saved
    } finally {
      await discard()
    }
  }

  app.post('/fs/enterpriseapps-compliance-uploadfile', uploadSchema, async (req, reply) =>
    reply.status(201).send(okData(await save(req, 'compliance'), 'file uploaded successfully')),
  )
  app.post('/questionnaires/save', uploadSchema, async (req, reply) =>
    reply.status(201).send(okData(await save(req, 'questionnaire'), 'file uploaded successfully')),
  )

  const listSchema = <R>(reply: R) => ({ tags: ['questionnaire'], params: CompanyParams, response: { 200: reply, ...questionnaireErrors(404) } })
  app.get('/compliancefile/:companyId', { schema: listSchema(ComplianceFileListReply) }, async (req) => {
    const company = await companyOf(principalOf(req).tenantId, req.params.companyId)
    return okData((await listFiles(store, principalOf(req).tenantId, company.id, 'compliance')).map((f) => fileOut(f)))
  })

  app.get('/questionnaires/:companyId', { schema: listSchema(QuestionnaireFileListReply) }, async (req) => {
    const { tenantId } = principalOf(req)
    const company = await companyOf(tenantId, req.params.companyId)
    const files = await listFiles(store, tenantId, company.id, 'questionnaire')
    const answers = await answerCountsOf(
      store,
      tenantId,
      files.map((f) => f.id),
    )
    const reviews = await reviewCountsOf(
      store,
      tenantId,
      files.map((f) => f.id),
    )
    return okData(files.map((f) => questionnaireOut(f, answers, reviews)))
  })

  const remove = async (req: FastifyRequest, id: string, kind: 'compliance' | 'questionnaire') => {
    const tenantId = principalOf(req).tenantId
    const file = await fileOf(deps, tenantId, id, kind)
    // Answers citing a deleted document go back to review, saying why (before its chunks go).
    if (kind === 'compliance') await flagAnswersCiting(store, tenantId, file.id, citedDocumentReason(file.fileName, 'deleted'))
    const key = await deleteFile(store, tenantId, file.id)
    if (key) await blobs.delete(key)
    await deps.knowledge.deleteDocument(tenantId, file.id)
    // A document deleted while queued or being read no longer holds up the client's drafting.
    if (kind === 'compliance' && (file.state === 'queued' || file.state === 'running')) {
      await resumeDraftingAfter(store, queue, tenantId, file)
    }
    return okMessage(SpecText.deleted)
  }
  knowledgeBaseRoutes(app, deps, { save: (req) => save(req, 'compliance', true), remove: (req, id) => remove(req, id, 'compliance') })
  // Streamed, never a public URL; always an attachment, never rendered in the portal's origin.
  app.get(
    '/compliancefile/:id/download',
    { schema: { tags: ['questionnaire'], params: FileParams, response: { 200: pdfReply('the document, as an attachment'), ...questionnaireErrors(404) } } },
    async (req, reply) => {
      const tenantId = principalOf(req).tenantId
      const file = await fileOf(deps, tenantId, req.params.id, 'compliance')
      return reply
        .type('application/pdf')
        .header('Content-Disposition', contentDisposition(file.fileName))
        .header('Cache-Control', 'private, no-store')
        .send(await blobs.get(file.storageKey))
    },
  )

  // The same document shown in the browser (the review page's source link opens it at the cited
  // page): inline, as a PDF, never sniffed into anything else; private to the tenant, never cached.
  app.get(
    '/compliancefile/:id/view',
    { schema: { tags: ['questionnaire'], params: KnowledgeDocumentParams, response: { 200: pdfReply('the document, inline'), ...questionnaireErrors(404) } } },
    async (req, reply) => {
      const tenantId = principalOf(req).tenantId
      const file = await fileOf(deps, tenantId, req.params.id, 'compliance')
      const body = await blobs.get(file.storageKey)
      return reply
        .type('application/pdf')
        .header('Content-Disposition', contentDisposition(file.fileName).replace(/^attachment/, 'inline'))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(body)
    },
  )

  const removeSchema = { tags: ['questionnaire'], params: FileParams, response: { 200: MessageReply, ...questionnaireErrors(404) } }
  app.delete('/compliancefile/:id', { schema: removeSchema }, async (req) => remove(req, req.params.id, 'compliance'))
  app.delete('/questionnaires/:id', { schema: removeSchema }, async (req) => remove(req, req.params.id, 'questionnaire'))
}
