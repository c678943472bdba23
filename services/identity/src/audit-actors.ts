// Who an audit entry names when no signed-in person did the action (docs/audit-api.md): the
// company's SCIM token (its identity provider), or an API key (never the key itself).
export const SCIM_ACTOR = { id: null, email: 'scim-token' }
export const API_KEY_ACTOR = { id: null, email: 'api-key' }

/** A sign-in's second factor or provider, as the entry's target says it: `<email> (<method>)`. */
export type SignInMethod = 'totp' | 'recovery code' | 'passkey' | 'sso'
export const signInTarget = (email: string, method: SignInMethod) => `${email} (${method})`
