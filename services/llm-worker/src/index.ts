// @portal/svc-llm-worker: the module for the host.
export { module, SERVICE } from './module.js'
