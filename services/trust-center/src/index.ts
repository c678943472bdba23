// @portal/svc-trust-center: the module for the host, and the plugin, migrations and demo seed for tests and tools.
export { module, SERVICE, seedDemoTrustCenter } from './module.js'
export { trustCenterPlugin } from './plugin.js'
export type { TrustCenterDeps } from './deps.js'
export type { DemoTrustCenter } from './seed.js'
export { migrations } from './db/migrations/index.js'
export { SCHEMA, type TrustCenterDb } from './db/schema.js'
