// Build-time constants of the product (spec §9).
export const APP_VERSION = '1.22'
export const STORAGE_PREFIX = 'tp.'
export const OTP_DIGITS = 4
export const PAGE_SIZE = 10
export const LOGIN_ERROR_MS = 3000
export const INVITE_MESSAGE_MS = 4000
export const PROVISION_WAIT_MS = 4000
export const OTP_SUCCESS_MS = 2000
export const TOAST_MS = 4000
/** Renew the access token this long before its `exp`. */
export const REFRESH_AHEAD_MS = 60_000
