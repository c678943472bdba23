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
  createdAt: Generated<Date>
}

/**
 * Rate-limit evidence kept in the database so every process sees it: failed logins and reset-code
 * requests (keyed by a hash of the email, whether or not an account exists), invites sent (by tenant).
 */
export interface AttemptTable {
  id: string
  kind: 'login_failure' | 'reset_request' | 'invite_sent'
  keyHash: string
  createdAt: Generated<Date>
}

export interface WaitlistTable {
  id: string
  email: string
  firstName: string
  lastName: string
  createdAt: Generated<Date>
}

export interface IdentityDb {
  tenant: TenantTable
  user: UserTable
  invite: InviteTable
  refreshToken: RefreshTokenTable
  otp: OtpTable
  attempt: AttemptTable
  waitlist: WaitlistTable
}
