// The audit log's action names (issue 27), without schemas so that the web app can import them
// (`@portal/contracts/audit-actions`). Other parts add theirs here: `<area>.<what happened>`, lowercase.

/** Every action the log records today. A name is `<area>.<what happened>`, lowercase, dotted. */
export const AUDIT = {
  loginSucceeded: 'auth.login.succeeded',
  loginFailed: 'auth.login.failed',
  memberInvited: 'member.invited',
  memberRemoved: 'member.removed',
  /** No route changes a person's role yet: the name is kept for the one that will. */
  memberRoleChanged: 'member.role_changed',
  trustCenterPublished: 'trustcenter.published',
  trustCenterUnpublished: 'trustcenter.unpublished',
  ndaChanged: 'nda.changed',
  accessApproved: 'access.approved',
  accessRevoked: 'access.revoked',
  accessDenied: 'access.denied',
  documentDownloaded: 'document.downloaded',
  questionnaireExported: 'questionnaire.exported',
  outboundSent: 'outbound.sent',
  /** A single sign-on (SAML ACS) ended in a session ticket, or was refused for a known company. */
  ssoLoginSucceeded: 'sso.login.succeeded',
  ssoLoginFailed: 'sso.login.failed',
} as const

/** An action name: one of AUDIT's, or another part's following the same rule (AUDIT_ACTION_PATTERN). */
export type AuditAction = string

/** What an action name must look like: two or more lowercase dotted words, at most 64 characters. */
export const AUDIT_ACTION_PATTERN = '^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)+$'
