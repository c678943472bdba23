// @portal/svc-identity: the module for the host, and the plugin and migrations for tests and tools.
export { identityModule, SCHEMA, seedDemo } from './module.js'
export { identityPlugin } from './plugin.js'
export type { IdentityDeps } from './deps.js'
export type { DemoAccount } from './seed.js'
export { DEMO } from './seed.js'
export { migrations } from './db/migrations/index.js'
export type { IdentityDb } from './db/schema.js'
