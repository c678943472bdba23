// One page may weigh so much: a trust center's public page is read, rendered and cached whole, so
// one company's page must not grow without bound (each field has its length limit, but there may be
// any number of them). The bound is enforced where content is saved: a save that would take the
// page's text over it is refused with 413 and words saying what to shorten; a page already over
// (saved before the limit) may still be saved smaller.
import { AppError } from '@portal/errors'
import type { Kysely } from 'kysely'
import { pageWeight } from './db/blocks.repo.js'
import type { TrustCenterDb } from './db/schema.js'
import { lockSite } from './db/site.repo.js'

/** Bytes of content (text, plus a little per row) a public page may carry: about 1 MB. */
export const PAGE_WEIGHT_LIMIT = 1_000_000

const mb = (bytes: number) => (bytes / 1_000_000).toFixed(2)

export const pageTooLarge = (bytes: number) =>
  new AppError('PAYLOAD_TOO_LARGE', {
    message:
      `This would make the public trust center page ${mb(bytes)} MB of text, over its limit of ${mb(PAGE_WEIGHT_LIMIT)} MB. ` +
      'Shorten or remove some overview, security or compliance descriptions, then save again.',
  })

/**
 * Runs `write` in a transaction that also holds the tenant's site row (concurrent saves of one
 * tenant take turns), and rolls it back when it made the page heavier and over the limit.
 */
export function withinPageLimit<T>(db: Kysely<TrustCenterDb>, tenantId: string, write: (tx: Kysely<TrustCenterDb>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    await lockSite(tx, tenantId)
    const before = await pageWeight(tx, tenantId)
    const result = await write(tx)
    const after = await pageWeight(tx, tenantId)
    if (after > PAGE_WEIGHT_LIMIT && after > before) throw pageTooLarge(after)
    return result
  })
}
