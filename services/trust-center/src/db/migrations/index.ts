import type { Migration } from '@portal/db'
import * as m0000 from './2026_11_25T0000_trust_center.js'

// In order; names are ISO timestamps (kysely's migration guidance). Never edit an applied one.
export const migrations: Record<string, Migration> = {
  '2026_11_25T0000_trust_center': m0000,
}
