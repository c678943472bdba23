// Clients (vendors) of the tenant: list, create with the spec's name rules, delete with clean-up.
import {
  CompanyListReply,
  CreateCompanyBody,
  CreateCompanyReply,
  createCompanyMessages,
  DeleteCompanyBody,
  isUuid,
  MessageReply,
  questionnaireErrors,
  SpecText,
} from '@portal/contracts'
import { AppError } from '@portal/errors'
import { type AppInstance, principalOf } from '@portal/http'
import { deleteCompany, insertCompany, listCompanies } from '@portal/questionnaire-store'
import type { QuestionnaireDeps } from '../deps.js'
import { okData, okMessage } from '../replies.js'

const companyOut = (c: { id: string; companyName: string; complianceBucket: string; questionnairesBucket: string }) => ({
  _id: c.id,
  companyName: c.companyName,
  complianceFolder: c.complianceBucket,
  questionnairesFolder: c.questionnairesBucket,
})

export function companyRoutes(app: AppInstance, deps: QuestionnaireDeps): void {
  const { store } = deps

  app.get('/companys', { schema: { tags: ['questionnaire'], response: { 200: CompanyListReply, ...questionnaireErrors() } } }, async (req) =>
    okData((await listCompanies(store, principalOf(req).tenantId)).map(companyOut)),
  )

  // The name follows spec §5 (the schema), each broken rule answered with the spec's text.
  app.post(
    '/companys',
    {
      schema: { tags: ['questionnaire'], body: CreateCompanyBody, response: { 201: CreateCompanyReply, ...questionnaireErrors() } },
      config: { fieldMessages: createCompanyMessages },
    },
    async (req, reply) => {
      const { companyName, compliance_bucket: complianceBucket, questionnaires_bucket: questionnairesBucket } = req.body
      const company = await insertCompany(store, principalOf(req).tenantId, { companyName, complianceBucket, questionnairesBucket })
      return reply.status(201).send(okData(companyOut(company), SpecText.added))
    },
  )

  app.delete(
    '/companys',
    { schema: { tags: ['questionnaire'], body: DeleteCompanyBody, response: { 200: MessageReply, ...questionnaireErrors(404) } } },
    async (req) => {
      const tenantId = principalOf(req).tenantId
      if (!isUuid(req.body.id)) throw new AppError('NOT_FOUND', { message: 'Client not found' })
      const removed = await deleteCompany(store, tenantId, req.body.id)
      if (!removed) throw new AppError('NOT_FOUND', { message: 'Client not found' })
      // Rows are gone; now the stored files and their index entries.
      await Promise.all(removed.storageKeys.map((k) => deps.blobs.delete(k)))
      for (const id of removed.fileIds) await deps.knowledge.deleteDocument(tenantId, id)
      return okMessage(SpecText.deleted)
    },
  )
}
