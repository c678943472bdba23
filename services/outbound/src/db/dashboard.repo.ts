// What the dashboard shows of outbound questionnaires: those still awaiting the client's answers.
import type { Kysely } from 'kysely'
import type { OutboundDb } from './schema.js'

type Db = Kysely<OutboundDb>

/** Outbounds of the tenant not submitted yet: how many, and the newest `limit` with their counts. */
export async function awaitingOutbounds(db: Db, tenantId: string, limit: number) {
  const open = db.selectFrom('outbound').where('outbound.tenantId', '=', tenantId).where('outbound.status', '=', false)
  const [rows, count] = await Promise.all([
    open
      .select(['outbound.id', 'outbound.clientName', 'outbound.email', 'outbound.createdAt'])
      .select((eb) => [
        eb
          .selectFrom('outboundQuestion')
          .select(eb.fn.countAll<string>().as('n'))
          .whereRef('outboundQuestion.outboundId', '=', 'outbound.id')
          .where('outboundQuestion.tenantId', '=', tenantId)
          .as('total'),
        eb
          .selectFrom('outboundQuestion')
          .select(eb.fn.countAll<string>().as('n'))
          .whereRef('outboundQuestion.outboundId', '=', 'outbound.id')
          .where('outboundQuestion.tenantId', '=', tenantId)
          .where('outboundQuestion.answer', '<>', '')
          .as('answered'),
      ])
      .orderBy('outbound.createdAt', 'desc')
      .orderBy('outbound.id')
      .limit(limit)
      .execute(),
    open.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { rows: rows.map((r) => ({ ...r, total: Number(r.total ?? 0), answered: Number(r.answered ?? 0) })), total: Number(count.n) }
}
