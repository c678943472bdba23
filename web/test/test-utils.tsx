// Route-level test helpers: the app's routes in a MemoryRouter with a fresh QueryClient, a fetch mock
// keyed by "METHOD /path", and JWT-shaped tokens with a chosen exp.
import { jest } from '@jest/globals'
import type { AuthUser } from '@portal/contracts'
import type { AuthData } from '../src/lib/storage'
import { QueryClient } from '@tanstack/react-query'
import { fireEvent, render } from '@testing-library/react'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { AppProvider } from '../src/app/provider'
import { AppRoutes } from '../src/app/router'
import { APP_VERSION, STORAGE_PREFIX } from '../src/config/constants'

// Testing Library only advances jest's fake timers when it can see a global `jest` (ESM runs have none).
Object.assign(globalThis, { jest })

const b64url = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')

export function makeToken(secondsFromNow = 3600, claims: object = {}): string {
  return `${b64url({ alg: 'EdDSA', typ: 'JWT' })}.${b64url({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + secondsFromNow, ...claims })}.sig`
}

export const stored = (key: string): string | null => localStorage.getItem(STORAGE_PREFIX + key)

/** The signed-in user as the server sends it (without the token). */
export const USER: Omit<AuthUser, 'token' | 'expiresIn'> = {
  _id: 'u1',
  firstName: 'dana',
  lastName: 'scully',
  email: 'dana@xfiles.example',
  admin: true,
  inboundUser: false,
  dbName: 'xfiles',
  emailVerified: true,
}

/** Stores a signed-in session as the app would after sign-in. */
export function storeSession(auth: Partial<AuthData> = {}, secondsFromNow = 3600): string {
  const token = makeToken(secondsFromNow)
  localStorage.setItem(STORAGE_PREFIX + 'appVersion', APP_VERSION)
  localStorage.setItem(STORAGE_PREFIX + 'token', token)
  localStorage.setItem(STORAGE_PREFIX + 'dbName', 'xfiles')
  localStorage.setItem(STORAGE_PREFIX + 'authData', JSON.stringify({ ...USER, ...auth }))
  return token
}

export interface MockReply {
  status?: number
  body?: unknown
}
export interface MockCall {
  method: string
  path: string
  body: unknown
  headers: Record<string, string>
}
type Handler = MockReply | ((call: MockCall) => MockReply)

/**
 * The review page's question opened (GET /api/questionnaires/question/:id, issue 26) for each of these
 * rows, read from `rows()` when asked (so a test's later changes show): the row itself stands for the
 * whole question, with its history counted.
 */
export function openedQuestions(rows: () => { _id: string; answerHistory?: unknown[] }[]): Record<string, Handler> {
  return Object.fromEntries(
    rows().map(({ _id }) => [
      `GET /api/questionnaires/question/${_id}`,
      () => {
        const q = rows().find((r) => r._id === _id)
        return q
          ? { body: { status: true, data: { ...q, historyTotal: q.answerHistory?.length ?? 0 } } }
          : { status: 404, body: { status: false, message: 'Question not found' } }
      },
    ]),
  )
}

/** Installs a fetch mock. Routes are "METHOD /api/path" (query ignored) and may be arrays: one reply per call. */
export function mockFetch(routes: Record<string, Handler | Handler[]>) {
  const calls: MockCall[] = []
  const counters = new Map<string, number>()
  const fn = jest.fn(async (input: unknown, init?: RequestInit) => {
    const url = String(input)
    const method = (init?.method ?? 'GET').toUpperCase()
    const path = url.split('?')[0] ?? url
    const call: MockCall = {
      method,
      path: url,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body instanceof FormData ? init.body : undefined,
      headers: (init?.headers ?? {}) as Record<string, string>,
    }
    calls.push(call)
    const key = `${method} ${path}`
    const route = routes[key]
    let handler: Handler | undefined
    if (Array.isArray(route)) {
      const n = counters.get(key) ?? 0
      counters.set(key, n + 1)
      handler = route[Math.min(n, route.length - 1)]
    } else handler = route
    const reply: MockReply =
      handler === undefined ? { status: 404, body: { status: false, message: 'Not found' } } : typeof handler === 'function' ? handler(call) : handler
    const status = reply.status ?? 200
    return {
      ok: status >= 200 && status < 300,
      status,
      statusText: '',
      text: async () => (reply.body === undefined ? '' : JSON.stringify(reply.body)),
      json: async () => reply.body,
    } as unknown as Response
  })
  globalThis.fetch = fn as unknown as typeof fetch
  return { fn, calls, callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path.split('?')[0] === path) }
}

function LocationProbe() {
  const location = useLocation()
  return <output data-testid="location">{location.pathname + location.search}</output>
}

export function renderApp(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY }, mutations: { retry: false } } })
  const utils = render(
    <MemoryRouter initialEntries={[path]}>
      <AppProvider queryClient={queryClient}>
        <AppRoutes />
        <LocationProbe />
      </AppProvider>
    </MemoryRouter>,
  )
  return { ...utils, queryClient, location: () => utils.getByTestId('location').textContent }
}

/** Types `value` into the input named `name`. */
export const fill = (name: string, value: string) => fireEvent.change(document.querySelector(`input[name=${name}]`)!, { target: { value } })
