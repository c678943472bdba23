// Permission tokens of approved visitors: 256 CSPRNG bits, base64url. Only the SHA-256 is stored;
// a plain hash suffices for tokens of this entropy (security.md B9, ASVS 6.5.2).
import { createHash, randomBytes } from 'node:crypto'

export const newPermissionToken = () => randomBytes(32).toString('base64url')

export const hashPermissionToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** The form of a token we issue (43 base64url characters); anything else is refused before any lookup. */
export const PERMISSION_TOKEN = /^[A-Za-z0-9_-]{43}$/

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')
