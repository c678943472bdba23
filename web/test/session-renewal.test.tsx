// Sessions do not die (issue 10): no JSON content type without a body, the access token renewed ahead
// of its exp (also for 60-second tokens), after a sleep, before a request with an expired token, and
// once across tabs; an unreachable server keeps the session, a refusal ends it.
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals'
import { act, screen } from '@testing-library/react'
import { api, renewSession, saveSession } from '../src/lib/api-client'
import { RENEWAL_RETRY_MS } from '../src/lib/auth'
import { noteServerTime } from '../src/lib/jwt'
import { makeToken, mockFetch, renderApp, storeSession, stored, USER } from './test-utils'

/** A token as the server issues it: iat now, exp `ttl` seconds later, a jti of its own. */
let jti = 0
const issued = (ttl: number, from = Date.now()) => makeToken(Math.floor((from - Date.now()) / 1000) + ttl, { iat: Math.floor(from / 1000), jti: String(++jti) })
const storeIssued = (ttl: number) => {
  storeSession()
  const token = issued(ttl)
  localStorage.setItem('tp.token', token)
  return token
}
/** The refresh endpoint of a server whose tokens live `ttl` seconds. */
const renewsFor = (ttl: number) => () => ({ body: { status: true, data: { ...USER, token: issued(ttl), expiresIn: ttl } } })
const companies = { body: { status: true, data: [] } }
const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms))

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})
afterEach(() => {
  jest.useRealTimers()
  noteServerTime(issued(60)) // the next test starts with this machine's clock right again
  localStorage.clear()
  Reflect.deleteProperty(navigator, 'locks')
})

describe('request bodies and content types', () => {
  it('sends a JSON content type only with a body: GET, DELETE and renewal have neither, uploads are multipart', async () => {
    const token = storeSession()
    const mock = mockFetch({
      'GET /api/a': { body: {} },
      'DELETE /api/a/1': { body: {} },
      'POST /api/a': { body: {} },
      'PUT /api/a/1': { body: {} },
      'POST /api/upload': { body: {} },
      'POST /api/token/refresh': renewsFor(900),
    })
    await api.get('/api/a')
    await api.delete('/api/a/1')
    await api.post('/api/a', { x: 1 })
    await api.put('/api/a/1', { x: 2 })
    const form = new FormData()
    form.append('file', new Blob(['x']), 'x.pdf')
    await api.upload('/api/upload', form)
    await renewSession()
    const sent = mock.fn.mock.calls.map(([url, init]) => ({
      url,
      method: init?.method,
      type: (init?.headers as Record<string, string> | undefined)?.['Content-Type'],
      body: init?.body,
    }))
    expect(sent).toEqual([
      { url: '/api/a', method: 'GET', type: undefined, body: undefined },
      { url: '/api/a/1', method: 'DELETE', type: undefined, body: undefined },
      { url: '/api/a', method: 'POST', type: 'application/json', body: '{"x":1}' },
      { url: '/api/a/1', method: 'PUT', type: 'application/json', body: '{"x":2}' },
      { url: '/api/upload', method: 'POST', type: undefined, body: form },
      { url: '/api/token/refresh', method: 'POST', type: undefined, body: undefined },
    ])
    expect(mock.calls[0]?.headers['Authorization']).toBe(`Bearer ${token}`)
  })
})

