// The one fetch wrapper of the app (bulletproof-react's lib/api-client). It adds the JSON, bearer and
// DbName headers, unwraps the `{status, message?, data?}` envelope into an ApiError on failure, and
// handles a 401 once: a silent renewal through the HttpOnly refresh cookie, then one retry.
import { saveBlob } from './save-blob'
import { type AuthData, storage } from './storage'

export class ApiError extends Error {
  readonly status: number
  readonly body: unknown
  constructor(status: number, message: string, body?: unknown) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.body = body
  }
}

export interface Envelope<T> {
  status: boolean
  message?: string
  data?: T
}

export interface AuthUserReply extends AuthData {
  token: string
  expiresIn?: number | string
}

export interface ThemeSettings {
  headerColor?: string
  backgroundColor?: string
  textColor?: string
  buttonColor?: string
}

/** The router registers itself here so that a session end can navigate inside the SPA. */
interface RouterBridge {
  navigate: (to: string) => void
  currentPath: () => string
}
let bridge: RouterBridge = {
  navigate: (to) => window.location.assign(to),
  currentPath: () => window.location.pathname + window.location.search,
}
export function setRouterBridge(next: RouterBridge): void {
  bridge = next
}
const sessionEndListeners = new Set<() => void>()
/** Called after a 401 ended the session (the app clears its query cache there). */
export function onSessionEnd(listener: () => void): () => void {
  sessionEndListeners.add(listener)
  return () => sessionEndListeners.delete(listener)
}

// Calls whose 401 must not end the session (spec §4), and calls that are part of signing in/out.
const NO_REDIRECT = ['/settings', '/overview', '/usercreate']
const NO_RENEWAL = ['/api/userlogin', '/api/token/refresh', '/api/logout']
const PUBLIC_PATHS = ['/login', '/signup', '/register', '/forgot-password', '/provision', '/signupconfirmation']

function headers(json = true): Record<string, string> {
  const h: Record<string, string> = json ? { 'Content-Type': 'application/json' } : {}
  const token = storage.get('token')
  const dbName = storage.get('dbName')
  if (token) h['Authorization'] = `Bearer ${token}`
  if (dbName) h['DbName'] = dbName
  return h
}

function send(method: string, path: string, body: unknown): Promise<Response> {
  // Files go as multipart: the browser sets the Content-Type with its boundary.
  const multipart = typeof FormData !== 'undefined' && body instanceof FormData
  return fetch(path, {
    method,
    headers: headers(!multipart),
    credentials: 'same-origin',
    ...(body === undefined ? {} : { body: multipart ? body : JSON.stringify(body) }),
  })
}

async function parse<T>(res: Response): Promise<T> {
  const text = await res.text().catch(() => '')
  let body: unknown
  if (text) {
    try {
      body = JSON.parse(text)
    } catch {
      body = text
    }
  }
  if (!res.ok) {
    const message =
      body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
        ? (body as { message: string }).message
        : res.statusText || 'An error occurred'
    throw new ApiError(res.status, message, body)
  }
  return body as T
}

/** Stores what a sign-in, sign-up or renewal returned. */
export function saveSession(user: AuthUserReply): void {
  const { token, expiresIn: _expiresIn, ...authData } = user
  storage.set('token', token)
  if (authData.dbName) storage.set('dbName', authData.dbName)
  storage.setAuthData(authData)
}

let renewal: Promise<boolean> | null = null
/** One renewal at a time: concurrent 401s share it. Resolves true when a new token is stored. */
export function refreshSession(): Promise<boolean> {
  renewal ??= (async () => {
    try {
      const res = await send('POST', '/api/token/refresh', undefined)
      const body = await parse<Envelope<AuthUserReply>>(res)
      if (!body?.status || !body.data?.token) return false
      saveSession(body.data)
      return true
    } catch {
      return false
    } finally {
      renewal = null
    }
  })()
  return renewal
}

function endSession(): void {
  const current = bridge.currentPath()
  storage.clear()
  if (!PUBLIC_PATHS.some((p) => current.startsWith(p))) storage.set('returnUrl', current)
  for (const l of sessionEndListeners) l()
  bridge.navigate('/login')
}

export async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  let res: Response
  try {
    res = await send(method, path, body)
  } catch {
    throw new ApiError(0, 'Network error')
  }
  if (res.status === 401 && !NO_RENEWAL.some((p) => path.startsWith(p))) {
    if (await refreshSession()) {
      try {
        res = await send(method, path, body)
      } catch {
        throw new ApiError(0, 'Network error')
      }
    }
    if (res.status === 401 && !NO_REDIRECT.some((p) => path.includes(p))) endSession()
  }
  return parse<T>(res)
}

/** Downloads a file the API streams (exports; with a body, a POST download) and saves it under `fileName`. */
export async function downloadFile(path: string, fileName: string, body?: unknown): Promise<void> {
  const method = body === undefined ? 'GET' : 'POST'
  let res = await send(method, path, body)
  if (res.status === 401 && (await refreshSession())) res = await send(method, path, body)
  if (!res.ok) await parse(res)
  saveBlob(await res.blob(), fileName)
}

/**
 * Reads a server-sent event stream with the app's headers (EventSource cannot send them, and tokens
 * never go in URLs). Resolves when the server ends the stream or `signal` aborts.
 */
export async function readEvents(path: string, onEvent: (event: string, data: unknown) => void, signal: AbortSignal): Promise<void> {
  const res = await fetch(path, { headers: { ...headers(false), Accept: 'text/event-stream' }, credentials: 'same-origin', signal })
  if (!res.ok || !res.body) throw new ApiError(res.status, 'Live progress is not available')
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  for (;;) {
    const { value, done } = await reader.read()
    if (done) return
    buffer += value
    let cut = buffer.indexOf('\n\n')
    while (cut >= 0) {
      const block = buffer.slice(0, cut)
      buffer = buffer.slice(cut + 2)
      const event = /^event: (.*)$/m.exec(block)?.[1]
      const data = /^data: (.*)$/m.exec(block)?.[1]
      if (event && data) onEvent(event, JSON.parse(data))
      cut = buffer.indexOf('\n\n')
    }
  }
}

export const api = {
  upload: <T>(path: string, form: FormData) => request<T>('POST', path, form),
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body ?? {}),
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, body),
}
