// The request log: one info line per request, written when its answer is sent (method, URL with its
// capabilities redacted, status, milliseconds and the service whose route it is). Fastify's own
// per-request lines ("incoming request", and the 4xx and not-found notes) go to debug: at info they
// were two more lines per request, and with the gateway's proxy two more again (issue 26: 536 bytes
// of log per forwarded request). Errors keep their levels.
import type { Config } from '@portal/config'
import { routeTable, SERVICES } from '@portal/contracts'
import { redactUrl } from '@portal/observability'
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify'

/** Which service owns each declared route (`GET /api/...`), whichever process answers it. */
const owners = new Map<string, string>()
for (const svc of SERVICES) for (const { method, url } of routeTable[svc]) owners.set(`${method} ${url}`, svc)

export class RequestLog extends LogController {
  readonly #ownService: string

  constructor(config: Pick<Config, 'targets'>) {
    super()
    // Routes no service declares (the web app, health, public pages) belong to the process itself.
    this.#ownService = config.targets.includes('gateway') || config.targets.length === 0 ? 'gateway' : config.targets.join(',')
  }

  /** The service a request's route belongs to. */
  serviceOf(req: FastifyRequest): string {
    const pattern = req.routeOptions.url
    if (pattern === undefined) return this.#ownService
    const method = req.method === 'HEAD' ? 'GET' : req.method
    return owners.get(`${method} ${pattern}`) ?? this.#ownService
  }

  override incomingRequest(req: FastifyRequest): void {
    req.log.debug({ req }, 'incoming request')
  }

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: req.method,
      url: redactUrl(req.url, req.params && typeof req.params === 'object' ? (req.params as Record<string, unknown>) : undefined),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      svc: this.serviceOf(req),
    }
    if (error) reply.log.error({ ...line, err: error }, 'request errored')
    else reply.log.info(line, 'request completed')
  }

  override defaultErrorLog(error: Error, req: FastifyRequest, reply: FastifyReply): void {
    if (reply.statusCode >= 500) super.defaultErrorLog(error, req, reply)
    else reply.log.debug({ err: error }, error?.message)
  }

  override routeNotFound(req: FastifyRequest): void {
    req.log.debug({ req }, 'route not found')
  }

  override streamError(error: Error & { code?: string }, req: FastifyRequest, reply: FastifyReply): void {
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') reply.log.debug('stream closed prematurely')
    else super.streamError(error, req, reply)
  }
}
