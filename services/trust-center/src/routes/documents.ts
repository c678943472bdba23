// Documents: upload (checked by content), list (staff: all; visitors: not `internal`), edit, delete.
import { readFile } from 'node:fs/promises'
import { DeleteFilesBody, DeleteFilesReply, DocumentUpdateBody, DocumentUploadForm, documentUploadMessages, events, isUuid, SpecText } from '@portal/contracts'
import { refundDaily, spendQuota } from '@portal/db'
import { AppError } from '@portal/errors'
import { type AppInstance, checkFormFields, principalOf, uploadValidatorCompiler } from '@portal/http'
import { isPdf, nameForContent, tenantKey } from '@portal/storage'
import { checkPdfFile } from '@portal/documents'
import { Type } from 'typebox'
import { guards } from '../access-control.js'
import { deleteDocuments, findDocument, insertDocument, listDocuments, replaceDocumentFile, updateDocument } from '../db/documents.repo.js'
import { SCHEMA, type Visibility } from '../db/schema.js'
import type { TrustCenterDeps } from '../deps.js'
import { DOCUMENT_MAX_BYTES, documentKind, mimeTypes } from '../domain/document-file.js'
import { invalid, limits, plainText } from '../domain/text.js'
import { documentOut } from '../domain/dto.js'
import { type ChangeInput, recordChanges } from '../updates.js'
import { spoolUpload } from '../uploads.js'
import { Document, IdParams, Said, publicErrors, Reply, staffBodyErrors, staffErrors, staffRowBodyErrors, uploadErrors, VISIBILITIES } from './schemas.js'

const notFound = () => new AppError('NOT_FOUND', { message: 'Document not found' })

function visibilityOf(value: string | undefined): Visibility | undefined {
  if (value === undefined || value === '') return undefined
  if (!(VISIBILITIES as readonly string[]).includes(value)) throw invalid('visibility', 'Invalid visibility')
  return value as Visibility
}

type Seen = { title: string; visibility: Visibility } | undefined

/** What visitors see changed when a document goes from `before` to `after` (internal ones are never seen). */
export function documentChange(before: Seen, after: Seen): ChangeInput[] {
  const was = before && before.visibility !== 'internal' ? before : undefined
  const is = after && after.visibility !== 'internal' ? after : undefined
  if (!was && !is) return []
  if (!was) return [{ kind: 'document', action: 'added', title: is!.title }]
  if (!is) return [{ kind: 'document', action: 'removed', title: was.title }]
  return [{ kind: 'document', action: 'updated', title: is.title }]
}

/** A document visitors can now see (added, or no longer internal): the company's webhooks hear it. */
async function announcePublished(deps: TrustCenterDeps, tenantId: string, changes: ChangeInput[], doc: { id: string; title: string; visibility: string }) {
  if (!changes.some((c) => c.action === 'added')) return
  await deps.bus
    .publish(events.documentPublished(tenantId), { tenantId, documentId: doc.id, title: doc.title, visibility: doc.visibility })
    .catch(() => undefined) // best-effort, as every event: the document is saved either way
}

