// The audit log (issue 27): the actions it records, and the wire of its admin routes. Other parts
// (SSO, MFA, SCIM, API keys, webhooks) add their action names here, dotted and lowercase, and record
// them with @portal/audit's recordAudit (docs/audit-api.md).
import { type Static, Type } from 'typebox'
import { dataReply, PageQuery, pageReply } from './envelope.js'

import { AUDIT_ACTION_PATTERN } from './audit-actions.js'

export { AUDIT, AUDIT_ACTION_PATTERN, type AuditAction } from './audit-actions.js'

/** One entry as the console lists and exports it. */
export const AuditEntry = Type.Object({
  seq: Type.Integer({ description: "the entry's place in its company's chain, from 1" }),
  action: Type.String(),
  actorEmail: Type.Union([Type.String(), Type.Null()], { description: 'who did it; a visitor as the address they gave, null when unknown' }),
  target: Type.Union([Type.String(), Type.Null()], { description: 'what it was done to: a person, a document, a questionnaire…' }),
  at: Type.String({ format: 'date-time' }),
  ip: Type.Union([Type.String(), Type.Null()]),
  userAgent: Type.Union([Type.String(), Type.Null()]),
  requestId: Type.Union([Type.String(), Type.Null()]),
})
export type AuditEntry = Static<typeof AuditEntry>

/** GET /api/audit?page&pageSize&action&actor (admins): newest first. */
export const AuditQuery = Type.Object({
  ...PageQuery.properties,
  action: Type.Optional(Type.String({ maxLength: 64, pattern: AUDIT_ACTION_PATTERN, description: 'exact action name' })),
  actor: Type.Optional(Type.String({ maxLength: 254, description: "part of the actor's email, case-insensitive" })),
})
export type AuditQuery = Static<typeof AuditQuery>
export const AuditPage = pageReply(AuditEntry)
export type AuditPage = Static<typeof AuditPage>

/** The first entry whose link does not hold, and why. */
export const AuditBrokenLink = Type.Object({
  seq: Type.Integer(),
  at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  action: Type.Union([Type.String(), Type.Null()]),
  reason: Type.String({ description: 'in words: a changed entry, a missing entry, a link to another hash' }),
})
export type AuditBrokenLink = Static<typeof AuditBrokenLink>

/** GET /api/audit/verify (admins): the company's whole chain checked from its anchor. */
export const AuditVerifyReply = dataReply(
  Type.Object({ ok: Type.Boolean(), checked: Type.Integer({ description: 'entries checked' }), firstBroken: Type.Optional(AuditBrokenLink) }),
)
export type AuditVerifyReply = Static<typeof AuditVerifyReply>
export type AuditVerification = AuditVerifyReply['data']

/** GET /api/audit/export?format=csv|json (admins): every entry kept, oldest first, as a download. */
export const AuditExportQuery = Type.Object({ format: Type.Optional(Type.Union([Type.Literal('csv'), Type.Literal('json')], { default: 'csv' })) })
export type AuditExportQuery = Static<typeof AuditExportQuery>
