// @portal/svc-questionnaire: the module for the host, and the plugin and demo seed for tests and tools.
// Its schema's repositories and migrations are @portal/questionnaire-store: the two workers write
// through them too, and a service may not import another service (docs/architecture.md).
export type { QuestionnaireDeps } from './deps.js'
export { module, SERVICE, seedDemoQuestionnaire } from './module.js'
export { questionnairePlugin } from './plugin.js'
export { DEMO_CLIENT } from './seed.js'
