// The event bus survives NATS going away for longer than the client's default patience (10 tries):
// publishing meanwhile does not fail (events are best-effort: one published while NATS is away may
// be lost, and what depends on it re-reads state), it reconnects, and subscriptions made before
// receive again. Through a TCP relay in front of the machine's NATS, cut and restored.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createNatsBus, type EventBus } from '@portal/bus'
import { until } from '../support/portal.js'
import { tcpRelay } from '../support/tcp-relay.js'

// Run only where the machine's servers are (jest.config.mjs: needsRealServers).
describe('event bus reconnection', () => {
  let link: Awaited<ReturnType<typeof tcpRelay>>
  let bus: EventBus
  const received: string[] = []
  const subject = `test.${crypto.randomUUID()}.reconnect`

  beforeAll(async () => {
    const nats = new URL(process.env['NATS_URL']!)
    link = await tcpRelay(nats.hostname, Number(nats.port) || 4222)
    bus = await createNatsBus(`nats://127.0.0.1:${link.port()}`, undefined, { reconnectWaitMs: 100 })
    await bus.subscribe(subject, async (_s, payload) => void received.push(String(payload['n'])))
  })
  afterAll(async () => {
    await bus?.close()
    await link?.close()
  })

  it('keeps trying while NATS is away (over 30 attempts), then delivers again', async () => {
    await bus.publish(subject, { n: 'before' })
    await until('the first event', async () => (received.includes('before') ? true : undefined), 5000)
    await link.cut()
    await new Promise((r) => setTimeout(r, 3500)) // ~35 reconnection attempts at 100 ms
    await expect(bus.publish(subject, { n: 'while away' })).resolves.toBeUndefined() // never "Event bus closed"
    expect(await bus.healthy()).toBe(false) // what /readyz reports meanwhile
    await link.restore()
    // Published until one arrives: the client reconnects and re-subscribes by itself.
    await until(
      'an event after reconnection',
      async () => {
        await bus.publish(subject, { n: 'after' })
        return received.includes('after') ? true : undefined
      },
      15_000,
    )
    expect(received[0]).toBe('before')
    expect(await bus.healthy()).toBe(true)
  }, 30_000)
})