export function documentRoutes(app: AppInstance, deps: TrustCenterDeps): void {
  const { db, blobs, sites } = deps
  const { staff, admin } = guards(sites)
  const tags = ['trust-center']
  const List = Reply(Type.Array(Document))

  app.get('/documentslist', { ...staff, schema: { tags, response: { 200: List, ...staffErrors } } }, async (req) => ({
    status: true,
    data: (await listDocuments(db, principalOf(req).tenantId, { includeInternal: true })).map(documentOut),
  }))

  app.get('/documentslistuser', { schema: { tags, response: { 200: List, ...publicErrors } } }, async (req) => ({
    status: true,
    data: (await listDocuments(db, (await sites.forPublic(req)).tenantId, { includeInternal: false })).map(documentOut),
  }))

  app.post(
    '/fs/upload-docs',
    {
      ...admin,
      schema: { tags, consumes: ['multipart/form-data'], body: DocumentUploadForm, response: { 201: Reply(Document), ...uploadErrors } },
      validatorCompiler: uploadValidatorCompiler,
    },
    async (req, reply) => {
      const tenantId = principalOf(req).tenantId
      const upload = await spoolUpload(req, { maxBytes: DOCUMENT_MAX_BYTES, tooLarge: 'The document is larger than 25 MB' })
      try {
        checkFormFields(DocumentUploadForm, upload.fields, documentUploadMessages)
        const title = plainText(upload.fields['title'], { field: 'title', max: limits.title })
        const visibility = visibilityOf(upload.fields['visibility'])
        const replacing = upload.fields['fileId']
        // Checked before anything is stored: a refused file leaves no row and no blob.
        const existing = replacing ? (isUuid(replacing) ? await findDocument(db, tenantId, replacing) : undefined) : undefined
        if (replacing && !existing) throw notFound()
        const { size, path } = upload.spooled
        // A PDF must open in pdf.js without a password (worker thread, read from the file); Office
        // files (at most 25 MB) are read whole, since their archive check needs all of it.
        const kind = isPdf(upload.spooled.head) ? 'pdf' : await documentKind(await readFile(path))
        if (kind === 'pdf') await checkPdfFile(path)
        const fileName = nameForContent(upload.fileName, kind, 'document')
        const use = { files: 1, bytes: size }
        await spendQuota(db, SCHEMA, tenantId, use, deps.config.quota, 'uploads')
        const file = { fileName, blobKey: tenantKey(tenantId, 'documents'), size, mimeType: mimeTypes[kind] }
        // All or nothing: a document not saved (storage or database gone, or deleted meanwhile)
        // leaves no stored file and gives its quota back.
        const undo = async () => {
          await blobs.delete(file.blobKey).catch((err: unknown) => req.log.error({ err }, 'failed upload: stored file not removed'))
          await refundDaily(db, SCHEMA, tenantId, use).catch((err: unknown) => req.log.error({ err }, 'failed upload: quota not given back'))
        }
        const row = await (async () => {
          await blobs.putFile(file.blobKey, path, { contentType: file.mimeType })
          return existing
            ? await replaceDocumentFile(db, tenantId, existing.id, { ...file, title: title?.trim() ? title : undefined, visibility })
            : await insertDocument(db, tenantId, {
                ...file,
                title: title?.trim() ? title : fileName.replace(/\.[a-z]+$/, ''),
                visibility: visibility ?? 'approval',
              })
        })().catch(async (err: unknown) => {
          await undo()
          throw err
        })
        if (!row) {
          await undo() // the document was deleted meanwhile
          throw notFound()
        }
        if (existing) await blobs.delete(existing.blobKey)
        const changes = documentChange(existing, row)
        await recordChanges(deps, tenantId, changes)
        await sites.changed(tenantId)
        await announcePublished(deps, tenantId, changes, row)
        return reply.status(201).send({ status: true, message: 'file uploaded successfully', data: documentOut(row) })
      } finally {
        await upload.spooled.remove()
      }
    },
  )

  app.put(
    '/documents/:id',
    {
      ...admin,
      schema: {
        tags,
        params: IdParams,
        body: DocumentUpdateBody,
        response: { 200: Reply(Document), ...staffRowBodyErrors },
      },
    },
    async (req) => {
      const tenantId = principalOf(req).tenantId
      const title = req.body.title === undefined ? undefined : plainText(req.body.title, { field: 'title', max: limits.title, required: true })
      const visibility = visibilityOf(req.body.visibility)
      const before = isUuid(req.params.id) ? await findDocument(db, tenantId, req.params.id) : undefined
      const row = before ? await updateDocument(db, tenantId, before.id, { title, visibility }) : undefined
      if (!row) throw notFound()
      // Saving the same title and visibility again changes nothing visitors see.
      const changes = before!.title !== row.title || before!.visibility !== row.visibility ? documentChange(before, row) : []
      await recordChanges(deps, tenantId, changes)
      await sites.changed(tenantId)
      await announcePublished(deps, tenantId, changes, row)
      return { status: true, message: 'Updated Successfully', data: documentOut(row) }
    },
  )

  const remove = async (tenantId: string, ids: string[]) => {
    const rows = await deleteDocuments(db, tenantId, ids.filter(isUuid))
    for (const row of rows) await blobs.delete(row.blobKey)
    if (rows.length) {
      await recordChanges(
        deps,
        tenantId,
        rows.flatMap((r) => documentChange(r, undefined)),
      )
      await sites.changed(tenantId)
    }
    return rows.length
  }

  app.delete('/documents/:id', { ...admin, schema: { tags, params: IdParams, response: { 200: Said, ...staffRowBodyErrors } } }, async (req) => {
    if (!(await remove(principalOf(req).tenantId, [req.params.id]))) throw notFound()
    return { status: true, message: SpecText.deleted }
  })

  app.post(
    '/fs/delete-files',
    {
      ...admin,
      schema: {
        tags,
        body: DeleteFilesBody,
        response: { 201: DeleteFilesReply, ...staffBodyErrors },
      },
    },
    async (req, reply) => {
      const ids = req.body.fileKeys ?? []
      // Spec §5: a bulk delete with nothing chosen does nothing and answers 201 with an empty result.
      if (!ids.length) return reply.status(201).send({ status: true, data: [] })
      return reply.status(201).send({ status: true, data: { deleted: await remove(principalOf(req).tenantId, ids) } })
    },
  )
}
