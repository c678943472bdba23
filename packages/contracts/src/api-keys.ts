// API keys and outgoing webhooks (issue 27): a company's credentials for other systems and the
// events it sends them. The web app imports the types; the identity service validates with them.
import { type Static, Type } from 'typebox'
import { dataReply } from './envelope.js'

export { API_SCOPES, type ApiScope, WEBHOOK_EVENTS, type WebhookEvent } from './api-access.js'

export const ApiIdParams = Type.Object({ id: Type.String({ maxLength: 100 }) })
export const DeliveryParams = Type.Object({ id: Type.String({ maxLength: 100 }), deliveryId: Type.String({ maxLength: 100 }) })

/** POST /api/api-keys (admins). */
export const ApiKeyCreateBody = Type.Object({
  name: Type.String({ maxLength: 100 }),
  scopes: Type.Array(Type.String({ maxLength: 40 }), { maxItems: 20 }),
})
export type ApiKeyCreateBody = Static<typeof ApiKeyCreateBody>
/** The key itself, this once: only its hash is kept. */
export const ApiKeyCreated = dataReply(Type.Object({ id: Type.String(), key: Type.String() }))
export type ApiKeyCreated = Static<typeof ApiKeyCreated>

export const ApiKeyOut = Type.Object({
  id: Type.String(),
  name: Type.String(),
  scopes: Type.Array(Type.String()),
  /** The key's first characters (`tpk_` and six more), to tell keys apart; never the key. */
  start: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
})
export type ApiKeyOut = Static<typeof ApiKeyOut>
export const ApiKeyList = dataReply(Type.Array(ApiKeyOut))
export type ApiKeyList = Static<typeof ApiKeyList>

/** GET /api/api-keys/self: what a key stands for (other services' check of a key, and a caller's own). */
export const ApiKeySelf = dataReply(
  Type.Object({
    userId: Type.String(),
    tenantId: Type.String(),
    dbName: Type.String(),
    admin: Type.Boolean(),
    inboundUser: Type.Boolean(),
    sessionId: Type.String(),
    emailVerified: Type.Boolean(),
    name: Type.Optional(Type.String()),
    apiKey: Type.Object({ id: Type.String(), scopes: Type.Array(Type.String()) }),
  }),
)

/** POST /api/webhooks (admins). */
export const WebhookCreateBody = Type.Object({
  url: Type.String({ maxLength: 2000 }),
  events: Type.Array(Type.String({ maxLength: 60 }), { maxItems: 10 }),
})
export type WebhookCreateBody = Static<typeof WebhookCreateBody>
/** The signing secret, this once (kept encrypted to sign with, never shown again). */
export const WebhookCreated = dataReply(Type.Object({ id: Type.String(), secret: Type.String() }))
export type WebhookCreated = Static<typeof WebhookCreated>

export const WebhookOut = Type.Object({
  id: Type.String(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
})
export type WebhookOut = Static<typeof WebhookOut>
export const WebhookList = dataReply(Type.Array(WebhookOut))
export type WebhookList = Static<typeof WebhookList>

/** One attempt to deliver one event. */
export const WebhookDelivery = Type.Object({
  id: Type.String({ description: 'the attempt' }),
  eventId: Type.String({ description: 'the `id` of the body, the same on every attempt and replay' }),
  event: Type.String(),
  attempt: Type.Integer(),
  ok: Type.Boolean(),
  statusCode: Type.Union([Type.Integer(), Type.Null()]),
  /** The first characters of the receiver's answer, as text (never rendered as HTML). */
  responseExcerpt: Type.String(),
  error: Type.Union([Type.String(), Type.Null()]),
  at: Type.String({ format: 'date-time' }),
})
export type WebhookDelivery = Static<typeof WebhookDelivery>
export const WebhookDeliveries = dataReply(Type.Array(WebhookDelivery))
export type WebhookDeliveries = Static<typeof WebhookDeliveries>
export const ReplayReply = dataReply(Type.Object({ eventId: Type.String() }))
