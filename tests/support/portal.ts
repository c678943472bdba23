// Starts the whole portal (TARGET=all) in this process on a temporary data folder, for
// cross-service tests. `db: 'pg'` runs it on a fresh database of the machine's PostgreSQL.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { loadConfig } from '@portal/config'
import { readOutbox } from '@portal/mail'
import { silentLogger } from '@portal/observability'
import { type Portal, startPortal } from '@portal/svc-host'
import { createScratchDatabase } from '@portal/db'

export type DbKind = 'pglite' | 'pg'

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export function dbKinds(): DbKind[] {
  return process.env['TEST_DATABASE_URL'] ? ['pglite', 'pg'] : ['pglite']
}

function requireEnv(name: string): string {
  const value = process.env[name]
  if (!value) throw new Error(`${name} is not set`)
  return value
}

export interface TestPortal {
  portal: Portal
  dataDir: string
  /** Base URL when started with listen: true. */
  url: string
  stop(): Promise<void>
}

/** `port`: listen there instead of a free port (for tests whose emailed links name the port). */
export async function startTestPortal(opts: { db?: DbKind; env?: Record<string, string>; listen?: boolean; port?: number } = {}): Promise<TestPortal> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-it-'))
  const database = opts.db === 'pg' ? await createScratchDatabase(requireEnv('TEST_DATABASE_URL')) : undefined
  // An explicit environment: the test machine's own variables (REDIS_URL, ...) must not leak in.
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    PORT: '3000',
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...opts.env,
  })
  const portal = await startPortal(config, silentLogger)
  let url = ''
  if (opts.listen) {
    await portal.server.listen({ port: opts.port ?? 0, host: '127.0.0.1' })
    const address = portal.server.server.address()
    if (address && typeof address === 'object') url = `http://127.0.0.1:${address.port}`
  }
  return {
    portal,
    dataDir,
    url,
    stop: async () => {
      await portal.stop()
      await database?.drop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** A free TCP port on loopback (for a portal whose PUBLIC_URL must name its port). */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net')
  const server = createServer()
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as { port: number }
  await new Promise<void>((r) => server.close(() => r()))
  return port
}

export interface Json {
  status: number
  body: Record<string, unknown> & { status?: boolean; message?: string; data?: unknown }
  headers: Record<string, string | string[] | number | undefined>
}

/** One API call through Fastify's inject, with the spec's headers. */
export async function call(
  tp: TestPortal,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  opts: { token?: string; dbName?: string; body?: unknown; cookie?: string; headers?: Record<string, string>; ip?: string } = {},
): Promise<Json> {
  const headers: Record<string, string> = { ...opts.headers }
  if (opts.token) headers['authorization'] = `Bearer ${opts.token}`
  if (opts.dbName) headers['dbname'] = opts.dbName
  if (opts.cookie) headers['cookie'] = opts.cookie
  const res = await tp.portal.server.inject({
    method,
    url,
    headers,
    // Each call from its own loopback address unless told: per-IP rate limits are tested on purpose, not by accident.
    remoteAddress: opts.ip ?? `127.${rnd()}.${rnd()}.${rnd()}`,
    ...(opts.body !== undefined ? { payload: opts.body as Record<string, unknown> } : {}),
  })
  let body: Json['body'] = {}
  try {
    body = res.json()
  } catch {
    body = {}
  }
  return { status: res.statusCode, body, headers: res.headers }
}

const rnd = () => Math.floor(Math.random() * 250) + 1

export interface SignedUp {
  userId: string
  token: string
  dbName: string
  email: string
}

/**
 * Signs a company up. Unless `verified: false`, its admin then follows the verification link from the
 * outbox and renews the session (as the web app does), so the token may publish and invite.
 */
export async function signUp(tp: TestPortal, email: string, password = 'Str0ng!pass', opts: { verified?: boolean } = {}): Promise<SignedUp> {
  const res = await call(tp, 'POST', '/api/usercreate', {
    body: { firstName: 'test', lastName: 'user', email, password, cnfpassword: password },
  })
  if (res.status !== 201) throw new Error(`sign-up of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`)
  const data = res.body.data as { _id: string; token: string; dbName: string }
  const user = { userId: data._id, token: data.token, dbName: data.dbName, email }
  if (opts.verified === false) return user
  return { ...user, token: await verifyEmail(tp, email, refreshCookieOf(res.headers)) }
}

export interface ApiReply {
  status: number
  headers: Headers
  /** The JSON body ({} for a file). */
  json: Record<string, unknown> & { status?: boolean; code?: string; message?: string; data?: unknown }
  /** The body of a file download (empty for JSON). */
  bytes: Buffer
}

/**
 * A signed-up user's call over HTTP, as the web client makes it: the bearer token and the DbName
 * header; a FormData body goes as multipart, anything else as JSON. Needs a portal started with listen.
 */
export const callAs = (tp: TestPortal, user: SignedUp, method: string, url: string, body?: unknown): Promise<ApiReply> =>
  callWithHeaders(tp, { authorization: `Bearer ${user.token}`, dbname: user.dbName }, method, url, body)

/** The same call with the user's bearer token only (no DbName header). */
export const callWithToken = (tp: TestPortal, user: SignedUp, method: string, url: string, body?: unknown): Promise<ApiReply> =>
  callWithHeaders(tp, { authorization: `Bearer ${user.token}` }, method, url, body)

async function callWithHeaders(tp: TestPortal, headers: Record<string, string>, method: string, url: string, body?: unknown): Promise<ApiReply> {
  const form = body instanceof FormData
  const res = await fetch(`${tp.url}${url}`, {
    method,
    headers: { ...headers, ...(body !== undefined && !form ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: form ? body : JSON.stringify(body) } : {}),
  })
  const json = (res.headers.get('content-type') ?? '').includes('json')
  return {
    status: res.status,
    headers: res.headers,
    json: json ? ((await res.json()) as ApiReply['json']) : {},
    bytes: json ? Buffer.alloc(0) : Buffer.from(await res.arrayBuffer()),
  }
}

/** `portal_rt=…` of a reply that set the refresh cookie. */
export function refreshCookieOf(headers: Json['headers']): string {
  const raw = headers['set-cookie']
  const rt = (Array.isArray(raw) ? raw : [String(raw)]).find((c) => c.startsWith('portal_rt='))
  if (!rt) throw new Error('no refresh cookie')
  return rt.split(';')[0]!
}

/** The token of the last verification link in the outbox for `email`. */
export async function verificationToken(tp: TestPortal, email: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const mail = (await readOutbox(tp.dataDir, email)).filter((m) => m.subject === 'Confirm your email address').at(-1)
    const token = mail?.text.match(/\/verify-email\?token=([\w-]+)/)?.[1]
    if (token) return token
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error(`no verification link mailed to ${email}`)
}

/** Follows the mailed link and renews the session: returns an access token with the verified claim. */
export async function verifyEmail(tp: TestPortal, email: string, refreshCookie: string): Promise<string> {
  const verified = await call(tp, 'POST', '/api/user/verify-email', { body: { token: await verificationToken(tp, email) } })
  if (verified.status !== 200) throw new Error(`verification of ${email} failed: ${verified.status} ${JSON.stringify(verified.body)}`)
  const renewed = await call(tp, 'POST', '/api/token/refresh', { cookie: refreshCookie })
  if (renewed.status !== 200) throw new Error(`renewal after verification failed: ${renewed.status}`)
  return (renewed.body.data as { token: string }).token
}

/** Polls `fn` every `every` ms until it returns a value (not undefined). */
export async function until<T>(what: string, fn: () => Promise<T | undefined>, ms = 60_000, every = 200): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = await fn()
    if (v !== undefined) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, every))
  }
}

