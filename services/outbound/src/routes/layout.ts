// The layout of a template's or a sent questionnaire's file (issue 23, as for the AI review's
// questionnaires: services/questionnaire routes/layout.ts): GET shows how its questions were read
// (sheet, header row, a role per column, the product's confidence, a preview); PUT confirms a
// mapping, re-reads the questions from the stored file with exactly those columns (questions
// keeping their id and text keep their rows, and an outbound's answers, attachments and comments),
// remembers it for the next file of the same form, and makes the file ready to send.
import { events, isUuid, LayoutBody, LAYOUT_SHEET_MESSAGE, layoutMessages, LayoutReply, OutboundIdParams, outboundErrors } from '@portal/contracts'
import { checkMapping, GRID_FORMATS, type LayoutMapping, layoutReply, NO_QUESTIONS_WITH_MAPPING, readQuestionnaire } from '@portal/documents'
import { AppError } from '@portal/errors'
import { type AppInstance, principalOf } from '@portal/http'
import type { FastifyRequest } from 'fastify'
import { assertOpen, outboundFor } from '../access.js'
import { type FileKind, finishStoredFile, rereadFileQuestions, type StoredFile } from '../db/files.repo.js'
import { rememberLayout } from '@portal/questionnaire-store'
import { findFileLayout, saveFileLayout } from '../db/layout.repo.js'
import { findTemplate } from '../db/templates.repo.js'
import type { OutboundDeps } from '../deps.js'

const tags = ['outbound']
const reading = (kind: FileKind) =>
  kind === 'template'
    ? 'This template is still being read; its columns can be checked once it is read'
    : 'This questionnaire is still being read; its columns can be checked once it is read'
const notAGrid = (kind: FileKind) => `This ${kind === 'template' ? 'template' : 'questionnaire'} was read from a PDF: it has no columns to check`
const FAILED = 'This file could not be read: upload it again'

export function layoutRoutes(app: AppInstance, deps: OutboundDeps): void {
  const { db } = deps

  /** The file of the template or outbound named, of the signed-in staff member's tenant, once read. */
  const fileOf = async (req: FastifyRequest, kind: FileKind, id: string): Promise<StoredFile> => {
    const me = principalOf(req)
    let file: StoredFile
    if (kind === 'template') {
      const t = isUuid(id) ? await findTemplate(db, me.tenantId, id) : undefined
      if (!t) throw new AppError('NOT_FOUND', { message: 'Template not found' })
      file = { ...t, fileSize: Number(t.fileSize) }
    } else file = await outboundFor(deps, me, id)
    if (file.state === 'queued' || file.state === 'running') throw new AppError('CONFLICT', { message: reading(kind) })
    if (!GRID_FORMATS.has(file.format)) throw new AppError('UNPROCESSABLE', { message: notAGrid(kind) })
    return file
  }

  const get = async (req: FastifyRequest, kind: FileKind, id: string) => {
    const { tenantId } = principalOf(req)
    const file = await fileOf(req, kind, id)
    let layout = await findFileLayout(db, tenantId, kind, file.id)
    if (!layout) {
      // Read before layouts were kept (or copied from a template): describe the reading now (its questions stay as they are).
      const read = await readQuestionnaire(deps.blobs, { format: file.format, storageKey: file.blobKey })
      if (!read.layout) throw new AppError('UNPROCESSABLE', { message: file.state === 'failed' ? FAILED : notAGrid(kind) })
      layout = { ...read.layout, needsCheck: false }
      await saveFileLayout(db, tenantId, kind, file.id, layout)
    }
    return { status: true as const, data: layoutReply(layout) }
  }

  const put = async (req: FastifyRequest, kind: FileKind, id: string, mapping: LayoutMapping) => {
    const { tenantId } = principalOf(req)
    const file = await fileOf(req, kind, id)
    checkMapping(mapping)
    const { questions, layout } = await readQuestionnaire(deps.blobs, { format: file.format, storageKey: file.blobKey }, { mapping })
    if (!layout?.sheets.some((s) => s.name === mapping.sheet)) throw new AppError('INVALID_REQUEST', { message: LAYOUT_SHEET_MESSAGE })
    if (!questions.length)
      throw new AppError('UNPROCESSABLE', {
        message: NO_QUESTIONS_WITH_MAPPING,
      })
    const changed = await rereadFileQuestions(db, tenantId, kind, file.id, questions)
    await saveFileLayout(db, tenantId, kind, file.id, layout)
    await rememberLayout(db, tenantId, layout.fingerprint, mapping)
    await finishStoredFile(db, tenantId, kind, file.id, { state: 'ready' })
    await deps.bus
      .publish(events.outboundExtracted(tenantId), { kind, id: file.id, state: 'ready', total: questions.length })
      .catch((err: unknown) => req.log.warn({ err }, 'extracted event not published'))
    req.log.info({ kind, id: file.id, ...changed }, 'outbound columns confirmed')
    return { status: true as const, message: 'Columns saved', data: layoutReply(layout) }
  }

  const reply = { 200: LayoutReply, ...outboundErrors('staff', 404, 409, 422) }
  const putSchema = { tags, params: OutboundIdParams, body: LayoutBody, response: reply }

  app.get('/questionnaire-templates/:id/layout', { schema: { tags, params: OutboundIdParams, response: reply } }, (req) => get(req, 'template', req.params.id))
  app.put('/questionnaire-templates/:id/layout', { schema: putSchema, config: { fieldMessages: layoutMessages } }, (req) =>
    put(req, 'template', req.params.id, req.body),
  )
  app.get('/outbound/:id/layout', { schema: { tags, params: OutboundIdParams, response: reply } }, (req) => get(req, 'outbound', req.params.id))
  app.put('/outbound/:id/layout', { schema: putSchema, config: { fieldMessages: layoutMessages } }, async (req) => {
    // Once the recipient submitted, what they answered stays as it was read.
    assertOpen(await outboundFor(deps, principalOf(req), req.params.id))
    return put(req, 'outbound', req.params.id, req.body)
  })
}
