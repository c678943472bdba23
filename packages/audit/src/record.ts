// recordAudit: appends one entry to a company's chain, in the request that did the action and before
// it answers (no bus, nothing lost). Appends of one company are serialized by a transaction-scoped
// advisory lock, so two requests never take the same place in the chain.
import type { Principal } from '@portal/auth'
import type { FastifyRequest } from 'fastify'
import { type Kysely, sql } from 'kysely'
import { GENESIS, hashEntry } from './chain.js'

export interface AuditInput {
  /** An AUDIT constant of @portal/contracts, or another part's name of the same form. */
  action: string
  /** What it was done to, in words a reader recognizes: an email, a document's name, `questionnaire <id>`. */
  target?: string | null | undefined
  /** The company; default: the signed-in principal's. */
  tenantId?: string | undefined
  /** Who did it; default: the signed-in principal. A visitor is `{ id: null, email }`. */
  actor?: { id: string | null; email: string | null } | undefined
  /** Default: now. */
  at?: Date | undefined
}

const ACTION = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/
const clip = (s: string | null | undefined, max: number): string | null => (s ? s.slice(0, max) : null)

/** The request's facts: client address (after TRUST_PROXY), user agent, request id, principal. */
function requestFacts(req: FastifyRequest | undefined): { ip: string | null; userAgent: string | null; requestId: string | null; principal?: Principal } {
  if (!req) return { ip: null, userAgent: null, requestId: null }
  const ua = req.headers['user-agent']
  return {
    ip: clip(req.ip, 64),
    userAgent: clip(Array.isArray(ua) ? ua[0] : ua, 512),
    requestId: clip(String(req.id), 128),
    ...(req.principal ? { principal: req.principal } : {}),
  }
}

/** Any kysely of the portal's database (a service's schemaDb included): the statements name `audit.` themselves. */
export async function recordAudit<DB>(db: Kysely<DB>, req: FastifyRequest | undefined, input: AuditInput): Promise<void> {
  if (!ACTION.test(input.action) || input.action.length > 64) throw new Error(`audit action "${input.action}" is not a dotted lowercase name`)
  const facts = requestFacts(req)
  const tenantId = input.tenantId ?? facts.principal?.tenantId
  if (!tenantId) throw new Error(`audit entry ${input.action} has no company: pass tenantId or call it after requireAuth`)
  const actor = input.actor ?? (facts.principal ? { id: facts.principal.userId, email: facts.principal.email ?? null } : { id: null, email: null })
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`audit:${tenantId}`}, 0))`.execute(trx)
    const last = await sql<{ seq: string | number; hash: string }>`
      select seq, hash from audit.entry where tenant_id = ${tenantId} order by seq desc limit 1`.execute(trx)
    const head =
      last.rows[0] ?? (await sql<{ seq: string | number; hash: string }>`select seq, hash from audit.anchor where tenant_id = ${tenantId}`.execute(trx)).rows[0]
    const fields = {
      tenantId,
      seq: head ? Number(head.seq) + 1 : 1,
      action: input.action,
      actorId: clip(actor.id, 128),
      actorEmail: clip(actor.email?.toLowerCase(), 254),
      target: clip(input.target, 500),
      at: input.at ?? new Date(),
      ip: facts.ip,
      userAgent: facts.userAgent,
      requestId: facts.requestId,
      prevHash: head?.hash ?? GENESIS,
    }
    await sql`insert into audit.entry (tenant_id, seq, action, actor_id, actor_email, target, at, ip, user_agent, request_id, prev_hash, hash)
      values (${fields.tenantId}, ${fields.seq}, ${fields.action}, ${fields.actorId}, ${fields.actorEmail}, ${fields.target}, ${fields.at},
        ${fields.ip}, ${fields.userAgent}, ${fields.requestId}, ${fields.prevHash}, ${hashEntry(fields)})`.execute(trx)
  })
}
