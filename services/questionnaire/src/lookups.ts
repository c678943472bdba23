// The one way routes find an uploaded file: of this tenant, of this kind, else 404. Ids that are
// not UUIDs never reach the database (its uuid column would refuse them with a 500).
import { isUuid } from '@portal/contracts'
import { AppError } from '@portal/errors'
import { findFile } from '@portal/questionnaire-store'
import type { QuestionnaireDeps } from './deps.js'

const notFoundMessage = { compliance: 'Compliance file not found', questionnaire: 'Questionnaire not found' } as const

type FileRow = NonNullable<Awaited<ReturnType<typeof findFile>>>

/** A questionnaire always has its client (the database checks it); only a compliance document may be company-wide. */
export async function fileOf(deps: QuestionnaireDeps, tenantId: string, id: string, kind: 'questionnaire'): Promise<FileRow & { companyId: string }>
export async function fileOf(deps: QuestionnaireDeps, tenantId: string, id: string, kind: 'compliance' | 'questionnaire'): Promise<FileRow>
export async function fileOf(deps: QuestionnaireDeps, tenantId: string, id: string, kind: 'compliance' | 'questionnaire'): Promise<FileRow> {
  const file = isUuid(id) ? await findFile(deps.store, tenantId, id) : undefined
  if (file?.kind !== kind) throw new AppError('NOT_FOUND', { message: notFoundMessage[kind] })
  return file
}
