// Visitors' subscriptions to a published trust center's updates, and its public changelog
// (trust-center service, /api/trust-center/updates/*). Subscribing mails a confirmation link; only
// confirmed addresses are told of changes, and every mail carries an unsubscribe link. The tokens
// of both links travel in the URL's fragment (`#confirm-updates=…`, `#unsubscribe-updates=…`), never
// in a path or query, and are stored as SHA-256 hashes only.
import { type Static, Type } from 'typebox'
import { dataReply } from './envelope.js'

/** 256-bit base64url tokens are 43 characters; anything longer is refused by the schema. */
const LinkToken = Type.String({ maxLength: 100 })

/** POST /api/trust-center/updates/subscribe: the same answer whether or not the address was known. */
export const TrustSubscribeBody = Type.Object({ email: Type.String({ maxLength: 254 }) })

/** POST /api/trust-center/updates/confirm and /unsubscribe: the token of the mailed link. */
export const TrustUpdateTokenBody = Type.Object({ token: LinkToken })

/**
 * One line of the public changelog: when, what kind of thing (a document visitors see, or a
 * certification: a compliance record), what happened to it, and its name.
 */
export const TrustChange = Type.Object({
  _id: Type.String(),
  date: Type.String({ description: 'ISO 8601' }),
  kind: Type.Union([Type.Literal('document'), Type.Literal('compliance')]),
  action: Type.Union([Type.Literal('added'), Type.Literal('updated'), Type.Literal('removed')]),
  title: Type.String(),
})
export type TrustChangeEntry = Static<typeof TrustChange>

/** GET /api/trust-center/updates/changelog: newest first. */
export const TrustChangelogReply = dataReply(Type.Array(TrustChange))

/** The changelog's sentence for one change, the same on the page and in the mails. */
export function describeTrustChange(c: Pick<TrustChangeEntry, 'kind' | 'action' | 'title'>): string {
  const what = c.kind === 'document' ? 'Document' : 'Certification'
  return `${what} ${c.action}: ${c.title}`
}
