// Tables of the identity schema, as kysely sees them (camelCase; snake_case in SQL).
import type { ColumnType, Generated } from 'kysely'

export interface TenantTable {
  id: string
  dbName: string
  companyName: string
  provisioned: Generated<boolean>
  /** Every member must sign in with a second factor (members without one enrol first). */
  mfaRequired: Generated<boolean>
  createdAt: Generated<Date>
}

export interface UserTable {
  id: string
  tenantId: string
  email: string
  passwordHash: string
  firstName: string
  lastName: string
  admin: boolean
  inboundUser: Generated<boolean>
  /** When the owner proved the address (emailed link, accepted invite); null until then. */
  emailVerifiedAt: Generated<Date | null>
  /** SCIM `active: false`: the account stays, but signs in nowhere and keeps no session. */
  deactivatedAt: Generated<Date | null>
  createdAt: Generated<Date>
}

export interface InviteTable {
  id: string
  tenantId: string
  email: string
  tokenHash: string
  invitedBy: string
  createdAt: Generated<Date>
  expiresAt: Date
  acceptedAt: Date | null
}

export interface RefreshTokenTable {
  id: string
  tenantId: string
  userId: string
  sessionId: string
  tokenHash: string
  expiresAt: Date
  revokedAt: Date | null
  /** The token that replaced this one at rotation. */
  replacedBy: Generated<string | null>
  createdAt: Generated<Date>
}

export interface OtpTable {
  id: string
  tenantId: string
  userId: string
  codeHash: string
  attempts: Generated<number>
  expiresAt: Date
  validatedAt: Date | null
  consumedAt: Date | null
  /** Hash of the reset token handed to whoever validated the code: only it may set the password. */
  resetTokenHash: Generated<string | null>
  createdAt: Generated<Date>
}

/** Single-use links that prove an address (only their hash is stored). */
export interface EmailVerificationTable {
  id: string
  tenantId: string
  userId: string
  tokenHash: string
  expiresAt: Date
  usedAt: Date | null
  createdAt: Generated<Date>
}

/** Browsers that signed in successfully (the device cookie's hash): not held back by others' failures. */
export interface DeviceTable {
  id: string
  tenantId: string
  userId: string
  tokenHash: string
  createdAt: Generated<Date>
  lastUsedAt: Generated<Date>
}

/**
 * Rate-limit evidence kept in the database so every process sees it, keyed by a hash: of the email
 * (whether or not an account exists), of the client address, of a device, tenant or user id.
 */
export interface AttemptTable {
  id: string
  kind: AttemptKind
  keyHash: string
  createdAt: Generated<Date>
}

export type AttemptKind =
  | 'login_failure' // per account, from browsers that are not its trusted devices
  | 'login_failure_pair' // per (account, client address)
  | 'login_failure_ip' // per client address, whatever the account
  | 'login_failure_device' // per trusted device
  | 'login_attack_notice' // the owner was told the account is under attack
  | 'reset_request' // reset codes asked for, per address
  | 'otp_failure' // wrong reset codes, per address, from every client
  | 'invite_sent' // per tenant
  | 'invite_sent_by' // per inviting admin
  | 'verify_resend' // verification links asked for again, per user
  | 'mfa_failure' // wrong second-factor codes or assertions, per user

/** A user's TOTP secret (AES-GCM sealed); active once confirmed with a first code. */
export interface MfaTotpTable {
  id: string
  tenantId: string
  userId: string
  secretEnc: string
  confirmedAt: Date | null
  /** The last accepted time step (a bigint: kysely reads it as a string). */
  lastStep: Generated<string>
  createdAt: Generated<Date>
}

/** Single-use recovery codes, hashed. */
export interface MfaRecoveryCodeTable {
  id: string
  tenantId: string
  userId: string
  codeHash: string
  usedAt: Date | null
}

/** Passkeys registered as a second factor. */
export interface WebauthnCredentialTable {
  id: string
  tenantId: string
  userId: string
  /** base64url, as the authenticator names it. */
  credentialId: string
  /** COSE public key, base64url. */
  publicKey: string
  counter: Generated<string>
  /** Comma-separated transports hinted by the authenticator. */
  transports: Generated<string>
  name: string
  createdAt: Generated<Date>
  lastUsedAt: Date | null
}

/** A sign-in waiting for its second factor: the mfaToken's hash, short-lived, single use. */
export interface MfaChallengeTable {
  id: string
  tenantId: string
  userId: string
  tokenHash: string
  enrol: boolean
  webauthnChallenge: string | null
  expiresAt: Date
  usedAt: Date | null
  createdAt: Generated<Date>
}

/** A signed-in user's pending passkey registration challenge. */
export interface WebauthnRegistrationTable {
  userId: string
  tenantId: string
  challenge: string
  expiresAt: Date
}

export interface WaitlistTable {
  id: string
  email: string
  firstName: string
  lastName: string
  createdAt: Generated<Date>
}

/** A company's SCIM settings: its bearer token (hash only; `scim_<tokenId>_<secret>`) and admin group. */
export interface ScimConfigTable {
  tenantId: string
  tokenId: string | null
  tokenHash: string | null
  tokenCreatedAt: Date | null
  tokenLastUsedAt: Generated<Date | null>
  /** Members of the provider's group with this display name (case-insensitive) are the company's admins. */
  adminGroup: Generated<string>
  createdAt: Generated<Date>
}

/** What the identity provider calls a user: its userName (any string) and externalId. */
export interface ScimUserTable {
  userId: string
  tenantId: string
  userName: string
  userNameKey: string
  externalId: string | null
  updatedAt: Generated<Date>
}

