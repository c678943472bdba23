// Live changes of an outbound as server-sent events, fed by the bus: its questions read (or not),
// an answer saved, the submit. Payloads carry ids and counts, never answer text.
import { events, type OutboundEvent, outboundErrors, outboundEventsReply, OutboundIdParams } from '@portal/contracts'
import { type AppInstance, openEventStream, principalOf } from '@portal/http'
import { outboundFor } from '../access.js'
import type { OutboundDeps } from '../deps.js'

export function eventRoutes(app: AppInstance, deps: OutboundDeps): void {
  app.get(
    '/outbound/:id/events',
    { schema: { tags: ['outbound'], params: OutboundIdParams, response: { 200: outboundEventsReply, ...outboundErrors('staff', 404) } } },
    async (req, reply) => {
      const me = principalOf(req)
      const o = await outboundFor(deps, me, req.params.id)
      const { tenantId } = me
      const stream = openEventStream(req, reply)
      const send = (e: OutboundEvent) => stream.send(e.type, e)
      const num = (v: unknown) => (typeof v === 'number' ? v : undefined)
      try {
        stream.onClose(
          await deps.bus.subscribe(events.outboundExtracted(tenantId), async (_s, p) => {
            if (p['kind'] !== 'outbound' || p['id'] !== o.id) return
            send(
              p['state'] === 'failed'
                ? { type: 'failed', outboundId: o.id, ...(typeof p['message'] === 'string' ? { message: p['message'] } : {}) }
                : { type: 'extracted', outboundId: o.id, ...(num(p['total']) !== undefined ? { total: num(p['total']) } : {}) },
            )
          }),
        )
        stream.onClose(
          await deps.bus.subscribe(events.outboundAnswered(tenantId), async (_s, p) => {
            if (p['outboundId'] !== o.id) return
            send({
              type: 'answered',
              outboundId: o.id,
              ...(typeof p['questionId'] === 'string' ? { questionId: p['questionId'] } : {}),
              ...(num(p['answered']) !== undefined ? { answered: num(p['answered']) } : {}),
              ...(num(p['total']) !== undefined ? { total: num(p['total']) } : {}),
            })
          }),
        )
        stream.onClose(
          await deps.bus.subscribe(events.outboundCompleted(tenantId), async (_s, p) => {
            if (p['outboundId'] !== o.id) return
            send({ type: 'completed', outboundId: o.id })
          }),
        )
      } catch (err) {
        req.log.warn({ err }, 'outbound events: bus unavailable')
        stream.close()
        return
      }
      // The state now, after subscribing, so no change falls between the two.
      if (o.status) send({ type: 'completed', outboundId: o.id })
      else if (o.state === 'failed') send({ type: 'failed', outboundId: o.id, ...(o.error ? { message: o.error } : {}) })
      else if (o.state === 'ready' || o.state === 'check') send({ type: 'extracted', outboundId: o.id, total: Number(o.total ?? 0) })
    },
  )
}
