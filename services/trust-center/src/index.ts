// trust-center: this module exists so every target starts and answers its health route; its
// capabilities arrive with later issues.
import type { ServiceContext } from '@portal/http'
import type { Module } from '@portal/runtime'

export const SERVICE = 'trust-center'

export const module: Module<ServiceContext> = {
  name: SERVICE,
  deps: ['server'],
  init: async ({ server }) => {
    server.get(`/api/${SERVICE}/healthz`, { schema: { hide: true } }, async () => ({ status: true, service: SERVICE }))
  },
}