/** What a client's questionnaire list (GET /api/questionnaires/:companyId) says of each questionnaire. */
export interface DraftingProgress {
  _id: string
  state: string
  total: number
  drafted: number
  error?: string | null
}

/**
 * Polls a client's questionnaire list (`list`) until the questionnaire `which` picks (its id, or a
 * test of the entry) is drafted: it has questions and every one has a draft; with `ready`, its state
 * is 'ready' too. Throws when it failed, with the reason. Returns its entry in the list.
 */
export function untilDrafted<T extends DraftingProgress>(
  what: string,
  list: () => Promise<T[]>,
  which: string | ((item: T) => boolean),
  opts: { ready?: boolean; ms?: number; every?: number } = {},
): Promise<T> {
  const pick = typeof which === 'string' ? (item: T) => item._id === which : which
  return until(
    what,
    async () => {
      const item = (await list()).find(pick)
      if (item?.state === 'failed') throw new Error(`${what}: ${item.error ?? 'failed'}`)
      return item && (!opts.ready || item.state === 'ready') && item.total > 0 && item.drafted === item.total ? item : undefined
    },
    opts.ms,
    opts.every,
  )
}

/** A multipart body: text fields, then files under `fileField`. */
export function formOf(fields: Record<string, string>, files: [name: string, bytes: Buffer][], fileField = 'files'): FormData {
  const fd = new FormData()
  for (const [k, v] of Object.entries(fields)) fd.append(k, v)
  for (const [name, bytes] of files) fd.append(fileField, new Blob([new Uint8Array(bytes)]), name)
  return fd
}

/**
 * A person confirming a questionnaire's columns as the product read them ("Check the columns"), once
 * it is read: only where the product was unsure (state `check`), as the drawer asks. `call` answers
 * the JSON envelope of an API call.
 */
export async function confirmColumns(
  call: (method: 'GET' | 'PUT', url: string, body?: unknown) => Promise<{ status?: boolean; data?: unknown; message?: string }>,
  companyId: string,
  id: string,
  ms = 60_000,
): Promise<void> {
  const state = await until(
    'the questionnaire to be read',
    async () => {
      const list = (await call('GET', `/api/questionnaires/${companyId}`)).data as DraftingProgress[]
      const now = list.find((f) => f._id === id)
      if (now?.state === 'failed') throw new Error(`reading failed: ${now.error ?? ''}`)
      return now?.state === 'check' || now?.state === 'ready' ? now.state : undefined
    },
    ms,
    100,
  )
  if (state !== 'check') return
  const layout = (await call('GET', `/api/questionnaires/${id}/layout`)).data as { sheet: string; headerRow: number; columns: unknown }
  const saved = await call('PUT', `/api/questionnaires/${id}/layout`, { sheet: layout.sheet, headerRow: layout.headerRow, columns: layout.columns })
  if (saved.status !== true) throw new Error(`columns not saved: ${saved.message ?? ''}`)
}
