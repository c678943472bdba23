// The trust-center service's console and visitor calls beyond the page's blocks: site and
// publishing, branding, access requests, NDA acceptances, history (docs/trust-center-api.md).
import { type Static, Type } from 'typebox'
import { ErrorReply } from './envelope.js'
import { dataReply } from './envelope.js'
import { TrustNullable } from './trust-center-common.js'

// Site and publishing

export const TrustClientDetails = Type.Object({
  _id: Type.String(),
  maindomain: Type.String(),
  cname: Type.String(),
  cnamepublish: Type.Boolean(),
  database: Type.String(),
  complianceBucket: Type.String(),
  questionnairesBucket: Type.String(),
  fileStorage: Type.String(),
})
export type TrustClientDetails = Static<typeof TrustClientDetails>
export const TrustPublicClientDetails = Type.Object({ cname: Type.String(), cnamepublish: Type.Boolean(), maindomain: Type.String() })

export const PublishReply = Type.Object({
  success: Type.Boolean(),
  status: Type.Boolean(),
  message: Type.String(),
  data: Type.Object({ hostname: Type.String(), url: Type.String() }),
})
export type PublishReply = Static<typeof PublishReply>
export const DomainStatus = Type.Object({ hostname: Type.String(), published: Type.Boolean(), url: Type.String() })
export const CheckHostnameFound = Type.Object({ status: Type.Boolean(), isSpecialDomain: Type.Boolean(), dbName: Type.String() })
/**
 * `available`: only for `<label>.<TRUST_CENTER_DOMAIN>`, whether a tenant could publish that label now.
 * `unpublished`: the host is a trust center's that is not public (never published, or unpublished):
 * the gateway answers its pages with a 404 in words instead of the staff app.
 */
export const CheckHostnameMissing = Type.Object({
  status: Type.Boolean(),
  isSpecialDomain: Type.Boolean(),
  available: Type.Optional(Type.Boolean()),
  unpublished: Type.Optional(Type.Literal(true)),
})

// Branding

export const TrustCompanyInfo = Type.Object({ _id: TrustNullable(Type.String()), companyTitle: Type.String(), logo: TrustNullable(Type.String()) })
export type TrustCompanyInfo = Static<typeof TrustCompanyInfo>
export const TrustSettings = Type.Object({
  _id: TrustNullable(Type.String()),
  companyTitle: Type.String(),
  logo: TrustNullable(Type.String()),
  contactEmail: Type.String(),
  updatedAt: TrustNullable(Type.String()),
})
export type TrustSettings = Static<typeof TrustSettings>
export const TrustPublicSettings = Type.Object({ companyTitle: Type.String(), logo: TrustNullable(Type.String()), contactEmail: Type.String() })
export const LogoReply = dataReply(Type.Object({ logo: Type.String() }))
export type LogoReply = Static<typeof LogoReply>

// Access requests

export const TrustAccount = Type.Object({
  _id: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  companyName: Type.String(),
  relationshpLinkedIn: Type.String(),
  workEmail: Type.String(),
  createdAt: Type.String(),
  Approved: Type.Union([Type.Literal('pending'), Type.Literal('approved')]),
  approvedbyuser: TrustNullable(Type.Object({ id: Type.String(), userName: Type.String() })),
  expiresAt: TrustNullable(Type.String()),
  /** The requester's NDA acceptances: recorded (any email can be typed), and confirmed by the mailed access link. */
  ndaAccepted: Type.Boolean(),
  ndaConfirmed: Type.Boolean(),
  /** The document the visitor asked from (issue 25); null when asked for the whole trust center, or the document was deleted. */
  document: TrustNullable(Type.Object({ _id: Type.String(), title: Type.String() })),
})
export type TrustAccount = Static<typeof TrustAccount>

/** GET / PUT /api/trust-center/request-notifications: where staff are emailed about new access requests ('' : the company's admins). */
export const RequestNotifyBody = Type.Object({ email: Type.String({ maxLength: 254 }) })
export type RequestNotifyBody = Static<typeof RequestNotifyBody>

/** POST /api/useraccesscheck: a valid permission token's grant. */
export const TrustGrant = Type.Object({ email: Type.String(), expiresAt: Type.String(), ndaAccepted: Type.Boolean() })
export type TrustGrant = Static<typeof TrustGrant>
/** One answer for every refusal, whatever the reason: nothing tells a guess from a revoked token. */
export const AccessCheckRefused = Type.Object({ status: Type.Boolean() })

// NDA

export const TrustNdaAcceptance = Type.Object({
  _id: Type.String(),
  ndaId: Type.String(),
  version: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  ip: Type.String(),
  userAgent: Type.String(),
  /** SHA-256 of the NDA text accepted (public text: not a secret). */
  textHash: Type.String(),
  createdAt: Type.String(),
  /** Whether the visitor proved the email is theirs (followed the access link mailed to it), and when. */
  confirmed: Type.Boolean(),
  confirmedAt: TrustNullable(Type.String()),
})
export type TrustNdaAcceptance = Static<typeof TrustNdaAcceptance>

// History

export const TrustHistoryEntry = Type.Object({
  _id: Type.String(),
  type: Type.String(),
  email: TrustNullable(Type.String()),
  fileName: TrustNullable(Type.String()),
  detail: Type.String(),
  createdAt: Type.String(),
})
export type TrustHistoryEntry = Static<typeof TrustHistoryEntry>

/** POST /api/fs/delete-files: how many were deleted; an empty list answers `data: []` (spec). */
export const DeleteFilesReply = dataReply(Type.Union([Type.Object({ deleted: Type.Integer() }), Type.Array(Type.Unknown(), { maxItems: 0 })]))
/**
 * POST /api/fs/bulk-download-docs's 404: the error envelope (no such trust center), or, when none of
 * the documents may be served, the spec's `{status: false, message, data: []}` without a `code`.
 */
export const NothingToDownload = Type.Object({
  ...ErrorReply.properties,
  code: Type.Optional(ErrorReply.properties.code),
  data: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 0 })),
})

/** A downloaded document: its bytes under its own media type, as an attachment. */
export const documentBytes = (mediaTypes: readonly string[], description: string) => ({
  description,
  content: Object.fromEntries(mediaTypes.map((t) => [t, { schema: { type: 'string', format: 'binary' } }])),
})
