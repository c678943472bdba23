// One error type for the whole codebase. Domain and repository code throw AppError; the single
// error handler in @portal/http turns it into the contract's envelope: { status: false, message, code }.

export const AppErrorCode = {
  INVALID_REQUEST: 400,
  INVALID_TENANT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  TENANT_MISMATCH: 403,
  /** The token does not (yet) say the address is proven: a renewed one may (verified in another browser). */
  EMAIL_NOT_VERIFIED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** An outbound the recipient submitted: read-only (security.md B26). */
  ALREADY_SUBMITTED: 409,
  GONE: 410,
  /** An emailed link past its expiry, or revoked (security.md B26). */
  LINK_EXPIRED: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  QUOTA_EXCEEDED: 429,
  INTERNAL: 500,
  /** The gateway could not reach the service that answers the path. */
  BAD_GATEWAY: 502,
  UNAVAILABLE: 503,
  /** The service the gateway forwarded to did not answer in time. */
  GATEWAY_TIMEOUT: 504,
} as const

export type AppErrorCode = keyof typeof AppErrorCode

export interface FieldError {
  field: string
  message: string
}

export interface AppErrorOptions {
  message?: string
  cause?: unknown
  errors?: FieldError[]
  /** Seconds, sent as Retry-After with RATE_LIMITED / QUOTA_EXCEEDED / UNAVAILABLE. */
  retryAfter?: number
  /** What the client needs to act on the refusal, sent as the envelope's `data` (a CONFLICT's record as it is now). */
  data?: unknown
}

const defaultMessages: Record<AppErrorCode, string> = {
  INVALID_REQUEST: 'Invalid request',
  INVALID_TENANT: 'Invalid tenant',
  UNAUTHENTICATED: 'Unauthorized',
  FORBIDDEN: 'Forbidden',
  TENANT_MISMATCH: 'Tenant mismatch',
  EMAIL_NOT_VERIFIED: 'Please verify your email address first: use the link we emailed you.',
  NOT_FOUND: 'Not found',
  CONFLICT: 'Conflict',
  ALREADY_SUBMITTED: 'This questionnaire was submitted: answers can no longer be changed',
  GONE: 'Gone',
  LINK_EXPIRED: 'This link has expired or was revoked. Ask the sender for a new one.',
  PAYLOAD_TOO_LARGE: 'File too large',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported file type',
  UNPROCESSABLE: 'Unprocessable input',
  RATE_LIMITED: 'Too many requests, please try again later.',
  QUOTA_EXCEEDED: "Your company has reached today's limit. Please try again tomorrow.",
  INTERNAL: 'Internal server error',
  BAD_GATEWAY: 'The service is not reachable; please try again shortly',
  UNAVAILABLE: 'Service unavailable',
  GATEWAY_TIMEOUT: 'The service did not answer in time; please try again shortly',
}

export class AppError extends Error {
  readonly code: AppErrorCode
  readonly statusCode: number
  readonly errors: FieldError[] | undefined
  readonly retryAfter: number | undefined
  readonly data: unknown

  constructor(code: AppErrorCode, options: AppErrorOptions = {}) {
    super(options.message ?? defaultMessages[code], { cause: options.cause })
    this.name = 'AppError'
    this.code = code
    this.statusCode = AppErrorCode[code]
    this.errors = options.errors
    this.retryAfter = options.retryAfter
    this.data = options.data
  }
}

export const statusFor = (code: AppErrorCode): number => AppErrorCode[code]

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError
}

/** Codes a retry cannot fix: queue adapters turn them into non-retryable failures. */
export const unrecoverableCodes: ReadonlySet<AppErrorCode> = new Set([
  'INVALID_REQUEST',
  'INVALID_TENANT',
  'NOT_FOUND',
  'FORBIDDEN',
  'TENANT_MISMATCH',
  'UNPROCESSABLE',
  'UNSUPPORTED_MEDIA_TYPE',
])
