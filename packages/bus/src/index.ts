// Events between services: in-process for the embedded portal, NATS when NATS_URL is set.
// Subjects are `<tenant>.<thing>.<happened>`; payloads carry ids, never document text.
import type { Logger } from '@portal/observability'
import { createMemoryBus } from './memory-bus.js'
import type { EventBus } from './types.js'

export { createMemoryBus } from './memory-bus.js'

/** The NATS client is loaded only where NATS is used: the embedded portal never does. */
export const createNatsBus = async (...args: Parameters<typeof import('./nats-bus.js').createNatsBus>): Promise<EventBus> =>
  (await import('./nats-bus.js')).createNatsBus(...args)
export { subjectMatches } from './subjects.js'
export type { EventBus, EventHandler, SubscribeOptions } from './types.js'

/** `prefix` (BUS_PREFIX) applies on NATS only: the in-process bus is one installation's anyway. */
export async function createBus(cfg: { natsUrl?: string | undefined; prefix?: string | undefined }, log?: Logger): Promise<EventBus> {
  return cfg.natsUrl ? createNatsBus(cfg.natsUrl, log, { prefix: cfg.prefix }) : createMemoryBus(log)
}
