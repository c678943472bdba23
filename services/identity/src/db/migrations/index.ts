import type { Migration } from '@portal/db'
import * as m0000 from './2026_11_23T0000_identity.js'

export const migrations: Record<string, Migration> = {
  '2026_11_23T0000_identity': m0000,
}
