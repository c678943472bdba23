import type { TokenService } from '@portal/auth'
import type { Config } from '@portal/config'
import type { Logger } from '@portal/observability'
import type { AppInstance } from './server.js'

export { dbNameHeader, NOT_VERIFIED_MESSAGE, principalOf, requireAdmin, requireAuth, requireStaff, requireVerified } from './auth-hooks.js'
export { answerConflict, ok, paged } from './replies.js'
export { authenticateRoutes, BEARER_SECURITY } from './route-security.js'
export { type EventStream, openEventStream } from './event-stream.js'
export { COMPRESS_THRESHOLD, compressSync } from './compression.js'
export { matches, pickEncoding } from './conditional.js'
export { checkFormFields, uploadValidatorCompiler } from './form-fields.js'
export { type AppInstance, contentSecurityPolicy, createServer, type NotFoundHandler, type ServerOptions } from './server.js'

/** What the host hands every module. Adapters are present when a started module needs them. */
export interface ServiceContext {
  config: Config
  logger: Logger
  server: AppInstance
  tokens: TokenService
  // Typed loosely here to keep @portal/http free of adapter packages; services narrow them.
  db?: import('@portal/db').Database
  bus?: import('@portal/bus').EventBus
  mail?: import('@portal/mail').Mailer
  blobs?: import('@portal/storage').BlobStore
  queue?: import('@portal/queue').JobQueue
}

type Backend = 'db' | 'bus' | 'mail' | 'blobs' | 'queue'
const BACKENDS: readonly string[] = ['db', 'bus', 'mail', 'blobs', 'queue'] satisfies Backend[]

/** The host's context with the named backends present and typed so: what a module's deps promise. */
export type ContextWith<Names extends string> = ServiceContext & { [K in Extract<Names, Backend>]-?: NonNullable<ServiceContext[K]> }

/** The context narrowed to `names`, or a clear start-up error naming the first backend missing. */
export function withBackends<const Names extends string>(ctx: ServiceContext, names: readonly Names[]): ContextWith<Names> {
  for (const name of names) if (BACKENDS.includes(name) && ctx[name as Backend] === undefined) throw new Error(`module dependency missing: ${name}`)
  return ctx as ContextWith<Names>
}

/**
 * A service's module for the host. What every service does at start is done here: the context its
 * `deps` promise is checked once (the database, the queue... present and typed as such), its own
 * schema is migrated when DB_MIGRATE is on, and it answers `GET /api/<name>/healthz`. Then `init`.
 */
export function serviceModule<const Deps extends readonly string[]>(module: {
  name: string
  deps: Deps
  /** The schema the service owns and its migrations (`deps` then includes 'db'). */
  schema?: { name: string; migrations: Record<string, import('@portal/db').Migration> }
  init(ctx: ContextWith<Deps[number]>): Promise<import('@portal/runtime').Stoppable | undefined>
}): import('@portal/runtime').Module<ServiceContext> {
  const { name, schema } = module
  return {
    name,
    deps: module.deps,
    init: async (ctx) => {
      const typed = withBackends(ctx, module.deps) as ContextWith<Deps[number]>
      if (schema && ctx.config.dbMigrate) {
        // Loaded here: the gateway, which owns no schema, never loads the database driver.
        const { migrateSchema } = await import('@portal/db')
        await migrateSchema(withBackends(ctx, ['db']).db, schema.name, schema.migrations)
      }
      ctx.server.get(`/api/${name}/healthz`, { schema: { hide: true } }, async () => ({ status: true, service: name }))
      return module.init(typed)
    },
  }
}
