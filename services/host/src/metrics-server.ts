// /metrics on a port of its own (METRICS_PORT), never the public one: route and queue figures are for
// the scraper, and a port the ingress does not route cannot be reached from outside, whatever
// headers a request carries. Several portals on one machine (tests, a laptop) share the default
// port: the first takes it, the others warn and go without; a port set explicitly must be had.
import { createServer, type Server } from 'node:http'
import type { Config } from '@portal/config'
import type { ServiceContext } from '@portal/http'
import { type Logger, renderMetrics } from '@portal/observability'

export interface MetricsServer {
  /** The port it listens on (METRICS_PORT=0 picks a free one). */
  port: number
  close(): Promise<void>
}

/** Starts the listener, or nothing when METRICS_PORT=off or the default port is taken (a warning). */
export async function startMetricsServer(
  config: Pick<Config, 'metrics' | 'host'>,
  ctx: Pick<ServiceContext, 'queue'>,
  logger: Logger,
): Promise<MetricsServer | undefined> {
  if (!config.metrics) return undefined
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
    // Queue depth is read now, from whichever queue this process has.
    renderMetrics(ctx.queue && (() => ctx.queue!.counts())).then(
      ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body),
      (err: unknown) => {
        logger.error({ err }, 'metrics not rendered')
        res.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics could not be rendered')
      },
    )
  })
  const { port, explicit } = config.metrics
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, config.host, () => resolve())
    })
  } catch (err) {
    if ((err as { code?: string }).code !== 'EADDRINUSE' || explicit)
      throw new Error(`cannot serve metrics on ${config.host}:${port}: ${(err as Error).message}`)
    logger.warn({ port }, `metrics not served: the default METRICS_PORT ${port} is taken by another process (set METRICS_PORT to another port, or off)`)
    return undefined
  }
  const address = server.address()
  return {
    port: address && typeof address === 'object' ? address.port : port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections() // a scraper's keep-alive connection must not hold the stop
      }),
  }
}
