// Clients (vendors) of the tenant: list, create with the spec's name rules, delete with clean-up.
import { isUuid } from '@portal/contracts'
import { AppError } from '@portal/errors'
import { type AppInstance, ok, principalOf } from '@portal/http'
import { deleteCompany, insertCompany, listCompanies } from '@portal/questionnaire-store'
import { Type } from 'typebox'
import type { QuestionnaireDeps } from '../deps.js'

/** Spec §5 company name rules, first failing one. */
export function companyNameProblem(name: string | undefined): string | undefined {
  if (!name) return 'This field is required'
  if (name !== name.trim()) return 'Company name cannot have leading or trailing whitespace.'
  if (name.length < 3 || name.length > 63) return 'Company name must be between 3 and 63 characters.'
  if (!/^[A-Za-z0-9 ]+$/.test(name)) return 'Company name can only contain alphabets, numbers, and spaces.'
  return undefined
}

const companyOut = (c: { id: string; companyName: string; complianceBucket: string; questionnairesBucket: string }) =>
  ({ _id: c.id, companyName: c.companyName, complianceFolder: c.complianceBucket, questionnairesFolder: c.questionnairesBucket })

export function companyRoutes(app: AppInstance, deps: QuestionnaireDeps): void {
  const { store } = deps

  app.get('/companys', { schema: { tags: ['questionnaire'] } }, async (req) => ok((await listCompanies(store, principalOf(req).tenantId)).map(companyOut)))

  app.post('/companys', {
    schema: {
      tags: ['questionnaire'],
      body: Type.Object({ companyName: Type.Optional(Type.String({ maxLength: 200 })), compliance_bucket: Type.Optional(Type.String({ maxLength: 100 })), questionnaires_bucket: Type.Optional(Type.String({ maxLength: 100 })) }),
    },
  }, async (req, reply) => {
    const problem = companyNameProblem(req.body.companyName)
    if (problem) throw new AppError('INVALID_REQUEST', { message: problem, errors: [{ field: 'companyName', message: problem }] })
    if (!req.body.compliance_bucket || !req.body.questionnaires_bucket) throw new AppError('INVALID_REQUEST', { message: 'This field is required' })
    const company = await insertCompany(store, principalOf(req).tenantId, {
      companyName: req.body.companyName!, complianceBucket: req.body.compliance_bucket, questionnairesBucket: req.body.questionnaires_bucket,
    })
    return reply.status(201).send(ok(companyOut(company), 'Added Successfully'))
  })

  app.delete('/companys', { schema: { tags: ['questionnaire'], body: Type.Object({ id: Type.String({ maxLength: 64 }) }) } }, async (req) => {
    const tenantId = principalOf(req).tenantId
    if (!isUuid(req.body.id)) throw new AppError('NOT_FOUND', { message: 'Client not found' })
    const removed = await deleteCompany(store, tenantId, req.body.id)
    if (!removed) throw new AppError('NOT_FOUND', { message: 'Client not found' })
    // Rows are gone; now the stored files and their index entries.
    await Promise.all(removed.storageKeys.map((k) => deps.blobs.delete(k)))
    for (const id of removed.fileIds) await deps.knowledge.deleteDocument(tenantId, id)
    return ok(undefined, 'Deleted Successfully')
  })
}
