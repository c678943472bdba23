// The service's names for its contract (packages/contracts, trust-center-*.ts), and the refusals
// each kind of route answers, declared with every route so the OpenAPI document lists them.
import { errorReplies } from '@portal/contracts'

export {
  BADGES,
  COMPLIANCE_STATUSES,
  TrustColours as Colours,
  TrustCompliance as Compliance,
  TrustDocument as Document,
  TrustIdParams as IdParams,
  TrustItemParams as ItemParams,
  TrustMessage as Message,
  MessageReply as Said,
  TrustNda as Nda,
  TrustNullable as Nullable,
  TrustOverview as Overview,
  pageReply as PageOf,
  TrustPublicOverview as PublicOverview,
  dataReply as Reply,
  TrustSecurityCategory as SecurityCategory,
  TrustSecurityItem as SecurityItem,
  TrustCenterPage,
  TrustThemeSettings as Theme,
  VISIBILITIES,
} from '@portal/contracts'

/** A staff (or admin) route: no or a bad token 401, another tenant's DbName or not an admin 403. */
export const staffErrors = errorReplies(400, 401, 403)
/** The same, with a body (too large 413, not JSON 415). */
export const staffBodyErrors = errorReplies(400, 401, 403, 413, 415)
/** A staff route about one row: 404 when it is not this tenant's. */
export const staffRowErrors = errorReplies(400, 401, 403, 404)
export const staffRowBodyErrors = errorReplies(400, 401, 403, 404, 413, 415)
/** A public route: 404 when no published trust center answers on this host. */
export const publicErrors = errorReplies(400, 404)
/** A public route with a body and a rate limit. */
export const publicBodyErrors = errorReplies(400, 404, 413, 415, 429)
/** An admin's upload (multipart): refused by content (415, 422), size (413) or the day's quota (429). */
export const logoErrors = errorReplies(400, 401, 403, 413, 415, 422, 429)
/** A document upload, which may name a document to replace (404 when it is not this tenant's). */
export const uploadErrors = errorReplies(400, 401, 403, 404, 413, 415, 422, 429)
