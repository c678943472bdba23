// Starts the identity module on a real server (startService: error envelope, cookies, rate limits)
// over one database kind, with a test token service and a mailer that records what it sends.
import type { TokenService } from '@portal/auth'
import type { Config } from '@portal/config'
import { type Database, schemaDb } from '@portal/db'
import type { AppInstance } from '@portal/http'
import { startService } from '@portal/http/testing'
import type { Mailer, MailMessage, RecordingMailer } from '@portal/mail'
import type { Kysely } from 'kysely'
import type { IdentityDb } from '../src/db/schema.js'
import type { IdentityDeps } from '../src/deps.js'
import { identityModuleWith, SCHEMA } from '../src/module.js'

export const PASSWORD = 'Str0ng!pass'

export interface Harness {
  app: AppInstance
  /** For the tests' own reads and writes: system work (the routes get the request-scoped twin). */
  db: Kysely<IdentityDb>
  database: Database
  /** The fake unless the harness was built with another mailer. */
  mail: RecordingMailer
  tokens: TokenService
  config: Config
  close(): Promise<void>
}

export async function buildHarness(
  open: () => Promise<Database>,
  env: Record<string, string> = {},
  mailer?: Mailer,
  extra: Pick<IdentityDeps, 'resolveTxt' | 'hasSecondFactor'> = {},
): Promise<Harness> {
  const service = await startService(open, {
    env: { DB_MIGRATE: 'auto', PUBLIC_URL: 'https://portal.test', SIGNUP_BLOCKED_DOMAINS: 'blocked.example', ...env },
    ...(mailer ? { mail: mailer } : {}),
    tmpPrefix: 'identity-harness-',
    queue: true,
    // The module, as the launcher starts it (it migrates the schema: DB_MIGRATE=auto).
    start: async (context) => {
      await identityModuleWith(extra).init(context)
      // A mailer given by the test (a real SMTP client) is closed with the harness.
      return mailer && { stop: () => mailer.close() }
    },
  })
  return { ...service, db: schemaDb<IdentityDb>(service.database, SCHEMA, { system: true }) }
}

export interface CallOptions {
  body?: unknown
  token?: string
  cookie?: string
  dbName?: string
  /** Client address; each call gets its own unless given, so per-IP limits only bite where tested. */
  ip?: string
}

export interface Reply {
  status: number
  body: Record<string, unknown> & { status?: boolean; message?: string; data?: unknown }
  headers: Record<string, unknown>
  refreshCookie: string | undefined
  /** `portal_dc=…` when the reply made this browser a trusted device. */
  deviceCookie: string | undefined
}

let lastIp = 0
export async function call(h: Harness, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, opts: CallOptions = {}): Promise<Reply> {
  lastIp++
  const res = await h.app.inject({
    method,
    url,
    remoteAddress: opts.ip ?? `10.${(lastIp >> 16) & 255}.${(lastIp >> 8) & 255}.${lastIp & 255}`,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(opts.dbName ? { dbname: opts.dbName } : {}),
    },
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
  })
  const raw = res.headers['set-cookie']
  const cookies = (Array.isArray(raw) ? raw : raw ? [raw] : []).map(String)
  const named = (name: string) => cookies.find((c) => c.startsWith(`${name}=`))?.split(';')[0]
  return { status: res.statusCode, body: res.body ? res.json() : {}, headers: res.headers, refreshCookie: named('portal_rt'), deviceCookie: named('portal_dc') }
}

export interface SignedUp {
  _id: string
  email: string
  dbName: string
  token: string
  cookie: string
}

/**
 * Signs a company up. `verified` (the default): its admin then follows the mailed link and renews
 * the session, so the token carries the verified claim, as most tests need; false leaves it unproven.
 */
export async function signUp(h: Harness, email: string, names = { firstName: 'test', lastName: 'user' }, opts: { verified?: boolean } = {}): Promise<SignedUp> {
  const res = await call(h, 'POST', '/api/usercreate', { body: { ...names, email, password: PASSWORD, cnfpassword: PASSWORD } })
  if (res.status !== 201) throw new Error(`sign-up of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`)
  const data = res.body.data as { _id: string; email: string; dbName: string; token: string }
  const user = { ...data, cookie: res.refreshCookie! }
  return opts.verified === false ? user : verify(h, user)
}

/** Waits for a mail to `to` whose subject is `subject` (routes send some after replying). */
export async function mailTo(h: Harness, to: string, subject: string): Promise<MailMessage> {
  for (let i = 0; i < 200; i++) {
    const mail = h.mail.sent.filter((m) => m.to === to && m.subject === subject).at(-1)
    if (mail) return mail
    await new Promise((r) => setTimeout(r, 5))
  }
  throw new Error(`no "${subject}" mailed to ${to}`)
}

/** The token of the last verification link mailed to `email`. */
export async function verificationToken(h: Harness, email: string): Promise<string> {
  const mail = await mailTo(h, email, 'Confirm your email address')
  const token = mail.text.match(/https:\/\/portal\.test\/verify-email\?token=([\w-]+)/)?.[1]
  if (!token) throw new Error(`no verification link in: ${mail.text}`)
  return token
}

/** Follows the mailed link, then renews the session as the web app does: the new token is verified. */
export async function verify(h: Harness, user: SignedUp, token?: string): Promise<SignedUp> {
  const verified = await call(h, 'POST', '/api/user/verify-email', { body: { token: token ?? (await verificationToken(h, user.email)) } })
  if (verified.status !== 200) throw new Error(`verification of ${user.email} failed: ${verified.status} ${JSON.stringify(verified.body)}`)
  const renewed = await call(h, 'POST', '/api/token/refresh', { cookie: user.cookie })
  if (renewed.status !== 200) throw new Error(`renewal failed: ${renewed.status}`)
  return { ...user, token: (renewed.body.data as { token: string }).token, cookie: renewed.refreshCookie! }
}

/** The last reset code mailed to `email` (the route sends without awaiting: wait a moment). */
export async function lastCode(h: Harness, email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const code = h.mail.sent
      .filter((m) => m.to === email && m.subject === 'Your password reset code')
      .at(-1)
      ?.text.match(/\b(\d{4,6})\b/)?.[1]
    if (code) return code
    await new Promise((r) => setTimeout(r, 10))
  }
  throw new Error(`no code mailed to ${email}`)
}

export const codeMailsTo = (h: Harness, email: string) => h.mail.sent.filter((m) => m.to === email && m.subject === 'Your password reset code').length

/** Asks for a reset code and returns it once the mail (sent after the reply) has arrived. */
export async function requestCode(h: Harness, email: string): Promise<string> {
  const before = codeMailsTo(h, email)
  const res = await call(h, 'POST', '/api/user/forgotpassword', { body: { email } })
  if (res.status !== 200) throw new Error(`code request failed: ${res.status}`)
  for (let i = 0; i < 400 && codeMailsTo(h, email) === before; i++) await new Promise((r) => setTimeout(r, 5))
  return lastCode(h, email)
}
