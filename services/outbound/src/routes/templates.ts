// Questionnaire templates (spec §7 /questionnaire-templates): upload a questionnaire once, have its
// questions extracted (the same extraction as the AI review), edit them, and send it to clients.
import {
  isUuid,
  OutboundIdParams,
  outboundErrors,
  fileReply,
  MessageReply,
  QUESTIONNAIRE_MEDIA_TYPES,
  TemplateForm,
  TemplateListReply,
  TemplateQuestionsBody,
  TemplateQuestionsReply,
  TemplateReply,
} from '@portal/contracts'
import { AppError } from '@portal/errors'
import { type AppInstance, principalOf, uploadValidatorCompiler } from '@portal/http'
import { contentDisposition } from '@portal/storage'
import { finishStoredFile } from '../db/files.repo.js'
import {
  deleteTemplate,
  editTemplateQuestions,
  findTemplate,
  insertTemplate,
  listTemplates,
  replaceTemplateFile,
  templateQuestions,
} from '../db/templates.repo.js'
import type { OutboundDeps } from '../deps.js'
import { keepUpload } from '../keep-upload.js'
import { readUpload, storedFileOf } from '../uploads.js'
import { BUCKETS, messageOut, templateOut } from '../domain/dto.js'
import { queueExtraction } from '../jobs/extract-outbound.js'

const tags = ['outbound']
const templateNotFound = () => new AppError('NOT_FOUND', { message: 'Template not found' })

