// The company's SCIM bearer token: `scim_<id>_<secret>`, 256 random bits. Only its SHA-256 is
// stored; the id (not secret) finds the row, and the hashes are compared in constant time, so
// neither the database index nor the comparison times how much of a guess was right.
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { hashToken, randomToken } from '@portal/auth'

const FORMAT = /^scim_([0-9a-f]{24})_([A-Za-z0-9_-]{43})$/

export function newScimToken(): { token: string; tokenId: string; tokenHash: string } {
  const tokenId = randomBytes(12).toString('hex')
  const token = `scim_${tokenId}_${randomToken()}`
  return { token, tokenId, tokenHash: hashToken(token) }
}

/** The token id of a well-formed token, else undefined (the rate limit keys by it). */
export function scimTokenId(token: string | undefined): string | undefined {
  return token ? FORMAT.exec(token)?.[1] : undefined
}

/** The bearer token of an Authorization header, if any. */
export const bearerOf = (header: string | undefined): string | undefined => header?.match(/^Bearer\s+(\S+)\s*$/i)?.[1]

const DUMMY = hashToken('no token')

/** Whether `token` hashes to `storedHash` (hex SHA-256), compared in constant time. */
export function scimTokenMatches(token: string, storedHash: string | null | undefined): boolean {
  const presented = Buffer.from(hashToken(token), 'hex')
  const stored = Buffer.from(storedHash && /^[0-9a-f]{64}$/.test(storedHash) ? storedHash : DUMMY, 'hex')
  return timingSafeEqual(presented, stored) && storedHash !== undefined && storedHash !== null
}
