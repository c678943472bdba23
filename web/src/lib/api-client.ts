// The one fetch wrapper of the app (bulletproof-react's lib/api-client). It adds the JSON, bearer and
// DbName headers, unwraps the `{status, message?, data?}` envelope into an ApiError on failure,
// renews an access token that has expired before sending with it, and handles a 401 once: a silent
// renewal through the HttpOnly refresh cookie, then one retry (so too a 403 EMAIL_NOT_VERIFIED: the
// address proven since the token was issued). An inbound recipient (no account, no
// refresh cookie) renews by exchanging the emailed link again, and is never sent to /login.
import type { AuthUser, InboundReply, RefreshReply } from '@portal/contracts'
import { REFRESH_AHEAD_MS } from '../config/constants'
import { decodeToken, noteServerTime, renewAheadMs, serverNow, tokenExpiry } from './jwt'
import { saveBlob } from './save-blob'
import { storage } from './storage'

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
const NO_RENEWAL = ['/api/userlogin', '/api/token/refresh', '/api/logout', '/api/inbound/']
const PUBLIC_PATHS = ['/login', '/signup', '/register', '/forgot-password', '/provision', '/signupconfirmation']

function headers(json = true): Record<string, string> {
  const h: Record<string, string> = json ? { 'Content-Type': 'application/json' } : {}
  const token = storage.get('token')
  const dbName = storage.get('dbName')
  if (token) h['Authorization'] = `Bearer ${token}`
  if (dbName) h['DbName'] = dbName
  return h
}

/** `keepalive`: the request outlives the page (a save sent while the tab closes); small JSON bodies only. */
export interface SendOptions {
  keepalive?: boolean
}
// Browsers refuse keepalive requests whose bodies add up to more than 64 KiB.
const KEEPALIVE_MAX = 60_000

function send(method: string, path: string, body: unknown, options?: SendOptions): Promise<Response> {
  // Files go as multipart: the browser sets the Content-Type with its boundary. No body, no
  // Content-Type: a JSON type with an empty body is not valid JSON.
  const multipart = typeof FormData !== 'undefined' && body instanceof FormData
  const payload = body === undefined || multipart ? body : JSON.stringify(body)
  const keepalive = options?.keepalive === true && !multipart && (typeof payload !== 'string' || payload.length < KEEPALIVE_MAX)
  return fetch(path, {
    method,
    headers: headers(body !== undefined && !multipart),
    credentials: 'same-origin',
    ...(payload === undefined ? {} : { body: payload as BodyInit }),
    ...(keepalive ? { keepalive: true } : {}),
  })
}

const NO_MESSAGE = 'An error occurred'

/** What to tell the user about a failed call: the server's own words when it gave some, else `fallback`. */
export function errorMessage(err: unknown, fallback = 'Error:Something went wrong!'): string {
  return err instanceof ApiError && err.message && err.message !== NO_MESSAGE ? err.message : fallback
}

/** The same, for forms that say only what the server said: a call that never reached it is `fallback` too. */
export const serverMessage = (err: unknown, fallback = NO_MESSAGE): string =>
  err instanceof ApiError && err.status > 0 ? errorMessage(err, fallback) : fallback

