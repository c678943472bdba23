import type {
  AccessRequestBody,
  NdaAcceptBody,
  TrustCenterPage,
  TrustChangeEntry,
  TrustCompliance,
  TrustDocument,
  TrustGrant,
  TrustNda,
  MessageReply,
  TrustSecurityCategory,
  TrustSecurityItem,
  TrustTheme,
} from '@portal/contracts'
import { STORAGE_PREFIX as PREFIX } from '../config/constants'
import { saveBlob } from '../lib/save-blob'

// The public trust center's calls: plain fetch, no console code. On a published host the server
// finds the tenant from the Host header, so no token and no DbName are sent. The types are the
// service's contract (@portal/contracts, type-only imports: no schema code in this bundle).

export type Item = TrustSecurityItem
export type Category = TrustSecurityCategory
export type ComplianceRecord = TrustCompliance
export type { TrustDocument }
export type Theme = TrustTheme
/** One line of the public changelog. */
export type TrustChange = TrustChangeEntry

export interface TrustPage extends TrustCenterPage {
  /** The latest changes, newest first: not in the page call's reply; the gateway adds them to the server-rendered page. */
  changelog?: TrustChange[]
}

export type Nda = TrustNda
export type Grant = TrustGrant

export class PublicError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let res: Response
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  } catch {
    throw new PublicError(0, 'The network is not reachable. Please try again.')
  }
  const json = (await res.json().catch(() => ({}))) as { message?: string }
  if (!res.ok)
    throw new PublicError(
      res.status,
      res.status === 429 ? 'Too many attempts. Please wait a few minutes and try again.' : (json.message ?? 'An error occurred'),
    )
  return json as T
}

/** The page in one call (without the changelog, which the server-rendered page has inline). */
export const getPage = () => call<{ data: TrustPage }>('GET', '/api/trustcenteruser').then((r) => r.data)
export const getNda = () => call<{ data: Nda | null }>('GET', '/api/ndauser').then((r) => r.data)
/** With the visitor's access link token the acceptance is recorded as confirmed (the link proves the email). */
export const acceptNda = (body: NdaAcceptBody) => call<MessageReply>('POST', '/api/nda/accept', body)
export const requestAccess = (body: AccessRequestBody) => call<MessageReply>('POST', '/api/useraccessrequest', body)
export const subscribeUpdates = (email: string) => call<MessageReply>('POST', '/api/trust-center/updates/subscribe', { email })
export const confirmUpdates = (token: string) => call<MessageReply>('POST', '/api/trust-center/updates/confirm', { token })
export const unsubscribeUpdates = (token: string) => call<MessageReply>('POST', '/api/trust-center/updates/unsubscribe', { token })
export const checkAccess = (permissionToken: string) => call<{ data: Grant }>('POST', '/api/useraccesscheck', { permissionToken }).then((r) => r.data)

/** Posts and saves the reply's bytes as a file (downloads are POSTs: tokens never go in URLs). */
export async function saveDownload(path: string, body: unknown, fileName: string): Promise<void> {
  let res: Response
  try {
    res = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
  } catch {
    throw new PublicError(0, 'The network is not reachable. Please try again.')
  }
  if (!res.ok) {
    const json = (await res.json().catch(() => ({}))) as { message?: string }
    throw new PublicError(res.status, json.message ?? 'Download failed')
  }
  saveBlob(await res.blob(), fileName)
}

// Browser storage under the product prefix, with the spec's keys (as web/src/lib/storage.ts).
export const visitorStore = {
  get: (key: 'fileAccess' | 'userAccessEmail') => localStorage.getItem(PREFIX + key) ?? '',
  set: (key: 'fileAccess' | 'userAccessEmail', value: string) => localStorage.setItem(PREFIX + key, value),
  clear: () => {
    localStorage.removeItem(`${PREFIX}fileAccess`)
    localStorage.removeItem(`${PREFIX}userAccessEmail`)
  },
}
