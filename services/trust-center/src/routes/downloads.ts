// Document downloads, one or many (a zip). Staff may fetch any document of their tenant. Visitors
// may fetch `public` documents, and `approval` ones with a permission token that is valid now, of
// their own email, with the current NDA accepted: all of it checked again on every call.
// Bytes are streamed as an attachment, never rendered in our origin, never cached.
// The history's download rows are written here, by the server that serves the bytes: one per file
// served, a bulk zip included (one row per file in it). Clients cannot add download rows.
import { AUDIT, recordAudit } from '@portal/audit'
import { BulkDownloadBody, DownloadBody, documentBytes, errorReplies, fileReply, isUuid, NothingToDownload } from '@portal/contracts'
import { AppError } from '@portal/errors'
import { type AppInstance, principalOf } from '@portal/http'
import { isValidEmail } from '@portal/mail'
import { contentDisposition } from '@portal/storage'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { ZipFile } from 'yazl'
import { isStaffCall, staffIfSignedIn } from '../access-control.js'
import { findDocument, findDocuments } from '../db/documents.repo.js'
import { type HistoryEntry, insertHistory } from '../db/history.repo.js'
import type { TrustCenterDeps } from '../deps.js'
import { mimeTypes } from '../domain/document-file.js'
import { stripControls } from '../domain/text.js'
import { accessNotGranted, visitorMayDownloadGated } from '../permissions.js'
import type { Site } from '../sites.js'

export const BULK_ZIP_NAME = 'Trust_Center_Bulk_Download.zip'

/** A bearer token must be a staff member's (401, 403); a visitor lacks the permission (403) or the document is not theirs to see (404). */
const downloadErrors = errorReplies(400, 401, 403, 404, 413, 415, 429)
const notFound = () => new AppError('NOT_FOUND', { message: 'Document not found' })

type Doc = NonNullable<Awaited<ReturnType<typeof findDocument>>>

/** A requested download name keeps the document's extension; controls and separators go. */
function downloadName(requested: string | undefined, doc: Doc): string {
  const name = stripControls(requested ?? '')
    .replace(/[/\\]/g, '_')
    .trim()
    .slice(0, 200)
  if (!name) return doc.fileName
  const ext = /\.[a-z0-9]+$/i.exec(doc.fileName)?.[0] ?? ''
  return name.toLowerCase().endsWith(ext.toLowerCase()) ? name : `${name}${ext}`
}

/** Unique names inside one zip: `a.pdf`, `a (2).pdf`, ... */
function uniqueNames(docs: Doc[]): string[] {
  const seen = new Map<string, number>()
  return docs.map((d) => {
    const n = (seen.get(d.fileName) ?? 0) + 1
    seen.set(d.fileName, n)
    return n === 1 ? d.fileName : d.fileName.replace(/(\.[^.]*)?$/, (ext) => ` (${n})${ext}`)
  })
}

const downloadHeaders = (reply: FastifyReply, type: string, fileName: string) =>
  reply.type(type).header('Content-Disposition', contentDisposition(fileName)).header('X-Content-Type-Options', 'nosniff').header('Cache-Control', 'no-store')