export interface ScimGroupTable {
  id: string
  tenantId: string
  displayName: string
  displayKey: string
  externalId: string | null
  createdAt: Generated<Date>
  updatedAt: Generated<Date>
}

export interface ScimGroupMemberTable {
  groupId: string
  userId: string
  tenantId: string
}

/** A domain a company claimed; proven (verifiedAt) by a verified admin address on it or a DNS TXT record. */
export interface SsoDomainTable {
  id: string
  tenantId: string
  domain: string
  /** Published as `portal-verification=<txtToken>` (not a secret: it is meant to be public). */
  txtToken: string
  verifiedAt: Date | null
  verifiedBy: 'admin_email' | 'dns' | null
  createdAt: Generated<Date>
}

/** The company's OIDC provider: endpoints from its discovery document, the client secret AES-GCM sealed. */
export interface SsoOidcTable {
  tenantId: string
  issuer: string
  clientId: string
  clientSecretEnc: string
  authorizationEndpoint: string
  tokenEndpoint: string
  jwksUri: string
  /** The id-token claim read for the role (`groups`, `roles`…); a value in adminValues makes an admin. */
  roleClaim: Generated<string>
  /** JSON list of strings. */
  adminValues: Generated<string>
  updatedAt: Generated<Date>
}

export interface SsoPolicyTable {
  tenantId: string
  /** Password sign-in refused for the company's proven domains (break-glass admins with MFA excepted). */
  required: Generated<boolean>
}

/** A sign-in sent to a provider: looked up by the state's hash, bound to the browser by a cookie's hash. */
export interface SsoFlowTable {
  id: string
  tenantId: string
  stateHash: string
  browserHash: string
  nonce: string
  codeVerifier: string
  expiresAt: Date
  usedAt: Date | null
  createdAt: Generated<Date>
}

/** The company's SAML IdP, read from its metadata; a value of roleAttribute in adminValues makes an admin. */
export interface SsoSamlTable {
  tenantId: string
  idpEntityId: string
  ssoUrl: string
  /** JSON list of base64 DER certificates (the IdP's signing keys, rotation included). */
  signingCerts: string
  /** The attribute holding the email; null: the NameID (emailAddress format). */
  emailAttribute: string | null
  roleAttribute: Generated<string>
  /** JSON list of strings. */
  adminValues: Generated<string>
  updatedAt: Generated<Date>
}

/** An AuthnRequest we sent: its id must come back as InResponseTo, once, before expiresAt. */
export interface SamlRequestTable {
  id: string
  tenantId: string
  expiresAt: Date
  usedAt: Date | null
  createdAt: Generated<Date>
}

/** An assertion already used (replay protection), kept until its NotOnOrAfter. */
export interface SamlAssertionTable {
  tenantId: string
  assertionId: string
  expiresAt: Date
}

/** What the SSO callback hands the browser: single use, short-lived, only its hash stored. */
export interface SsoTicketTable {
  id: string
  tenantId: string
  userId: string
  tokenHash: string
  expiresAt: Date
  usedAt: Date | null
  createdAt: Generated<Date>
}

export interface ApiKeyTable {
  id: string
  tenantId: string
  name: string
  keyHash: string
  /** The key's first characters, shown to tell keys apart. */
  start: string
  /** jsonb: written as JSON text (a JS array would be sent as a Postgres array). */
  scopes: ColumnType<string[], string, string>
  createdBy: string
  createdAt: Generated<Date>
  lastUsedAt: Date | null
  revokedAt: Date | null
  /** When its use was last written to the audit log (apikey.used, at most hourly). */
  useAuditedAt: Generated<Date | null>
}

export interface WebhookTable {
  id: string
  tenantId: string
  url: string
  events: ColumnType<string[], string, string>
  /** AES-256-GCM of the signing secret (domain/secret-box.ts). */
  secretEnc: string
  createdBy: string
  createdAt: Generated<Date>
}

/** One event to send to one webhook: its body, the same on every attempt and replay. */
export interface WebhookEventTable {
  id: string
  tenantId: string
  webhookId: string
  event: string
  body: string
  createdAt: Generated<Date>
}

/** One attempt to deliver an event. */
export interface WebhookDeliveryTable {
  id: string
  tenantId: string
  webhookId: string
  eventId: string
  attempt: number
  ok: boolean
  statusCode: number | null
  responseExcerpt: string
  error: string | null
  createdAt: Generated<Date>
}

export interface IdentityDb {
  apiKey: ApiKeyTable
  webhook: WebhookTable
  webhookEvent: WebhookEventTable
  webhookDelivery: WebhookDeliveryTable
  tenant: TenantTable
  user: UserTable
  invite: InviteTable
  refreshToken: RefreshTokenTable
  otp: OtpTable
  emailVerification: EmailVerificationTable
  device: DeviceTable
  attempt: AttemptTable
  waitlist: WaitlistTable
  scimConfig: ScimConfigTable
  scimUser: ScimUserTable
  scimGroup: ScimGroupTable
  scimGroupMember: ScimGroupMemberTable
  ssoDomain: SsoDomainTable
  ssoOidc: SsoOidcTable
  ssoPolicy: SsoPolicyTable
  ssoFlow: SsoFlowTable
  ssoTicket: SsoTicketTable
  ssoSaml: SsoSamlTable
  samlRequest: SamlRequestTable
  samlAssertion: SamlAssertionTable
  mfaTotp: MfaTotpTable
  mfaRecoveryCode: MfaRecoveryCodeTable
  webauthnCredential: WebauthnCredentialTable
  mfaChallenge: MfaChallengeTable
  webauthnRegistration: WebauthnRegistrationTable
}
