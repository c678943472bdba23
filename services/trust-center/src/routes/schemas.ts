// Reply schemas. Besides documenting the API, they make fast-json-stringify drop every property
// not listed here, so tenant ids, blob keys and token hashes cannot leak.
import { type TSchema, Type } from 'typebox'

export const Message = Type.Object({ status: Type.Boolean(), message: Type.Optional(Type.String()) })

/** `{status, message?, data}` around a data schema. */
export const Reply = <T extends TSchema>(data: T) => Type.Object({ status: Type.Boolean(), message: Type.Optional(Type.String()), data })

export const PageOf = <T extends TSchema>(item: T) =>
  Type.Object({ status: Type.Boolean(), data: Type.Array(item), total: Type.Integer(), totalPages: Type.Integer(), currentPage: Type.Integer() })

export const Nullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()])

export const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) })
export const bearer = [{ bearer: [] }]

export const Colours = {
  headerColor: Type.String(),
  backgroundColor: Type.String(),
  textColor: Type.String(),
  buttonColor: Type.String(),
}
export const Theme = Type.Object({ _id: Nullable(Type.String()), ...Colours })

export const Overview = Type.Object({ _id: Type.String(), subTitle: Type.String(), description: Type.String(), updatedAt: Type.String() })
export const PublicOverview = Type.Object({ subTitle: Type.String(), description: Type.String(), updatedAt: Type.String() })

export const SecurityItem = Type.Object({ _id: Type.String(), title: Type.String(), description: Type.String() })
export const SecurityCategory = Type.Object({ _id: Type.String(), title: Type.String(), description: Type.String(), subdata: Type.Array(SecurityItem) })

export const COMPLIANCE_STATUSES = ['compliant', 'in_progress', 'planned'] as const
export const BADGES = ['soc2', 'iso27001', 'iso27017', 'iso27018', 'iso27701', 'hipaa', 'gdpr', 'pci_dss', 'ccpa', 'fedramp', 'csa_star', 'other'] as const
export const Compliance = Type.Object({ _id: Type.String(), framework: Type.String(), status: Type.String(), badge: Type.String(), description: Type.String() })

export const VISIBILITIES = ['public', 'approval', 'internal'] as const
export const Document = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  fileName: Type.String(),
  visibility: Type.String(),
  size: Type.Integer(),
  mimeType: Type.String(),
  createdAt: Type.String(),
})

export const Nda = Type.Object({ _id: Type.String(), description: Type.String(), updatedAt: Type.String(), version: Type.Integer() })

export const TrustCenterPage = Type.Object({
  companyTitle: Type.String(),
  logo: Nullable(Type.String()),
  theme: Type.Object(Colours),
  overview: Nullable(PublicOverview),
  security: Type.Array(SecurityCategory),
  compliance: Type.Array(Compliance),
  documents: Type.Array(Document),
  nda: Nullable(Type.Object({ _id: Type.String(), updatedAt: Type.String() })),
  cname: Type.String(),
})
