// gateway: the edge of the portal. Serves the built web app with SPA fallback and, for services
// that run in other processes (split mode), forwards the routes they declare to them. Security headers,
// body limits, request ids and the error envelope come from @portal/http's server. It works on the
// root server (the fallback, the static files at /), so it has no encapsulated plugin of its own.
// Public trust-center pages are kept here per host and follow the bus's change events.
import type { ServiceContext } from '@portal/http'
import type { Module } from '@portal/runtime'
import { proxyRoutes } from './routes/proxy.js'
import { webRoutes } from './routes/web.js'

export const gatewayModule: Module<ServiceContext> = {
  name: 'gateway',
  // The bus: trust centers' changes reach the public pages' cache, and its views reach the service.
  deps: ['server', 'bus'],
  init: async (ctx) => {
    await proxyRoutes(ctx)
    const stop = await webRoutes(ctx)
    return { stop }
  },
}
