// The values of API keys and webhooks the web app needs at run time (no schema library here).

/**
 * Scopes a key may hold: read or write per area, an area being the service that answers the route
 * (packages/http api-key-scopes.ts). `account` is the identity service's non-admin routes (the
 * caller's company and profile). Admin-only routes need `<area>:admin` besides read or write; no
 * scope reaches the identity service's admin routes (people, keys, webhooks, sign-in settings).
 */
export const API_SCOPES = [
  'account:read',
  'account:write',
  'trustcenter:read',
  'trustcenter:write',
  'questionnaires:read',
  'questionnaires:write',
  'outbound:read',
  'outbound:write',
  'trustcenter:admin',
  'questionnaires:admin',
  'outbound:admin',
] as const
export type ApiScope = (typeof API_SCOPES)[number]

/** Events a webhook may subscribe to, and the bus subjects they come from (packages/contracts events). */
export const WEBHOOK_EVENTS = ['access_request.created', 'questionnaire.drafted', 'outbound.submitted', 'document.published'] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]
