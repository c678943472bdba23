import type { TokenService } from '@portal/auth'
import type { Config } from '@portal/config'
import type { Logger } from '@portal/observability'
import type { AppInstance } from './server.js'

export { dbNameHeader, NOT_VERIFIED_MESSAGE, principalOf, requireAdmin, requireAuth, requireStaff, requireVerified } from './auth-hooks.js'
export { Envelope, MAX_PAGE, ok, PageQuery, type Paged, paged } from './replies.js'
export { type EventStream, openEventStream } from './event-stream.js'
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

/** A dependency a module declared, or a clear start-up error. */
export function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`module dependency missing: ${what}`)
  return value
}

/**
 * A service whose capabilities are not built yet: it starts with every target and answers its
 * health route, so deployments and the gateway's routing can be exercised from day one.
 */
export function healthOnlyModule(service: string): import('@portal/runtime').Module<ServiceContext> {
  return {
    name: service,
    deps: ['server'],
    init: async ({ server }) => {
      server.get(`/api/${service}/healthz`, { schema: { hide: true } }, async () => ({ status: true, service }))
      return undefined
    },
  }
}
