// A block the console edits and the public page shows (compliance, security) is read by two routes
// with one reply: the console's, for the signed-in tenant, and the visitors', for the tenant whose
// published trust center answers on the host.
import { type AppInstance, principalOf } from '@portal/http'
import { type Static, type TSchema, Type } from 'typebox'
import { guards } from '../access-control.js'
import type { TrustCenterDeps } from '../deps.js'
import { publicErrors, Reply, staffErrors } from './schemas.js'

/** Registers `GET staffUrl` (staff) and `GET publicUrl` (visitors), both answering the tenant's `list` as `Item`s. */
export function blockListRoutes<Item extends TSchema>(
  app: AppInstance,
  { sites }: TrustCenterDeps,
  urls: { staff: string; public: string },
  Item: Item,
  list: (tenantId: string) => Promise<Static<Item>[]>,
): void {
  const tags = ['trust-center']
  const List = Reply(Type.Array(Item))
  // The reply's type, which TypeScript does not work out through the generic `Item`; `list` is checked against `Item` by its caller.
  const reply = async (tenantId: string) => ({ status: true, data: await list(tenantId) }) as never
  app.get(urls.staff, { ...guards(sites).staff, schema: { tags, response: { 200: List, ...staffErrors } } }, async (req) => reply(principalOf(req).tenantId))
  app.get(urls.public, { schema: { tags, response: { 200: List, ...publicErrors } } }, async (req) => reply((await sites.forPublic(req)).tenantId))
}
