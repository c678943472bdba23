// Live changes of an outbound as server-sent events, fed by the bus: its questions read (or not),
// an answer saved, the submit. Payloads carry ids and counts, never answer text.
import { events, type OutboundEvent, OutboundIdParams } from '@portal/contracts'
import { type AppInstance, principalOf } from '@portal/http'
import { outboundFor } from '../access.js'
import type { OutboundDeps } from '../deps.js'

export function eventRoutes(app: AppInstance, deps: OutboundDeps): void {
  app.get('/outbound/:id/events', { schema: { tags: ['outbound'], params: OutboundIdParams } }, async (req, reply) => {
    const me = principalOf(req)
    const o = await outboundFor(deps, me, req.params.id)
    const { tenantId } = me
    reply.hijack()
    const res = reply.raw
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive', 'x-accel-buffering': 'no', 'x-content-type-options': 'nosniff' })
    const send = (e: OutboundEvent) => res.write(`event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`)
    let closed = false
    const unsubscribes: (() => Promise<void>)[] = []
    const close = () => {
      if (closed) return
      closed = true
      clearInterval(ping)
      for (const u of unsubscribes) void u().catch(() => undefined)
      res.end()
    }
    const ping = setInterval(() => res.write(': ping\n\n'), 15_000)
    req.raw.on('close', close)
    const num = (v: unknown) => (typeof v === 'number' ? v : undefined)
    try {
      unsubscribes.push(await deps.bus.subscribe(events.outboundExtracted(tenantId), async (_s, p) => {
        if (closed || p['kind'] !== 'outbound' || p['id'] !== o.id) return
        send(p['state'] === 'failed'
          ? { type: 'failed', outboundId: o.id, ...(typeof p['message'] === 'string' ? { message: p['message'] } : {}) }
          : { type: 'extracted', outboundId: o.id, ...(num(p['total']) !== undefined ? { total: num(p['total']) } : {}) })
      }))
      unsubscribes.push(await deps.bus.subscribe(events.outboundAnswered(tenantId), async (_s, p) => {
        if (closed || p['outboundId'] !== o.id) return
        send({ type: 'answered', outboundId: o.id, ...(typeof p['questionId'] === 'string' ? { questionId: p['questionId'] } : {}), ...(num(p['answered']) !== undefined ? { answered: num(p['answered']) } : {}), ...(num(p['total']) !== undefined ? { total: num(p['total']) } : {}) })
      }))
      unsubscribes.push(await deps.bus.subscribe(events.outboundCompleted(tenantId), async (_s, p) => {
        if (closed || p['outboundId'] !== o.id) return
        send({ type: 'completed', outboundId: o.id })
      }))
    } catch (err) {
      req.log.warn({ err }, 'outbound events: bus unavailable')
      close()
      return
    }
    // The state now, after subscribing, so no change falls between the two.
    if (o.status) send({ type: 'completed', outboundId: o.id })
    else if (o.state === 'failed') send({ type: 'failed', outboundId: o.id, ...(o.error ? { message: o.error } : {}) })
    else if (o.state === 'ready') send({ type: 'extracted', outboundId: o.id, total: Number(o.total ?? 0) })
  })
}
