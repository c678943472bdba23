// API keys verified in this process: found by the key's hash (system work: the key is all the
// caller has), kept KEY_CACHE_MS (5 s), refused once revoked (here at once; in other processes at
// once through the bus's revocation, and within 5 s when that event is lost). Last use is noted in
// memory and written every FLUSH_MS, one update per key, never one per call; the same flush writes
// the key's `apikey.used` audit entry, at most once an hour per key (USE_AUDIT_EVERY_MS).
import { AUDIT, recordAudit } from '@portal/audit'
import { apiKeySessionId, checkKeyShape, hashKey, KeyCache, type Principal, type TokenService } from '@portal/auth'
import { AppError } from '@portal/errors'
import type { Logger } from '@portal/observability'
import type { Kysely } from 'kysely'
import { API_KEY_ACTOR } from './audit-actors.js'
import { claimUseAudit, findKeyByHash, touchApiKeys } from './db/api-keys.repo.js'
import type { IdentityDb } from './db/schema.js'

const FLUSH_MS = 10_000
/** A key in use leaves one audit entry per this period, not one per call (the log would drown). */
export const USE_AUDIT_EVERY_MS = 3600_000

export interface ApiKeyVerifier {
  verify(key: string): Promise<Principal>
  /** Forgets a revoked key here and tells every other process. */
  revoked(id: string): Promise<void>
  /** Writes the last uses still in memory. */
  flush(): Promise<void>
  stop(): Promise<void>
}

/** `db`: a system view of the identity schema (keys are found before any tenant is known). */
export function apiKeyVerifier(db: Kysely<IdentityDb>, tokens: TokenService, logger: Logger): ApiKeyVerifier {
  const cache = new KeyCache()
  const used = new Map<string, { tenantId: string; at: Date }>()
  const invalid = () => new AppError('UNAUTHENTICATED', { message: 'This API key is not valid' })

  const flush = async () => {
    if (!used.size) return
    const batch = [...used].map(([id, u]) => ({ id, ...u }))
    used.clear()
    await touchApiKeys(db, batch).catch((err: unknown) => logger.warn({ err }, 'API key last use not saved'))
    for (const use of batch) {
      try {
        // The claim is a conditional update: of several processes, one writes the hour's entry.
        const now = new Date()
        const name = await claimUseAudit(db, use.tenantId, use.id, now, new Date(now.getTime() - USE_AUDIT_EVERY_MS))
        if (name !== undefined)
          await recordAudit(db, undefined, { action: AUDIT.apiKeyUsed, tenantId: use.tenantId, actor: API_KEY_ACTOR, target: `API key "${name}"` })
      } catch (err) {
        logger.warn({ err, apiKeyId: use.id }, 'API key use not written to the audit log')
      }
    }
  }
  const timer = setInterval(() => void flush(), FLUSH_MS)
  timer.unref()

  return {
    async verify(key) {
      checkKeyShape(key)
      const hash = hashKey(key)
      let principal = cache.get(hash)
      if (!principal) {
        const row = await findKeyByHash(db, hash)
        if (!row) throw invalid()
        principal = {
          userId: row.createdBy,
          tenantId: row.tenantId,
          dbName: row.dbName,
          admin: false,
          inboundUser: false,
          sessionId: apiKeySessionId(row.id),
          // Only an admin with a proven address creates keys.
          emailVerified: true,
          name: `API key ${row.name}`,
          apiKey: { id: row.id, scopes: row.scopes },
        }
        cache.set(hash, principal)
      }
      if (tokens.isRevoked(principal.sessionId)) throw invalid()
      used.set(principal.apiKey!.id, { tenantId: principal.tenantId, at: new Date() })
      return principal
    },
    async revoked(id) {
      cache.dropKey(id)
      used.delete(id)
      await tokens.revokeSession(apiKeySessionId(id))
    },
    flush,
    async stop() {
      clearInterval(timer)
      await flush()
    },
  }
}