/** A reply's body: its JSON, else its text; undefined when empty. */
async function bodyOf(res: Response): Promise<unknown> {
  const text = await res.text().catch(() => '')
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

async function parse<T>(res: Response): Promise<T> {
  return unwrap<T>(res, await bodyOf(res))
}

/** The envelope's body, or its ApiError. */
function unwrap<T>(res: Response, body: unknown): T {
  if (!res.ok) {
    const message =
      body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
        ? (body as { message: string }).message
        : res.statusText || NO_MESSAGE
    throw new ApiError(res.status, message, body)
  }
  return body as T
}

/** Stores what a sign-in, sign-up or renewal returned. */
export function saveSession(user: AuthUser): void {
  const { token, expiresIn: _expiresIn, ...authData } = user
  noteServerTime(token)
  storage.set('token', token)
  if (authData.dbName) storage.set('dbName', authData.dbName)
  storage.setAuthData(authData)
}

/**
 * What a renewal came to: a new token is stored; the server refused the refresh cookie (signed out
 * elsewhere, expired, reused): the session is over; or the server could not be asked (offline, 429,
 * 5xx): try again later, the session may well be alive.
 */
export type Renewal = 'renewed' | 'rejected' | 'unavailable'

/** A token other than `before` with time left: another tab renewed while this one waited. */
function renewedElsewhere(before: string | null): boolean {
  const now = storage.get('token')
  const exp = now && now !== before ? tokenExpiry(now) : null
  return exp !== null && exp - serverNow() > renewAheadMs(now!, REFRESH_AHEAD_MS)
}

async function callRefresh(): Promise<Renewal> {
  let res: Response
  try {
    res = await send('POST', '/api/token/refresh', undefined)
  } catch {
    return 'unavailable'
  }
  if (!res.ok) {
    await res.text().catch(() => '') // read to the end: nothing left open on the connection
    return res.status === 401 || res.status === 403 ? 'rejected' : 'unavailable'
  }
  try {
    const body = await parse<Partial<RefreshReply>>(res)
    if (!body?.status || !body.data?.token) return 'rejected'
    saveSession(body.data)
    return 'renewed'
  } catch {
    return 'unavailable'
  }
}

// Refresh tokens rotate and a reused one revokes the whole session (identity's reuse detection), so
// tabs must never send the same cookie twice: one renewal at a time across tabs (Web Locks), and a
// tab that waited first checks whether another already renewed.
const LOCK_WAIT_MS = 20_000
async function oneAtATime(before: string | null): Promise<Renewal> {
  const run = () => (renewedElsewhere(before) ? Promise.resolve<Renewal>('renewed') : callRefresh())
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
  if (!locks) return run()
  try {
    // Waiting ends after a while (a tab frozen while holding the lock); the renewal is then retried.
    // The refresh call itself is never aborted: a rotation the browser did not hear of would look like reuse.
    const signal = typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(LOCK_WAIT_MS) : undefined
    return await locks.request('tp.token-refresh', signal ? { signal } : {}, run)
  } catch {
    return 'unavailable'
  }
}

/** What GET /api/inbound/:capability answers. */
export type InboundSession = InboundReply['data']

/**
 * Exchanges the capability of an emailed inbound link for a restricted session, and stores it as a
 * sign-in does (token, dbName, auth data with the inboundUser flag, the outbound and the link). Sent
 * without the stored token and DbName: the link alone names the tenant. Throws the server's ApiError
 * (404 unknown link, 410 expired or revoked, 429 too many tries).
 */
export async function exchangeInboundLink(capability: string): Promise<InboundSession> {
  let res: Response
  try {
    res = await fetch(`/api/inbound/${encodeURIComponent(capability)}`, { method: 'GET', credentials: 'same-origin' })
  } catch {
    throw new ApiError(0, 'Network error: the server could not be reached. Please try again.')
  }
  const body = await parse<Partial<InboundReply> & { message?: string }>(res)
  const data = body?.data
  if (!data?.token || !data.outboundId) throw new ApiError(res.status, body?.message || NO_MESSAGE, body)
  // Whatever was stored before (a staff session, another link) gives way to this one.
  const before = storage.getAuthData()
  if (!before?.inboundUser || before.inboundLink !== capability) storage.clear()
  noteServerTime(data.token)
  storage.set('token', data.token)
  storage.set('dbName', data.dbName)
  storage.setAuthData({
    _id: decodeToken(data.token)?.sub ?? `inbound:${data.outboundId}`,
    firstName: '',
    lastName: '',
    email: data.email,
    inboundUser: true,
    outboundId: data.outboundId,
    dbName: data.dbName,
    inboundLink: capability,
  })
  return data
}

/** An inbound session is renewed by exchanging its link again; without a link it cannot be. */
async function renewInbound(link: string | undefined): Promise<Renewal> {
  if (!link) return 'rejected'
  try {
    await exchangeInboundLink(link)
    return 'renewed'
  } catch (err) {
    const status = err instanceof ApiError ? err.status : 0
    return status === 401 || status === 403 || status === 404 || status === 410 ? 'rejected' : 'unavailable'
  }
}

let renewal: Promise<Renewal> | null = null
/** One renewal at a time: concurrent callers in this tab share it. */
export function renewSession(): Promise<Renewal> {
  const auth = storage.getAuthData()
  renewal ??= (auth?.inboundUser ? renewInbound(auth.inboundLink) : oneAtATime(storage.get('token'))).finally(() => {
    renewal = null
  })
  return renewal
}

/** Resolves true when a new token is stored. */
export const refreshSession = (): Promise<boolean> => renewSession().then((r) => r === 'renewed')

// When inbound sessions ended: a server refusing every new token would otherwise have the page
// exchange the link, fail and exchange again without end.
const inboundEnds: number[] = []
const INBOUND_END_WINDOW_MS = 60_000
/** How many inbound sessions ended in the last minute (the inbound page stops exchanging by itself after a few). */
export function recentInboundEnds(now = Date.now()): number {
  while (inboundEnds.length && (inboundEnds[0] ?? 0) < now - INBOUND_END_WINDOW_MS) inboundEnds.shift()
  return inboundEnds.length
}

/** Ends the local session: storage cleared, return address kept, sign-in shown. Unsaved text stays in
 * its drafts (lib/drafts), which the same user gets back after signing in again. An inbound recipient
 * has no account to sign in to: it stays on its page, which exchanges the link in the address again
 * (or says that the link expired or was revoked). */
export function endSession(): void {
  const current = bridge.currentPath()
  const inbound = storage.getAuthData()?.inboundUser === true
  if (inbound) inboundEnds.push(Date.now())
  storage.clear()
  if (!inbound && !PUBLIC_PATHS.some((p) => current.startsWith(p))) storage.set('returnUrl', current)
  for (const l of sessionEndListeners) l()
  if (!inbound) bridge.navigate('/login')
}

// Renew first when the stored token is (about to be) expired: after a sleep or a throttled background
// tab the timer may not have run yet, and a request with a dead token would end in a 401.
const EXPIRY_MARGIN_MS = 5_000
async function renewIfExpired(path: string): Promise<Renewal | null> {
  if (NO_RENEWAL.some((p) => path.startsWith(p))) return null
  const token = storage.get('token')
  const exp = token ? tokenExpiry(token) : null
  if (exp === null || exp - serverNow() > EXPIRY_MARGIN_MS) return null
  return renewSession()
}

/** `send`, with a failure to reach the server as an ApiError of status 0. */
async function sendOrFail(method: string, path: string, body: unknown, options?: SendOptions): Promise<Response> {
  try {
    return await send(method, path, body, options)
  } catch {
    throw new ApiError(0, 'Network error: the server could not be reached. Please try again.')
  }
}

/** The server's code for a token that does not say the address is proven (packages/http requireVerified). */
const EMAIL_NOT_VERIFIED = 'EMAIL_NOT_VERIFIED'
const codeOf = (body: unknown): unknown => (body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined)

export async function request<T>(method: string, path: string, body?: unknown, options?: SendOptions): Promise<T> {
  const before = await renewIfExpired(path)
  let res = await sendOrFail(method, path, body, options)
  if (res.status === 401 && !NO_RENEWAL.some((p) => path.startsWith(p))) {
    // A refusal just now needs no second try.
    const renewed = before === 'rejected' ? 'rejected' : await renewSession()
    if (renewed === 'renewed') {
      res = await sendOrFail(method, path, body, options)
    } else if (renewed === 'unavailable') {
      // The session may be alive: keep the user (and the screen) here and let them try again.
      throw new ApiError(401, 'Your session could not be renewed just now. Please try again in a moment.')
    }
    if (res.status === 401 && !NO_REDIRECT.some((p) => path.includes(p))) endSession()
  }
  // An inbound session lives as long as its link: once the link is revoked or expired every call
  // answers 410, and the session is over (the inbound page then says so).
  if (res.status === 410 && storage.getAuthData()?.inboundUser && !NO_RENEWAL.some((p) => path.startsWith(p))) endSession()
  let reply = await bodyOf(res)
  // The address was verified in another browser (the mail opened on a phone) while this session's
  // token still says it is not: renewed once, the token carries the proof, and the call is tried again.
  if (res.status === 403 && codeOf(reply) === EMAIL_NOT_VERIFIED && (await renewSession()) === 'renewed') {
    res = await sendOrFail(method, path, body, options)
    reply = await bodyOf(res)
  }
  return unwrap<T>(res, reply)
}

/** A file the API streams, as bytes (to show it: an object URL), with the app's headers and one renewal. */
export async function fetchFile(path: string): Promise<Blob> {
  await renewIfExpired(path)
  let res = await send('GET', path, undefined)
  if (res.status === 401 && (await refreshSession())) res = await send('GET', path, undefined)
  if (!res.ok) await parse(res)
  return res.blob()
}

/** Downloads a file the API streams (exports; with a body, a POST download) and saves it under `fileName`. */
export async function downloadFile(path: string, fileName: string, body?: unknown): Promise<void> {
  const method = body === undefined ? 'GET' : 'POST'
  await renewIfExpired(path)
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
  await renewIfExpired(path)
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
      // A block without an `event:` line is a 'message' (the SSE default); comments (`: ping`) have no data.
      const event = /^event: ?(.*)$/m.exec(block)?.[1] ?? 'message'
      const data = /^data: ?(.*)$/m.exec(block)?.[1]
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
