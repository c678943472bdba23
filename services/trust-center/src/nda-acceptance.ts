// Recording that a visitor accepted the tenant's NDA: only the current version can be accepted,
// and the acceptance keeps that version's number and text hash, with the visitor's address and agent.
// Anyone can type any email, so an acceptance is unconfirmed until the visitor follows the access
// link mailed to that address (permissions.ts confirms it then); staff see which are confirmed.
import { isUuid, SpecText } from '@portal/contracts'
import { AppError } from '@portal/errors'
import type { FastifyRequest } from 'fastify'
import { clientOf } from './access-control.js'
import { insertHistory } from './db/history.repo.js'
import { currentNda, findNda, insertAcceptance } from './db/nda.repo.js'
import type { TrustCenterDeps } from './deps.js'

export const PLEASE_ACCEPT = SpecText.acceptNda

export async function recordNdaAcceptance(
  deps: TrustCenterDeps,
  req: FastifyRequest,
  tenantId: string,
  input: { ndaId: string; name: string; email: string; confirmed: boolean },
): Promise<void> {
  const nda = isUuid(input.ndaId) ? await findNda(deps.db, tenantId, input.ndaId) : undefined
  if (!nda) throw new AppError('NOT_FOUND', { message: 'NDA not found' })
  // An older version of this tenant's NDA: the visitor read a text that is no longer the one in force.
  const current = await currentNda(deps.db, tenantId)
  if (current?.id !== nda.id) throw new AppError('INVALID_REQUEST', { message: PLEASE_ACCEPT })
  await insertAcceptance(deps.db, tenantId, {
    ndaId: nda.id,
    version: nda.version,
    textHash: nda.textHash,
    name: input.name,
    email: input.email,
    ...clientOf(req),
    confirmedAt: input.confirmed ? deps.now() : null,
  })
  const proof = input.confirmed ? 'email confirmed by its access link' : 'email not confirmed yet'
  await insertHistory(deps.db, tenantId, [{ type: 'nda', email: input.email, detail: `NDA version ${nda.version} accepted by ${input.name} (${proof})` }])
}