export function templateRoutes(app: AppInstance, deps: OutboundDeps): void {
  const { db, blobs } = deps
  const templateOf = async (tenantId: string, id: string) => {
    const t = isUuid(id) ? await findTemplate(db, tenantId, id) : undefined
    if (!t) throw templateNotFound()
    return t
  }
  const questionsOut = async (tenantId: string, id: string) =>
    (await templateQuestions(db, tenantId, id)).map((q) => ({ _id: q.id, questionId: q.questionRef, question: q.question }))
  const detail = async (tenantId: string, id: string) => ({
    template: templateOut(await templateOf(tenantId, id)),
    questions: await questionsOut(tenantId, id),
    questionnairesBucket: BUCKETS.questionnaires,
  })

  app.get('/questionnaire-templates', { schema: { tags, response: { 200: TemplateListReply, ...outboundErrors('staff') } } }, async (req) => {
    const me = principalOf(req)
    return { status: true, data: (await listTemplates(db, me.tenantId)).map(templateOut) }
  })

  app.post(
    '/questionnaire-templates',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description: 'multipart: the file (file)',
        body: TemplateForm,
        response: { 201: TemplateReply, ...outboundErrors('staff', 413, 415, 429) },
      },
      validatorCompiler: uploadValidatorCompiler,
    },
    async (req, reply) => {
      const me = principalOf(req)
      const upload = await readUpload(req, 'questionnaire')
      try {
        const file = upload.file!
        const id = await keepUpload(deps, req.log, me, file, BUCKETS.questionnaires, (blobKey) =>
          insertTemplate(db, me.tenantId, { ...storedFileOf(file), blobKey, createdBy: me.userId }),
        )
        await queueExtraction(deps.queue, me.tenantId, 'template', id).catch((err: unknown) => req.log.warn({ err }, 'extraction not queued; the sweep will'))
        return reply.code(201).send({ status: true, message: 'Template created successfully', data: await detail(me.tenantId, id) })
      } finally {
        await upload.discard()
      }
    },
  )

  app.get(
    '/questionnaire-templates/:id',
    { schema: { tags, params: OutboundIdParams, response: { 200: TemplateReply, ...outboundErrors('staff', 404) } } },
    async (req) => ({
      status: true,
      data: await detail(principalOf(req).tenantId, req.params.id),
    }),
  )

  /** A new file for the template: its questions are extracted again (outbounds sent before keep theirs). */
  app.put(
    '/questionnaire-templates/:id',
    {
      schema: {
        tags,
        params: OutboundIdParams,
        consumes: ['multipart/form-data'],
        description: 'multipart: the new file (file)',
        body: TemplateForm,
        response: { 200: TemplateReply, ...outboundErrors('staff', 404, 413, 415, 429) },
      },
      validatorCompiler: uploadValidatorCompiler,
    },
    async (req) => {
      const me = principalOf(req)
      await templateOf(me.tenantId, req.params.id)
      const upload = await readUpload(req, 'questionnaire')
      try {
        const file = upload.file!
        const old = await keepUpload(deps, req.log, me, file, BUCKETS.questionnaires, async (blobKey) => {
          const replaced = await replaceTemplateFile(db, me.tenantId, req.params.id, { ...storedFileOf(file), blobKey })
          if (!replaced) throw templateNotFound() // deleted meanwhile
          return replaced
        })
        await blobs.delete(old).catch(() => undefined)
        await queueExtraction(deps.queue, me.tenantId, 'template', req.params.id).catch((err: unknown) =>
          req.log.warn({ err }, 'extraction not queued; the sweep will'),
        )
        return { status: true, message: 'Template updated', data: await detail(me.tenantId, req.params.id) }
      } finally {
        await upload.discard()
      }
    },
  )

  app.delete(
    '/questionnaire-templates/:id',
    { schema: { tags, params: OutboundIdParams, response: { 200: MessageReply, ...outboundErrors('staff', 404) } } },
    async (req) => {
      const me = principalOf(req)
      await templateOf(me.tenantId, req.params.id)
      const key = await deleteTemplate(db, me.tenantId, req.params.id)
      if (key) await blobs.delete(key).catch(() => undefined)
      return messageOut('Template deleted successfully')
    },
  )

  app.get(
    '/questionnaire-templates/:id/download',
    {
      schema: {
        tags,
        params: OutboundIdParams,
        response: { 200: fileReply(QUESTIONNAIRE_MEDIA_TYPES, "the template's file"), ...outboundErrors('staff', 404) },
      },
    },
    async (req, reply) => {
      const t = await templateOf(principalOf(req).tenantId, req.params.id)
      return reply
        .type(t.mimeType)
        .header('Content-Disposition', contentDisposition(t.fileName))
        .header('Cache-Control', 'private, no-store')
        .send(await blobs.get(t.blobKey))
    },
  )

  app.get(
    '/questionnaire-templates/:id/questions',
    { schema: { tags, params: OutboundIdParams, response: { 200: TemplateQuestionsReply, ...outboundErrors('staff', 404) } } },
    async (req) => {
      const me = principalOf(req)
      await templateOf(me.tenantId, req.params.id)
      return { status: true, data: { questions: await questionsOut(me.tenantId, req.params.id) } }
    },
  )

  app.put(
    '/questionnaire-templates/:id/questions',
    {
      schema: { tags, params: OutboundIdParams, body: TemplateQuestionsBody, response: { 200: TemplateQuestionsReply, ...outboundErrors('staff', 404, 409) } },
    },
    async (req) => {
      const me = principalOf(req)
      const t = await templateOf(me.tenantId, req.params.id)
      if (t.state === 'queued' || t.state === 'running')
        throw new AppError('CONFLICT', { message: "The template's questions are still being read; try again in a moment" })
      await editTemplateQuestions(
        db,
        me.tenantId,
        t.id,
        req.body.questions.map((q) => ({ id: q._id && isUuid(q._id) ? q._id : undefined, questionRef: q.questionId, question: q.question })),
      )
      // A file whose questions could not be found becomes usable once someone typed them in.
      if (t.state === 'failed' && req.body.questions.length) await finishStoredFile(db, me.tenantId, 'template', t.id, { state: 'ready' })
      return { status: true, message: 'Questions saved', data: { questions: await questionsOut(me.tenantId, t.id) } }
    },
  )
}
