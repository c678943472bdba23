// Tables of the identity schema, as kysely sees them (camelCase; snake_case in SQL).
import type { Generated } from 'kysely'

export interface TenantTable {
  id: string
  dbName: string
  companyName: string
  provisioned: Generated<boolean>
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

export interface IdentityDb {
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
}
