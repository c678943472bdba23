// The audit log's action names (issue 27), without schemas so that the web app can import them
// (`@portal/contracts/audit-actions`). Other parts add theirs here: `<area>.<what happened>`, lowercase.

/** Every action the log records today. A name is `<area>.<what happened>`, lowercase, dotted. */
export const AUDIT = {
  loginSucceeded: 'auth.login.succeeded',
  loginFailed: 'auth.login.failed',
  /** A wrong second factor (TOTP, recovery code, passkey) at sign-in, enrolment or removal. */
  mfaFailed: 'auth.mfa.failed',
  /** A single sign-on callback refused, for the company whose flow it was. */
  ssoFailed: 'auth.sso.failed',
  mfaEnrolled: 'mfa.enrolled',
  mfaDisabled: 'mfa.disabled',
  /** An admin removed every second factor of a member. */
  mfaReset: 'mfa.reset',
  mfaPolicyChanged: 'mfa.policy_changed',
  ssoOidcChanged: 'sso.oidc_changed',
  ssoOidcRemoved: 'sso.oidc_removed',
  ssoPolicyChanged: 'sso.policy_changed',
  ssoDomainAdded: 'sso.domain_added',
  ssoDomainVerified: 'sso.domain_verified',
  ssoDomainRemoved: 'sso.domain_removed',
  scimTokenCreated: 'scim.token_created',
  scimTokenRevoked: 'scim.token_revoked',
  scimSettingsChanged: 'scim.settings_changed',
  apiKeyCreated: 'apikey.created',
  apiKeyRevoked: 'apikey.revoked',
  /** At most once an hour per key, not per call. */
  apiKeyUsed: 'apikey.used',
  webhookCreated: 'webhook.created',
  webhookDeleted: 'webhook.deleted',
  webhookReplayed: 'webhook.replayed',
  memberInvited: 'member.invited',
  memberRemoved: 'member.removed',
  /** SCIM's role sync (the admin group) promotes or demotes a member. */
  memberRoleChanged: 'member.role_changed',
  /** A member created by SCIM or just in time by single sign-on. */
  memberProvisioned: 'member.provisioned',
  memberDeprovisioned: 'member.deprovisioned',
  memberReactivated: 'member.reactivated',
  trustCenterPublished: 'trustcenter.published',
  trustCenterUnpublished: 'trustcenter.unpublished',
  ndaChanged: 'nda.changed',
  accessApproved: 'access.approved',
  accessRevoked: 'access.revoked',
  accessDenied: 'access.denied',
  documentDownloaded: 'document.downloaded',
  questionnaireExported: 'questionnaire.exported',
  outboundSent: 'outbound.sent',
} as const

/** An action name: one of AUDIT's, or another part's following the same rule (AUDIT_ACTION_PATTERN). */
export type AuditAction = string

/** What an action name must look like: two or more lowercase dotted words, at most 64 characters. */
export const AUDIT_ACTION_PATTERN = '^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)+$'
