// SCIM provisioning's console routes (issue 27): the company's bearer token, shown once, and the
// admin-group setting. The SCIM 2.0 API itself (/scim/v2) speaks RFC 7643/7644, not this envelope.
import { type Static, Type } from 'typebox'

export const ScimTokenReply = Type.Object({ status: Type.Boolean(), data: Type.Object({ token: Type.String() }) })
export type ScimTokenReply = Static<typeof ScimTokenReply>

export const ScimSettings = Type.Object({
  /** Whether a token is live. */
  enabled: Type.Boolean(),
  /** The base URL to give the identity provider (Entra ID's "Tenant URL", Okta's "SCIM connector base URL"). */
  endpoint: Type.String(),
  tokenCreatedAt: Type.Union([Type.String(), Type.Null()]),
  tokenLastUsedAt: Type.Union([Type.String(), Type.Null()]),
  /** Members of the provider's group with this name are admins. */
  adminGroup: Type.String(),
})
export type ScimSettings = Static<typeof ScimSettings>

export const ScimSettingsReply = Type.Object({ status: Type.Boolean(), data: ScimSettings })
export type ScimSettingsReply = Static<typeof ScimSettingsReply>

export const ScimSettingsBody = Type.Object({ adminGroup: Type.String({ minLength: 1, maxLength: 256 }) })
export type ScimSettingsBody = Static<typeof ScimSettingsBody>
