// A server-sent events answer: the reply taken over from Fastify, the headers that keep proxies from
// buffering it, a comment every 15 s so idle connections stay open, and one close that ends the
// pings, runs every clean-up registered (bus subscriptions) and ends the response, whether the
// client left, the route is done or the server is closing (an open stream would keep it from closing).
import type { Server } from 'node:http'
import type { FastifyReply, FastifyRequest } from 'fastify'

/** Open streams per HTTP server, ended by `closeEventStreams` when the server closes. */
const open = new WeakMap<object, Set<EventStream>>()

/** Ends every open stream of a server (its preClose hook): clients reconnect to another instance. */
export function closeEventStreams(server: Server): void {
  for (const stream of open.get(server) ?? []) stream.close()
}

export interface EventStream {
  send(event: string, data: object): void
  /** Runs `cleanup` on close; at once when the stream is closed already (the client left meanwhile). */
  onClose(cleanup: () => Promise<void> | void): void
  readonly closed: boolean
  close(): void
}

export function openEventStream(req: FastifyRequest, reply: FastifyReply): EventStream {
  reply.hijack()
  const res = reply.raw
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    // no-store like every authenticated answer (a stream carries the tenant's data); no-transform keeps proxies from buffering it.
    'cache-control': 'no-store, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  })
  const cleanups: (() => Promise<void> | void)[] = []
  const run = (cleanup: () => Promise<void> | void) =>
    void Promise.resolve()
      .then(cleanup)
      .catch((err: unknown) => req.log.warn({ err }, 'event stream clean-up failed'))
  const ping = setInterval(() => res.write(': ping\n\n'), 15_000)
  let closed = false
  const stream: EventStream = {
    send: (event, data) => {
      if (!closed) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
    },
    onClose: (cleanup) => (closed ? run(cleanup) : void cleanups.push(cleanup)),
    get closed() {
      return closed
    },
    close: () => {
      if (closed) return
      closed = true
      clearInterval(ping)
      for (const c of cleanups.splice(0)) run(c)
      res.end()
    },
  }
  const streams = open.get(req.server.server) ?? new Set<EventStream>()
  open.set(req.server.server, streams)
  streams.add(stream)
  stream.onClose(() => void streams.delete(stream))
  req.raw.on('close', stream.close)
  return stream
}
