// @portal/svc-outbound: the module for the host, and the plugin, migrations and sweeps for tests.
export { module, REMINDER_DAYS, SCHEMA, seedDemoOutbound, sendReminders, SERVICE } from './module.js'
export { DEMO_RECIPIENT } from './seed.js'
export { outboundPlugin } from './plugin.js'
export type { OutboundDeps } from './deps.js'
export { migrations } from './db/migrations/index.js'
export type { OutboundDb } from './db/schema.js'
export { hashCapability } from './domain/capability.js'
