// Tables of the trust_center schema, as kysely sees them (camelCase; snake_case in SQL). Every row
// carries tenant_id; repositories take the tenant right after the db handle and filter on it first.
import type { Generated } from 'kysely'

export const SCHEMA = 'trust_center'

/** One row per tenant: its registry entry (cname, published host) and its content version. */
export interface SiteTable {
  tenantId: string
  /** The `_id` of clientDetails (the tenant id itself never leaves the service). */
  id: string
  dbName: string
  cname: string
  /** `<cname>.<TRUST_CENTER_DOMAIN>`, lowercased; refreshed at start-up if the domain changes. */
  hostname: string
  published: Generated<boolean>
  /** Bumped by every save of anything the public page shows: the page cache and ETag key. */
  contentVersion: Generated<number>
  createdAt: Generated<Date>
  updatedAt: Generated<Date>
}

export interface SettingsTable {
  id: string
  tenantId: string
  companyTitle: string
  logoId: string | null
  contactEmail: string
  /** Where staff are emailed about new access requests; '' : the company's admins (issue 25). */
  accessRequestEmail: Generated<string>
  updatedAt: Generated<Date>
}

export interface LogoTable {
  id: string
  tenantId: string
  blobKey: string
  size: number
  createdAt: Generated<Date>
}

export interface ThemeTable {
  id: string
  tenantId: string
  headerColor: string
  backgroundColor: string
  textColor: string
  buttonColor: string
  updatedAt: Generated<Date>
}

export interface OverviewTable {
  id: string
  tenantId: string
  subTitle: string
  /** Sanitised HTML (rich text allowlist). */
  description: string
  updatedAt: Generated<Date>
}

export interface SecurityCategoryTable {
  id: string
  tenantId: string
  position: number
  title: string
  description: string
  createdAt: Generated<Date>
  updatedAt: Generated<Date>
}

export interface SecurityItemTable {
  id: string
  tenantId: string
  categoryId: string
  position: number
  title: string
  description: string
  createdAt: Generated<Date>
  updatedAt: Generated<Date>
}

export type ComplianceStatus = 'compliant' | 'in_progress' | 'planned'

export interface ComplianceTable {
  id: string
  tenantId: string
  position: number
  framework: string
  status: ComplianceStatus
  badge: string
  description: string
  createdAt: Generated<Date>
  updatedAt: Generated<Date>
}

export type Visibility = 'public' | 'approval' | 'internal'

export interface DocumentTable {
  id: string
  tenantId: string
  title: string
  fileName: string
  blobKey: string
  size: number
  mimeType: string
  visibility: Visibility
  createdAt: Generated<Date>
  updatedAt: Generated<Date>
}

/** NDA versions: a save adds a row; rows are never updated or deleted (acceptances point at them). */
export interface NdaTable {
  id: string
  tenantId: string
  version: number
  description: string
  /** SHA-256 hex of the description: what an acceptance agreed to. */
  textHash: string
  createdAt: Generated<Date>
}

export interface NdaAcceptanceTable {
  id: string
  tenantId: string
  ndaId: string
  version: number
  name: string
  email: string
  ip: string
  userAgent: string
  textHash: string
  createdAt: Generated<Date>
  /** When the visitor proved they read this email's inbox (followed its access link); null until then. */
  confirmedAt: Date | null
}

export type AccessStatus = 'pending' | 'approved'

export interface AccessRequestTable {
  id: string
  tenantId: string
  firstName: string
  lastName: string
  companyName: string
  /** Lowercased. */
  workEmail: string
  /** The spec's `relationshpLinkedIn` (customer type). */
  relationship: string
  ndaId: string | null
  /** The document the visitor asked from, when they did (issue 25); null once it is deleted. */
  documentId: Generated<string | null>
  status: AccessStatus
  approvedById: string | null
  approvedByName: string | null
  approvedAt: Date | null
  /** SHA-256 hex of the permission token; the token itself is only ever in the visitor's mail. */
  tokenHash: string | null
  expiresAt: Date | null
  revokedAt: Date | null
  /** Deleted rows stay (audit) but leave every list; their token is revoked with them. */
  deletedAt: Date | null
  createdAt: Generated<Date>
}

export type HistoryType = 'view' | 'request' | 'approval' | 'download' | 'nda'

export interface HistoryTable {
  id: string
  tenantId: string
  type: HistoryType
  email: string | null
  fileName: string | null
  detail: string
  /** Events the row stands for (a row of page views counts several); 1 for every other type. */
  eventCount: Generated<number>
  createdAt: Generated<Date>
}

/** A cname its tenant gave up: nobody else may take it until the quarantine is over. */
export interface ReleasedCnameTable {
  cname: string
  tenantId: string
  releasedAt: Generated<Date>
}

/** A visitor who asked for the trust center's updates; mailed about changes once confirmed. */
export interface UpdateSubscriberTable {
  id: string
  tenantId: string
  /** Lowercased. */
  email: string
  /** SHA-256 hex of the pending confirmation token; null once used (single use). */
  confirmTokenHash: string | null
  confirmExpiresAt: Date | null
  confirmedAt: Date | null
  createdAt: Generated<Date>
}

/** The unsubscribe token of one mail sent to a subscriber (SHA-256 hex); gone with the subscriber. */
export interface UpdateUnsubscribeTable {
  tokenHash: string
  tenantId: string
  subscriberId: string
  createdAt: Generated<Date>
}

export type UpdateKind = 'document' | 'compliance'
export type UpdateAction = 'added' | 'updated' | 'removed'

/** One line of the public changelog: something visitors see changed. */
export interface UpdateChangeTable {
  id: string
  tenantId: string
  kind: UpdateKind
  action: UpdateAction
  /** The thing's name as visitors saw it (document title, framework). */
  title: string
  createdAt: Generated<Date>
}

export interface TrustCenterDb {
  site: SiteTable
  releasedCname: ReleasedCnameTable
  settings: SettingsTable
  logo: LogoTable
  theme: ThemeTable
  overview: OverviewTable
  securityCategory: SecurityCategoryTable
  securityItem: SecurityItemTable
  compliance: ComplianceTable
  document: DocumentTable
  nda: NdaTable
  ndaAcceptance: NdaAcceptanceTable
  accessRequest: AccessRequestTable
  history: HistoryTable
  updateSubscriber: UpdateSubscriberTable
  updateUnsubscribe: UpdateUnsubscribeTable
  updateChange: UpdateChangeTable
}
