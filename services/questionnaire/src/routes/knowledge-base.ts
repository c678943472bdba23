// The company knowledge base (issue 25): every compliance document of the tenant in one list (the
// clients' own, marked with their client, and the company-wide ones, which answer every client's
// questionnaires); company-wide uploads, checked by content and size and counted against the quota
// as a client's are; deleting any document of the list. Tenant-scoped: another tenant's id is 404.
import { FileParams, KnowledgeBaseReply, KnowledgeBaseUploadForm, MessageReply, questionnaireErrors, UploadReply } from '@portal/contracts'
import { type AppInstance, principalOf, uploadValidatorCompiler } from '@portal/http'
import { listKnowledgeBase } from '@portal/questionnaire-store'
import type { FastifyRequest } from 'fastify'
import type { QuestionnaireDeps } from '../deps.js'
import { okData } from '../replies.js'

export interface KnowledgeBaseActions {
  save(req: FastifyRequest): Promise<{ _id: string; fileName: string; state: 'queued' | 'running' | 'ready' | 'check' | 'failed' }[]>
  remove(req: FastifyRequest, id: string): Promise<{ status: true; message: string }>
}

const tags = ['questionnaire', 'knowledge-base']

export function knowledgeBaseRoutes(app: AppInstance, deps: QuestionnaireDeps, files: KnowledgeBaseActions): void {
  app.get('/knowledge-base', { schema: { tags, response: { 200: KnowledgeBaseReply, ...questionnaireErrors() } } }, async (req) =>
    okData(
      (await listKnowledgeBase(deps.store, principalOf(req).tenantId)).map((d) => ({
        _id: d.id,
        fileName: d.fileName,
        clientId: d.companyId,
        clientName: d.companyName ?? null,
        // `check` is a questionnaire's state; a document is never left there.
        state: d.state === 'check' ? ('queued' as const) : d.state,
        error: d.error,
        pages: d.total,
        createdAt: d.createdAt.toISOString(),
      })),
    ),
  )

  app.post(
    '/knowledge-base',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        body: KnowledgeBaseUploadForm,
        response: { 201: UploadReply, ...questionnaireErrors(413, 415, 429) },
      },
      validatorCompiler: uploadValidatorCompiler,
    },
    async (req, reply) => reply.status(201).send(okData(await files.save(req), 'file uploaded successfully')),
  )

  app.delete('/knowledge-base/:id', { schema: { tags, params: FileParams, response: { 200: MessageReply, ...questionnaireErrors(404) } } }, async (req) =>
    files.remove(req, req.params.id),
  )
}