export function downloadRoutes(app: AppInstance, deps: TrustCenterDeps): void {
  const { db, blobs, sites } = deps
  const tags = ['trust-center']

  /** The caller's site and who they are, for the history. */
  async function caller(req: FastifyRequest): Promise<{ site: Site; staff: boolean; who: string }> {
    if (isStaffCall(req)) return { site: await sites.forStaff(req), staff: true, who: `staff: ${principalOf(req).name ?? 'unknown'}` }
    return { site: await sites.forPublic(req), staff: false, who: 'visitor' }
  }

  /** The email a public download is recorded under: only a well-formed one, and never proof of identity. */
  const claimedEmail = (email: string | undefined) => {
    const e = email?.trim().toLowerCase()
    return e && isValidEmail(e) ? e : null
  }

  app.post(
    '/fs/download-docs',
    {
      preHandler: staffIfSignedIn,
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        body: DownloadBody,
        response: { 200: documentBytes(Object.values(mimeTypes), "The document's bytes, as an attachment"), ...downloadErrors },
      },
    },
    async (req, reply) => {
      const { site, staff, who } = await caller(req)
      const doc = isUuid(req.body.fileKey) ? await findDocument(db, site.tenantId, req.body.fileKey) : undefined
      if (!doc || (!staff && doc.visibility === 'internal')) throw notFound()
      let email = staff ? null : claimedEmail(req.body.userAccessEmail)
      if (!staff && doc.visibility === 'approval') {
        const grant = await visitorMayDownloadGated(deps, site.tenantId, req.body.permissionToken, req.body.userAccessEmail)
        if (!grant) throw accessNotGranted()
        email = grant.email
      }
      const stream = await blobs.get(doc.blobKey)
      await insertHistory(db, site.tenantId, [{ type: 'download', email, fileName: doc.fileName, detail: `Downloaded (${who})` }])
      await recordAudit(db, req, {
        action: AUDIT.documentDownloaded,
        tenantId: site.tenantId,
        target: doc.fileName,
        ...(staff ? {} : { actor: { id: null, email } }),
      })
      return downloadHeaders(reply, doc.mimeType, downloadName(req.body.newFileName, doc)).send(stream)
    },
  )

  app.post(
    '/fs/bulk-download-docs',
    {
      preHandler: staffIfSignedIn,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        body: BulkDownloadBody,
        response: { 200: fileReply('application/zip', `${BULK_ZIP_NAME}: the documents the caller may download`), ...downloadErrors, 404: NothingToDownload },
      },
    },
    async (req, reply) => {
      const { site, staff, who } = await caller(req)
      const docs = await findDocuments(db, site.tenantId, [...new Set(req.body.fileKeys)].filter(isUuid))
      let email = staff ? null : claimedEmail(req.body.userAccessEmail)
      let allowed = docs
      if (!staff) {
        const gated = docs.some((d) => d.visibility === 'approval')
        const grant = gated ? await visitorMayDownloadGated(deps, site.tenantId, req.body.permissionToken, req.body.userAccessEmail) : undefined
        if (grant) email = grant.email
        allowed = docs.filter((d) => d.visibility === 'public' || (d.visibility === 'approval' && grant))
      }
      // A document whose bytes are missing is left out rather than breaking the archive half-way.
      const present = (await Promise.all(allowed.map(async (d) => ((await blobs.stat(d.blobKey)) ? d : undefined)))).filter((d): d is Doc => !!d)
      if (!present.length) return reply.status(404).send({ status: false, message: 'No documents available for download', data: [] })

      const zip = new ZipFile()
      const names = uniqueNames(present)
      present.forEach((d, i) => {
        zip.addReadStreamLazy(names[i]!, { size: d.size, mtime: d.createdAt }, (cb) => {
          blobs.get(d.blobKey).then(
            (s) => cb(null, s),
            (err: unknown) => cb(err, undefined as unknown as NodeJS.ReadableStream),
          )
        })
      })
      zip.end()
      zip.outputStream.on('error', (err) => req.log.error({ err }, 'bulk download failed while streaming'))
      const entries: HistoryEntry[] = present.map((d) => ({
        type: 'download',
        email,
        fileName: d.fileName,
        detail: `Bulk download of ${present.length} (${who})`,
      }))
      await insertHistory(db, site.tenantId, entries)
      await recordAudit(db, req, {
        action: AUDIT.documentDownloaded,
        tenantId: site.tenantId,
        target: present.map((d) => d.fileName).join(', '),
        ...(staff ? {} : { actor: { id: null, email } }),
      })
      return downloadHeaders(reply, 'application/zip', BULK_ZIP_NAME).send(zip.outputStream)
    },
  )
}
