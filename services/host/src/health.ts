// /healthz: the process is up. /readyz: its backends answer (used by k8s probes and CI).
import { asSystem } from '@portal/db'
import type { ServiceContext } from '@portal/http'
import type { Module } from '@portal/runtime'
import { sql } from 'kysely'

export const healthModule: Module<ServiceContext> = {
  name: 'health',
  deps: ['server'],
  init: async (ctx) => {
    const { server } = ctx
    server.get('/healthz', { schema: { hide: true } }, async () => ({ status: true }))
    server.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
      const checks: Record<string, boolean> = {}
      if (ctx.db) {
        checks['db'] = await asSystem(() => sql`select 1`.execute(ctx.db!.root)).then(() => true, () => false) // a probe, of no tenant
      }
      const ready = Object.values(checks).every(Boolean)
      return reply.status(ready ? 200 : 503).send({ status: ready, checks })
    })
  },
}
