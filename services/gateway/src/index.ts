// @portal/svc-gateway: the module for the host, and the pieces its tests use.
export { gatewayModule } from './module.js'
export { routesByMethods, upstreamFailure } from './routes/proxy.js'
