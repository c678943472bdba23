import { STORAGE_PREFIX as PREFIX } from '../config/constants'
import { saveBlob } from '../lib/save-blob'

// The public trust center's calls: plain fetch, no console code. On a published host the server
// finds the tenant from the Host header, so no token and no DbName are sent.

export interface Item {
  _id: string
  title: string
  description: string
}
export interface Category extends Item {
  subdata: Item[]
}
export interface ComplianceRecord {
  _id: string
  framework: string
  status: 'compliant' | 'in_progress' | 'planned'
  badge: string
  description: string
}
export interface TrustDocument {
  _id: string
  title: string
  fileName: string
  visibility: 'public' | 'approval' | 'internal'
  size: number
  mimeType: string
  createdAt: string
}
export interface Theme {
  headerColor: string
  backgroundColor: string
  textColor: string
  buttonColor: string
}

/** One line of the public changelog (contract: TrustChange in @portal/contracts). */
export interface TrustChange {
  _id: string
  date: string
  kind: 'document' | 'compliance'
  action: 'added' | 'updated' | 'removed'
  title: string
}

export interface TrustPage {
  companyTitle: string
  logo: string | null
  theme: Theme
  overview: { subTitle: string; description: string; updatedAt: string } | null
  security: Category[]
  compliance: ComplianceRecord[]
  documents: TrustDocument[]
  nda: { _id: string; updatedAt: string } | null
  cname: string
  /** The latest changes, newest first: not in the page call's reply; the gateway adds them to the server-rendered page. */
  changelog?: TrustChange[]
}

export interface Nda {
  _id: string
  description: string
  updatedAt: string
  version: number
}
export interface Grant {
  email: string
  expiresAt: string
  ndaAccepted: boolean
}

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
export const acceptNda = (body: { ndaId: string; name: string; email: string; permissionToken?: string }) => call('POST', '/api/nda/accept', body)
export const requestAccess = (body: Record<string, string>) => call<{ message?: string }>('POST', '/api/useraccessrequest', body)
export const subscribeUpdates = (email: string) => call<{ message: string }>('POST', '/api/trust-center/updates/subscribe', { email })
export const confirmUpdates = (token: string) => call<{ message: string }>('POST', '/api/trust-center/updates/confirm', { token })
export const unsubscribeUpdates = (token: string) => call<{ message: string }>('POST', '/api/trust-center/updates/unsubscribe', { token })
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
