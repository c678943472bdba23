import type { Migration } from '@portal/db'
import * as m0000 from './2026_12_01T0000_outbound.js'
import * as m0200 from './2026_12_01T0200_answer_version.js'
import * as m1100 from './2026_12_02T0100_layout.js'
import * as m4200 from './2026_12_04T0200_sender_company.js'

// In order; names are ISO timestamps (kysely's migration guidance). Never edit an applied one.
export const migrations: Record<string, Migration> = {
  '2026_12_01T0000_outbound': m0000,
  '2026_12_01T0200_answer_version': m0200,
  '2026_12_02T0100_layout': m1100,
  '2026_12_04T0200_sender_company': m4200,
}
