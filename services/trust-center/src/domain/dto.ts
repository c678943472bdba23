// Rows → the contract's reply shapes. Only what the contract lists: no tenant ids, blob keys or hashes
// (the routes' response schemas drop anything else as well).
import { BADGES, type ComplianceBadge, DEFAULT_THEME, type TrustCompliance, type TrustDocument } from '@portal/contracts'

export const logoPath = (logoId: string | null | undefined) => (logoId ? `/api/logo/${logoId}.png` : null)

/** `/api/logo/<uuid>.png` → the uuid; undefined for anything else. */
export function logoIdOf(path: string): string | undefined {
  return /^\/api\/logo\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.png$/.exec(path)?.[1]
}

export const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null)

export function themeOut(row: { id: string; headerColor: string; backgroundColor: string; textColor: string; buttonColor: string } | undefined) {
  return row
    ? { _id: row.id, headerColor: row.headerColor, backgroundColor: row.backgroundColor, textColor: row.textColor, buttonColor: row.buttonColor }
    : { _id: null, ...DEFAULT_THEME }
}

export const overviewOut = (row: { id: string; subTitle: string; description: string; updatedAt: Date }) => ({
  _id: row.id,
  subTitle: row.subTitle,
  description: row.description,
  updatedAt: iso(row.updatedAt)!,
})

export const itemOut = (row: { id: string; title: string; description: string }) => ({ _id: row.id, title: row.title, description: row.description })

export const categoryOut = (row: { id: string; title: string; description: string; subdata: { id: string; title: string; description: string }[] }) => ({
  ...itemOut(row),
  subdata: row.subdata.map(itemOut),
})

export const complianceOut = (row: { id: string; framework: string; status: TrustCompliance['status']; badge: string; description: string }) => ({
  _id: row.id,
  framework: row.framework,
  status: row.status,
  // Rows are written through the route's schema; one that is not (edited by hand) shows as 'other'.
  badge: (BADGES as readonly string[]).includes(row.badge) ? (row.badge as ComplianceBadge) : 'other',
  description: row.description,
})

export const documentOut = (row: {
  id: string
  title: string
  fileName: string
  visibility: TrustDocument['visibility']
  size: number
  mimeType: string
  createdAt: Date
}) => ({
  _id: row.id,
  title: row.title,
  fileName: row.fileName,
  visibility: row.visibility,
  size: row.size,
  mimeType: row.mimeType,
  createdAt: iso(row.createdAt)!,
})

export const ndaOut = (row: { id: string; description: string; createdAt: Date; version: number }) => ({
  _id: row.id,
  description: row.description,
  updatedAt: iso(row.createdAt)!,
  version: row.version,
})

export function accountOut(row: {
  id: string
  firstName: string
  lastName: string
  companyName: string
  relationship: string
  workEmail: string
  createdAt: Date
  status: 'pending' | 'approved'
  approvedById: string | null
  approvedByName: string | null
  expiresAt: Date | null
}) {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    companyName: row.companyName,
    relationshpLinkedIn: row.relationship,
    workEmail: row.workEmail,
    createdAt: iso(row.createdAt)!,
    Approved: row.status,
    approvedbyuser: row.approvedById ? { id: row.approvedById, userName: row.approvedByName ?? '' } : null,
    expiresAt: iso(row.expiresAt),
  }
}
