// The emailed link's capability (security.md B26): 256 random bits, base64url, distinct from any
// database id. Only its SHA-256 is stored, so a database read gives no working link.
import { createHash, randomBytes } from 'node:crypto'

export const newCapability = (): string => randomBytes(32).toString('base64url')

export const hashCapability = (capability: string): string => createHash('sha256').update(capability).digest('hex')

/** What a capability looks like: anything else is not looked up at all. */
export const isCapabilityShaped = (s: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(s)

export const DAY_MS = 86_400_000
export const DEFAULT_LINK_DAYS = 30
