// Infrastructure modules of the single binary. Which adapter each one builds (embedded or real
// server) is decided here, once, from typed config; no service knows which it got.
import path from 'node:path'
import { createRemoteApiKeyVerifier, createRemoteTokenService, createTokenService, loadSigningKey } from '@portal/auth'
import { createBus } from '@portal/bus'
import { SESSION_REVOKED_SUBJECT } from '@portal/contracts'
import { openDatabase } from '@portal/db'
import { createServer, type ServiceContext } from '@portal/http'
import { createMailer } from '@portal/mail'
import { createQueue } from '@portal/queue'
import type { Module } from '@portal/runtime'
import { createBlobStore } from '@portal/storage'

type Ctx = ServiceContext

export const infraModules: Module<Ctx>[] = [
  {
    name: 'tokens',
    init: async (ctx) => {
      const { config } = ctx
      const options = { issuer: config.jwt.issuer, audience: config.jwt.audience, accessTtl: config.jwt.accessTtl }
      // Identity signs sessions; outbound signs the recipient's restricted session (GET /api/inbound/…)
      // with the same key, so every service's verifier (identity's JWKS) accepts it.
      if (config.targets.includes('identity') || config.targets.includes('outbound')) {
        if (!config.targets.includes('identity') && !config.jwt.privateKeyPem) {
          throw new Error("JWT_PRIVATE_KEY is required when outbound runs apart from identity (it signs the recipients' sessions with identity's key)")
        }
        const key = await loadSigningKey({ privateKeyPem: config.jwt.privateKeyPem, dataDir: config.dataDir })
        ctx.tokens = createTokenService(key, options)
      } else {
        const identity = config.serviceUrls.identity
        if (!identity) throw new Error('IDENTITY_URL is required when identity runs in another process (token verification keys)')
        ctx.tokens = createRemoteTokenService(`${identity}/api/.well-known/jwks.json`, options)
      }
      // API keys: the identity module verifies them in its process; elsewhere identity is asked (cached 5 s).
      const identity = config.serviceUrls.identity
      if (!config.targets.includes('identity') && identity) ctx.tokens.verifyApiKey = createRemoteApiKeyVerifier(identity, ctx.tokens)
    },
  },
  {
    name: 'server',
    deps: ['tokens'],
    init: async (ctx) => {
      ctx.server = await createServer({ config: ctx.config, logger: ctx.logger, tokens: ctx.tokens })
      // Usually closed already by Portal.stop(); closing a closed server is harmless.
      return { stop: async () => void (await ctx.server.close().catch(() => undefined)) }
    },
  },
  {
    name: 'db',
    init: async (ctx) => {
      const { config } = ctx
      ctx.db = await openDatabase({
        databaseUrl: config.databaseUrl,
        dataDir: path.join(config.dataDir, 'pglite'),
        log: ctx.logger,
        rowSecurity: config.dbRowSecurity,
        createAppRole: config.dbMigrate,
      })
      ctx.logger.info({ kind: ctx.db.kind }, 'database ready')
      return { stop: () => ctx.db!.close() }
    },
  },
  {
    name: 'bus',
    deps: ['tokens'],
    init: async (ctx) => {
      const bus = await createBus({ natsUrl: ctx.config.natsUrl, prefix: ctx.config.busPrefix }, ctx.logger)
      ctx.bus = bus
      // Revocations (logout, password change) must reach every process that verifies tokens.
      const tokens = ctx.tokens
      tokens.onRevoke = async (sessionId) => bus.publish(SESSION_REVOKED_SUBJECT, { sessionId })
      const unsubscribe = await bus.subscribe(SESSION_REVOKED_SUBJECT, (_subject, payload) => {
        if (typeof payload['sessionId'] === 'string') tokens.applyRevocation(payload['sessionId'])
      })
      return {
        stop: async () => {
          await unsubscribe()
          await bus.close()
        },
      }
    },
  },
  {
    name: 'mail',
    init: async (ctx) => {
      const { config } = ctx
      ctx.mail = createMailer({ smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, dataDir: config.dataDir }, ctx.logger)
      return { stop: () => ctx.mail!.close() }
    },
  },
  {
    name: 'blobs',
    init: async (ctx) => {
      ctx.blobs = await createBlobStore({ s3: ctx.config.s3, dataDir: ctx.config.dataDir }, ctx.logger)
      return { stop: () => ctx.blobs!.close() }
    },
  },
  {
    name: 'queue',
    // Jobs use the database and the bus: the queue starts after them and stops before them, so a job
    // running at shutdown finishes with both still open (stop order is the reverse of start).
    deps: ['db', 'bus'],
    init: async (ctx) => {
      ctx.queue = await createQueue({ redisUrl: ctx.config.redisUrl, prefix: ctx.config.queuePrefix }, ctx.logger)
      return { stop: () => ctx.queue!.close({ drainMs: Math.round((ctx.config.shutdownTimeoutMs * 2) / 3) }) }
    },
  },
]
