import { formatDateTime } from '../../../lib/format-date'
import type { AuditVerification } from '../api/get-audit'

/** The verification's outcome in words, for the console. */
export function verificationText(v: AuditVerification): string {
  if (v.ok) return v.checked === 0 ? 'Nothing to check yet: the log has no entries.' : `The chain is intact: all ${v.checked} entries check out.`
  const b = v.firstBroken
  if (!b) return 'The chain is broken.'
  const what = [b.action, b.at ? formatDateTime(b.at) : null].filter(Boolean).join(', ')
  return `The chain is broken at entry ${b.seq}${what ? ` (${what})` : ''}: ${b.reason}. ${v.checked} entries before it check out.`
}
