// Events between services: in-process for the embedded portal, NATS when NATS_URL is set.
// Subjects are `<tenant>.<thing>.<happened>`; payloads carry ids, never document text.
import type { Logger } from '@portal/observability'
import { createMemoryBus } from './memory-bus.js'
import { createNatsBus } from './nats-bus.js'
import type { EventBus } from './types.js'

export { createMemoryBus } from './memory-bus.js'
export { createNatsBus } from './nats-bus.js'
export { subjectMatches } from './subjects.js'
export type { EventBus, EventHandler } from './types.js'

export async function createBus(cfg: { natsUrl?: string | undefined }, log?: Logger): Promise<EventBus> {
  return cfg.natsUrl ? createNatsBus(cfg.natsUrl, log) : createMemoryBus(log)
}
