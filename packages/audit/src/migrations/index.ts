// The audit schema, one file per migration. Never edit an applied one; a new key must sort after
// every key here (tests/upgrade/migration-order.test.ts).
import type { Migration } from '@portal/db'
import * as m0100 from './2026_12_06T0100_audit_log.js'

export const migrations: Record<string, Migration> = {
  '2026_12_06T0100_audit_log': m0100,
}
