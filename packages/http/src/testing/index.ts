// `@portal/http/testing`: what the services' tests share, never exported from the package's main entry.
export * from './openapi.js'
export * from './service.js'
