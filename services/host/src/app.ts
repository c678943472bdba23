// Builds and starts the portal for the configured targets; used by main.ts and by the tests.
import type { Config } from '@portal/config'
import type { AppInstance, ServiceContext } from '@portal/http'
import { currentScope } from '@portal/db'
import { type Logger, setTenantSource } from '@portal/observability'
import { startModules } from '@portal/runtime'
import { closeThreadPools } from '@portal/runtime/thread-pool'
import { seedDemo } from '@portal/svc-identity'
import { seedDemoOutbound } from '@portal/svc-outbound'
import { seedDemoQuestionnaire } from '@portal/svc-questionnaire'
import { seedDemoTrustCenter } from '@portal/svc-trust-center'
import { demoPlan } from './demo-policy.js'
import { modules } from './modules.js'

export { type DemoPlan, demoPlan, isLoopbackHost } from './demo-policy.js'
export { type MetricsServer, startMetricsServer } from './metrics-server.js'

export interface DemoAccount {
  tenantId: string
  email: string
  password: string
  /** The password came from DEMO_PASSWORD: a secret, never printed. */
  passwordFromConfig: boolean
  /** False when the demo admin of an earlier start has another password now. */
  passwordCurrent: boolean
  dbName: string
}

export interface Portal {
  ctx: ServiceContext
  server: AppInstance
  demo: DemoAccount | undefined
  /** The demo tenant's public trust center, when seeded and published. */
  trustCenterUrl: string | undefined
  /** A link to answer the demo's sent questionnaire as its recipient (new at every start). */
  inboundUrl: string | undefined
  /** Closes the server first (no new requests, in-flight ones finish), then every module in reverse. */
  stop(): Promise<void>
}

export async function startPortal(config: Config, logger: Logger): Promise<Portal> {
  const plan = demoPlan(config) // before anything starts: a refused demo is a configuration error
  const ctx = { config, logger } as ServiceContext
  // Log lines name the tenant of the request or job they belong to, once its token, host or payload says.
  setTenantSource(() => {
    const { kind, tenant } = currentScope()
    return kind === 'tenant' ? tenant : undefined
  })
  const running = await startModules(modules, ['health', ...config.targets], ctx, logger)
  let demo: DemoAccount | undefined
  let trustCenterUrl: string | undefined
  let inboundUrl: string | undefined
  if (plan.seed) {
    demo = await seedDemo(ctx, plan.password)
    await seedDemoQuestionnaire({ db: ctx.db!, blobs: ctx.blobs!, queue: ctx.queue! }, demo.tenantId)
    trustCenterUrl = (await seedDemoTrustCenter(ctx, demo)).url
    inboundUrl = await seedDemoOutbound(ctx, demo)
  }
  await ctx.server.ready()
  let stopped: Promise<void> | undefined
  return {
    ctx,
    server: ctx.server,
    demo,
    trustCenterUrl,
    inboundUrl,
    stop: () => {
      // The server first: no new requests, in-flight ones finish while the database is still open.
      // Last, the parser threads (shared by the process; one still busy ends after its task).
      stopped ??= ctx.server
        .close()
        .then(() => running.stop())
        .then(closeThreadPools)
      return stopped
    },
  }
}
