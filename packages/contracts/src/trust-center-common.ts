// The trust-center service's replies (docs/trust-center-api.md). Besides documenting the API, they
// make fast-json-stringify drop every property not listed here, so tenant ids, blob keys and token
// hashes cannot leak. The web's console and public page import the types (type-only: no TypeBox in
// the public page's bundle).
import { type Static, type TSchema, Type } from 'typebox'

export const TrustMessage = Type.Object({ status: Type.Boolean(), message: Type.Optional(Type.String()) })
export type TrustMessage = Static<typeof TrustMessage>

/** `{status, message?, data}` around a data schema. */

export const TrustNullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()])

export const TrustColours = {
  headerColor: Type.String(),
  backgroundColor: Type.String(),
  textColor: Type.String(),
  buttonColor: Type.String(),
}
/** The page's colours. */
export const TrustTheme = Type.Object(TrustColours)
export type TrustTheme = Static<typeof TrustTheme>
/** GET /api/themecolor: the colours and their row (`_id` null: never saved, the spec's defaults). */
export const TrustThemeSettings = Type.Object({ _id: TrustNullable(Type.String()), ...TrustColours })
export type TrustThemeSettings = Static<typeof TrustThemeSettings>

export const TrustOverview = Type.Object({ _id: Type.String(), subTitle: Type.String(), description: Type.String(), updatedAt: Type.String() })
export type TrustOverview = Static<typeof TrustOverview>
export const TrustPublicOverview = Type.Object({ subTitle: Type.String(), description: Type.String(), updatedAt: Type.String() })
export type TrustPublicOverview = Static<typeof TrustPublicOverview>

export const TrustSecurityItem = Type.Object({ _id: Type.String(), title: Type.String(), description: Type.String() })
export type TrustSecurityItem = Static<typeof TrustSecurityItem>
export const TrustSecurityCategory = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  subdata: Type.Array(TrustSecurityItem),
})
export type TrustSecurityCategory = Static<typeof TrustSecurityCategory>

export const COMPLIANCE_STATUSES = ['compliant', 'in_progress', 'planned'] as const
export const BADGES = ['soc2', 'iso27001', 'iso27017', 'iso27018', 'iso27701', 'hipaa', 'gdpr', 'pci_dss', 'ccpa', 'fedramp', 'csa_star', 'other'] as const
export const ComplianceStatus = Type.Union([Type.Literal('compliant'), Type.Literal('in_progress'), Type.Literal('planned')])
export const ComplianceBadge = Type.Union([
  Type.Literal('soc2'),
  Type.Literal('iso27001'),
  Type.Literal('iso27017'),
  Type.Literal('iso27018'),
  Type.Literal('iso27701'),
  Type.Literal('hipaa'),
  Type.Literal('gdpr'),
  Type.Literal('pci_dss'),
  Type.Literal('ccpa'),
  Type.Literal('fedramp'),
  Type.Literal('csa_star'),
  Type.Literal('other'),
])
export type ComplianceBadge = Static<typeof ComplianceBadge>
export const TrustCompliance = Type.Object({
  _id: Type.String(),
  framework: Type.String(),
  status: ComplianceStatus,
  badge: ComplianceBadge,
  description: Type.String(),
})
export type TrustCompliance = Static<typeof TrustCompliance>

export const VISIBILITIES = ['public', 'approval', 'internal'] as const
export const DocumentVisibility = Type.Union([Type.Literal('public'), Type.Literal('approval'), Type.Literal('internal')])
export const TrustDocument = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  fileName: Type.String(),
  visibility: DocumentVisibility,
  size: Type.Integer(),
  mimeType: Type.String(),
  createdAt: Type.String(),
})
export type TrustDocument = Static<typeof TrustDocument>

export const TrustNda = Type.Object({ _id: Type.String(), description: Type.String(), updatedAt: Type.String(), version: Type.Integer() })
export type TrustNda = Static<typeof TrustNda>

/** GET /api/trustcenteruser and /api/trustcenter: everything the public page renders. */
export const TrustCenterPage = Type.Object({
  companyTitle: Type.String(),
  logo: TrustNullable(Type.String()),
  theme: TrustTheme,
  overview: TrustNullable(TrustPublicOverview),
  security: Type.Array(TrustSecurityCategory),
  compliance: Type.Array(TrustCompliance),
  documents: Type.Array(TrustDocument),
  nda: TrustNullable(Type.Object({ _id: Type.String(), updatedAt: Type.String() })),
  cname: Type.String(),
})
export type TrustCenterPage = Static<typeof TrustCenterPage>