describe('silent renewal', () => {
  it('renews a 60-second token 15 s before it expires, and the next one again, with no storm of renewals', async () => {
    jest.useFakeTimers({ now: new Date('2026-03-02T09:00:00Z') })
    storeIssued(60)
    const mock = mockFetch({ 'GET /api/companys': companies, 'POST /api/token/refresh': renewsFor(60) })
    renderApp('/enterprise')
    expect(await screen.findByRole('heading', { name: 'Client List' })).toBeInTheDocument()
    await advance(44_000)
    expect(mock.callsTo('POST', '/api/token/refresh')).toHaveLength(0)
    await advance(2_000)
    expect(mock.callsTo('POST', '/api/token/refresh')).toHaveLength(1)
    const first = stored('token')
    await advance(45_000)
    expect(mock.callsTo('POST', '/api/token/refresh')).toHaveLength(2)
    expect(stored('token')).not.toBe(first)
    await advance(5 * 60_000) // five more minutes: one renewal per 45 s, the page still there
    expect(mock.callsTo('POST', '/api/token/refresh')).toHaveLength(2 + Math.floor((5 * 60 + 1) / 45))
    expect(screen.getByRole('heading', { name: 'Client List' })).toBeInTheDocument()
  })

  it("works on a laptop whose clock is 20 minutes fast: one renewal, then the server's clock is used", async () => {
    jest.useFakeTimers({ now: new Date('2026-03-02T09:00:00Z') })
    const serverTime = () => Date.now() - 20 * 60_000
    storeSession()
    localStorage.setItem('tp.token', issued(900, serverTime())) // expired five minutes ago, by this clock
    const mock = mockFetch({
      'GET /api/companys': companies,
      'POST /api/token/refresh': () => ({ body: { status: true, data: { ...USER, token: issued(900, serverTime()), expiresIn: 900 } } }),
    })
    renderApp('/enterprise')
    expect(await screen.findByRole('heading', { name: 'Client List' })).toBeInTheDocument()
    await advance(10 * 60_000)
    expect(mock.callsTo('POST', '/api/token/refresh')).toHaveLength(1)
    await advance(5 * 60_000) // 15 min: the new token's renewal time
    expect(mock.callsTo('POST', '/api/token/refresh')).toHaveLength(2)
  })

  it('renews when the page shows again after a sleep in which no timer ran', async () => {
    jest.useFakeTimers({ now: new Date('2026-03-02T09:00:00Z') })
    storeIssued(900)
    const mock = mockFetch({ 'GET /api/companys': companies, 'POST /api/token/refresh': renewsFor(900) })
    const app = renderApp('/enterprise')
    await screen.findByRole('heading', { name: 'Client List' })
    jest.setSystemTime(Date.now() + 3 * 3600_000) // the lid was closed for three hours
    expect(mock.callsTo('POST', '/api/token/refresh')).toHaveLength(0)
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'))
      await jest.advanceTimersByTimeAsync(0)
    })
    expect(mock.callsTo('POST', '/api/token/refresh')).toHaveLength(1)
    expect(app.location()).toBe('/enterprise')
    expect(screen.getByRole('heading', { name: 'Client List' })).toBeInTheDocument()
  })

  it('renews an expired token before a request instead of sending it and taking a 401', async () => {
    storeSession({}, -30)
    const mock = mockFetch({ 'GET /api/companys': companies, 'POST /api/token/refresh': renewsFor(900) })
    await api.get('/api/companys')
    expect(mock.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/token/refresh', 'GET /api/companys'])
    expect(mock.calls[1]?.headers['Authorization']).toBe(`Bearer ${stored('token')}`)
  })

  it('keeps the session while the server cannot be reached and retries', async () => {
    jest.useFakeTimers({ now: new Date('2026-03-02T09:00:00Z') })
    storeSession({}, -120) // the laptop woke up before its network
    const mock = mockFetch({
      'GET /api/companys': companies,
      'POST /api/token/refresh': [{ status: 503, body: { status: false, message: 'Service unavailable' } }, renewsFor(900)],
    })
    const app = renderApp('/enterprise')
    expect(await screen.findByRole('progressbar', { name: 'The server cannot be reached: retrying' })).toBeInTheDocument()
    expect(app.location()).toBe('/enterprise')
    expect(stored('authData')).not.toBeNull()
    await advance(RENEWAL_RETRY_MS)
    expect(await screen.findByRole('heading', { name: 'Client List' })).toBeInTheDocument()
    expect(mock.callsTo('POST', '/api/token/refresh')).toHaveLength(2)
  })

  it('does not end the session when a 401 cannot be followed by a renewal (server unreachable)', async () => {
    storeSession()
    mockFetch({ 'GET /api/people': { status: 401, body: { status: false } }, 'POST /api/token/refresh': { status: 502, body: {} } })
    await expect(api.get('/api/people')).rejects.toMatchObject({ message: 'Your session could not be renewed just now. Please try again in a moment.' })
    expect(stored('token')).not.toBeNull()
    expect(stored('returnUrl')).toBeNull()
  })

  it('sends the user to sign in once the server refuses the renewal (signed out elsewhere)', async () => {
    jest.useFakeTimers({ now: new Date('2026-03-02T09:00:00Z') })
    storeIssued(60)
    const mock = mockFetch({ 'GET /api/companys': companies, 'POST /api/token/refresh': { status: 401, body: { status: false, message: 'Unauthorized' } } })
    const app = renderApp('/enterprise')
    await screen.findByRole('heading', { name: 'Client List' })
    await advance(46_000)
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(app.location()).toBe('/login')
    expect(stored('token')).toBeNull()
    await advance(120_000)
    expect(mock.callsTo('POST', '/api/token/refresh')).toHaveLength(1)
  })
})

