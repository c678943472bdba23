import type { Migration } from '@portal/db'
import * as m0000 from './2026_11_25T0000_trust_center.js'
import * as m0100 from './2026_11_26T0000_row_security.js'
import * as m0200 from './2026_11_26T0100_daily_usage.js'
import * as m0300 from './2026_11_27T0200_released_cnames.js'
import * as m0310 from './2026_11_27T0210_nda_confirmation.js'
import * as m0400 from './2026_11_27T0400_update_subscriptions.js'
import * as m0500 from './2026_11_27T0500_history_count.js'
import * as m4200 from './2026_12_04T0200_access_request_document.js'

// In order; names are ISO timestamps (kysely's migration guidance). Never edit an applied one.
export const migrations: Record<string, Migration> = {
  '2026_11_25T0000_trust_center': m0000,
  '2026_11_26T0000_row_security': m0100,
  '2026_11_26T0100_daily_usage': m0200,
  '2026_11_27T0200_released_cnames': m0300,
  '2026_11_27T0210_nda_confirmation': m0310,
  '2026_11_27T0400_update_subscriptions': m0400,
  '2026_11_27T0500_history_count': m0500,
  '2026_12_04T0200_access_request_document': m4200,
}
