// /healthz: the process is up. /readyz: each of its backends answers (database, queue, bus, blob
// store), named in `checks`; 503 when one it needs does not (used by k8s probes and CI).
// Metrics are not here: they have a port of their own (metrics-server.ts), never the public one.
import { asSystem } from '@portal/db'
import type { ServiceContext } from '@portal/http'
import { collectProcessMetrics } from '@portal/observability'
import type { Module } from '@portal/runtime'
import { sql } from 'kysely'

export const healthModule: Module<ServiceContext> = {
  name: 'health',
  deps: ['server'],
  init: async (ctx) => {
    const { server } = ctx
    server.get('/healthz', { schema: { hide: true } }, async () => ({ status: true }))
    collectProcessMetrics()
    server.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
      const checks: Record<string, boolean> = {}
      // Each backend this process uses, probed at once (each probe gives up within a few seconds).
      const probes: [string, (() => Promise<boolean>) | undefined][] = [
        [
          'db',
          ctx.db &&
            (() =>
              asSystem(() => sql`select 1`.execute(ctx.db!.root)).then(
                () => true,
                () => false,
              )),
        ], // of no tenant
        ['queue', ctx.queue && (() => ctx.queue!.healthy())],
        ['bus', ctx.bus && (() => ctx.bus!.healthy())],
        ['blobs', ctx.blobs && (() => ctx.blobs!.healthy())],
      ]
      await Promise.all(
        probes.map(async ([name, probe]) => {
          if (probe) checks[name] = await probe().catch(() => false)
        }),
      )
      // The bus is best-effort (events are made up for by re-reading state) and reconnects by itself:
      // it is reported, but NATS away must not take every pod out of service.
      const ready = Object.entries(checks).every(([name, ok]) => ok || name === 'bus')
      return reply.status(ready ? 200 : 503).send({ status: ready, checks })
    })
  },
}
