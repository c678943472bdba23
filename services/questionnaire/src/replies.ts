// ok() of @portal/http typed for this service's contracts: a reply whose schema requires `data`,
// and one that carries only its message (the serializer of the route's schema writes them).
import { ok } from '@portal/http'

export const okData = <T>(data: T, message?: string) => ok(data, message) as { status: true; data: T; message?: string }

export const okMessage = (message: string) => ok(undefined, message) as { status: true; message: string }
