// gateway: the edge of the portal. Serves the built web app with SPA fallback and, for services
// that run in other processes (split mode), forwards the routes they declare to them. Security headers,
// body limits, request ids and the error envelope come from @portal/http's server. It works on the
// root server (the fallback, the static files at /), so it has no encapsulated plugin of its own.
import type { ServiceContext } from '@portal/http'
import type { Module } from '@portal/runtime'
import { proxyRoutes } from './routes/proxy.js'
import { webRoutes } from './routes/web.js'

export const gatewayModule: Module<ServiceContext> = {
  name: 'gateway',
  deps: ['server'],
  init: async (ctx) => {
    await proxyRoutes(ctx)
    await webRoutes(ctx)
  },
}
