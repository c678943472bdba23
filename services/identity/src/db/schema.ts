// Tables of the identity schema, as kysely sees them (camelCase; snake_case in SQL).
import type { ColumnType, Generated } from 'kysely'

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
}