describe('several tabs', () => {
  it('follows a token another tab renewed instead of spending the rotated refresh cookie again', async () => {
    jest.useFakeTimers({ now: new Date('2026-03-02T09:00:00Z') })
    storeIssued(60)
    const mock = mockFetch({ 'GET /api/companys': companies, 'POST /api/token/refresh': renewsFor(60) })
    renderApp('/enterprise')
    await screen.findByRole('heading', { name: 'Client List' })
    await advance(30_000)
    // The other tab renewed: localStorage changed under this one, which hears a storage event.
    const fresh = issued(60)
    await act(async () => {
      localStorage.setItem('tp.token', fresh)
      window.dispatchEvent(new StorageEvent('storage', { key: 'tp.token', newValue: fresh }))
    })
    await advance(20_000) // past the first token's renewal time
    expect(mock.callsTo('POST', '/api/token/refresh')).toHaveLength(0)
    await advance(30_000) // the new token's renewal time
    expect(mock.callsTo('POST', '/api/token/refresh')).toHaveLength(1)
  })

  it('renews under a lock shared by the tabs, and skips the call when another tab renewed while it waited', async () => {
    storeSession({}, -5)
    const names: string[] = []
    Object.defineProperty(navigator, 'locks', {
      configurable: true,
      value: {
        request: async (name: string, options: { signal?: AbortSignal }, run: () => Promise<unknown>) => {
          names.push(name)
          expect(options.signal).toBeInstanceOf(AbortSignal) // a tab frozen with the lock cannot block the others forever
          // The other tab held the lock and stored its new token meanwhile.
          localStorage.setItem('tp.token', issued(900))
          return run()
        },
      },
    })
    const mock = mockFetch({ 'POST /api/token/refresh': renewsFor(900) })
    await expect(renewSession()).resolves.toBe('renewed')
    expect(names).toEqual(['tp.token-refresh'])
    expect(mock.callsTo('POST', '/api/token/refresh')).toHaveLength(0)
  })
})

describe('the session after a forced sign-in', () => {
  it('survives the next page load: ending a session keeps the app version, so the start-up purge leaves the new one alone', async () => {
    storeSession()
    mockFetch({ 'GET /api/people': { status: 401, body: { status: false } }, 'POST /api/token/refresh': { status: 401, body: { status: false } } })
    const first = renderApp('/people')
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(stored('token')).toBeNull()
    expect(stored('appVersion')).toBe('1.22')
    first.unmount()
    saveSession({ ...USER, token: issued(900), expiresIn: 900 }) // signed in again
    mockFetch({ 'GET /api/companys': companies })
    renderApp('/enterprise') // a reload: the app starts again
    expect(await screen.findByRole('heading', { name: 'Client List' })).toBeInTheDocument()
    expect(stored('token')).not.toBeNull()
  })
})
