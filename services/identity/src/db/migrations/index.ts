import type { Migration } from '@portal/db'
import * as m0000 from './2026_11_23T0000_identity.js'
import * as m0100 from './2026_11_23T0100_rotation_and_checks.js'
import * as m0200 from './2026_11_25T0000_drop_host.js'
import * as m0300 from './2026_11_28T0000_account_security.js'
import * as m0400 from './2026_12_05T0200_retention_indexes.js'
import * as m0500 from './2026_12_06T0200_mfa.js'
import * as m0600 from './2026_12_06T0300_sso.js'
import * as m0700 from './2026_12_06T0500_scim.js'
import * as m0800 from './2026_12_06T0600_api_keys_webhooks.js'
import * as m0900 from './2026_12_06T0700_api_key_use_audited.js'
import * as m1000 from './2026_12_06T0800_saml.js'

// In order; names are ISO timestamps (kysely's migration guidance). Never edit an applied one.
export const migrations: Record<string, Migration> = {
  '2026_11_23T0000_identity': m0000,
  '2026_11_23T0100_rotation_and_checks': m0100,
  '2026_11_25T0000_drop_host': m0200,
  '2026_11_28T0000_account_security': m0300,
  '2026_12_05T0200_retention_indexes': m0400,
  '2026_12_06T0200_mfa': m0500,
  '2026_12_06T0300_sso': m0600,
  '2026_12_06T0500_scim': m0700,
  '2026_12_06T0600_api_keys_webhooks': m0800,
  '2026_12_06T0700_api_key_use_audited': m0900,
  '2026_12_06T0800_saml': m1000,
}
