// Compliance badges drawn inline (no images fetched): a shield with the framework's short name.
import type { ComplianceBadge } from '@portal/contracts'
const LABELS: Record<ComplianceBadge, string> = {
  soc2: 'SOC 2',
  iso27001: 'ISO 27001',
  iso27017: 'ISO 27017',
  iso27018: 'ISO 27018',
  iso27701: 'ISO 27701',
  hipaa: 'HIPAA',
  gdpr: 'GDPR',
  pci_dss: 'PCI DSS',
  ccpa: 'CCPA',
  fedramp: 'FedRAMP',
  csa_star: 'CSA STAR',
  other: '',
}
/** The badges the server takes, in the form's order (the Record above must name every one). */
export const BADGES = Object.keys(LABELS) as ComplianceBadge[]
export const badgeLabel = (badge: ComplianceBadge, framework: string) => LABELS[badge] || framework

export const STATUS_TEXT = { compliant: 'Compliant', in_progress: 'In progress', planned: 'Planned' } as const

export function Badge({ badge, framework, status }: { badge: ComplianceBadge; framework: string; status: keyof typeof STATUS_TEXT }) {
  const label = badgeLabel(badge, framework).slice(0, 12)
  return (
    <svg className={`badge badge-${status}`} viewBox="0 0 64 72" width="56" height="63" role="img" aria-label={`${label}: ${STATUS_TEXT[status]}`}>
      <path d="M32 2 60 12v22c0 18-12 30-28 36C16 64 4 52 4 34V12Z" />
      <text x="32" y="38" textAnchor="middle">
        {label}
      </text>
    </svg>
  )
}
