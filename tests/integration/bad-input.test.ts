// Bad input never breaks the server (issue 10): every route of the OpenAPI document, with and
// without a staff admin's token, is sent a small battery of hostile inputs (NUL characters, huge and
// negative numbers, wrong types, over-long strings, missing or malformed bodies, wrong content types,
// malformed multipart, bad path params) and must answer each with a status below 500. The four upload
// routes also get truncated, boundary-less, nameless and cut-short multipart bodies. The summary of
// statuses is printed; a failure lists every (method, path, input) that answered 500 or more.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Principal } from '@portal/auth'
import { call, dbKinds, type SignedUp, signUp, startTestPortal, type TestPortal } from '../support/portal.js'

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
type Schema = { type?: string | string[]; properties?: Record<string, Schema>; items?: Schema }

interface Op {
  method: Method
  /** OpenAPI form: /api/documents/{id} */
  path: string
  query: string[]
  /** Query parameters declared as numbers. */
  numeric: string[]
  body: string[] | undefined
}

interface Probe {
  input: string
  /** Must be refused (4xx), not only answered below 500. */
  refused?: boolean
  headers?: Record<string, string>
  query?: string
  payload?: string | Buffer
}

/** The upload routes (multipart): each must exist in the document, so a rename cannot skip them. */
const UPLOADS = ['/api/fs/upload-logo', '/api/fs/upload-docs', '/api/fs/enterpriseapps-compliance-uploadfile', '/api/questionnaires/save']

const NUL = 'a\u0000b'
/** Over-long and incompressible: a repeated letter would shrink below PostgreSQL's index-entry limit. */
const LONG = randomBytes(15_000).toString('base64')
const json = { 'content-type': 'application/json' }

function operations(doc: {
  paths: Record<
    string,
    Record<string, { parameters?: { in: string; name: string; schema?: Schema }[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>
  >
}): Op[] {
  const ops: Op[] = []
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(methods)) {
      const method = m.toUpperCase() as Method
      if (!['GET', 'POST', 'PUT', 'DELETE'].includes(method)) continue
      const params = (op.parameters ?? []).filter((p) => p.in === 'query')
      const query = params.map((p) => p.name)
      const numeric = params.filter((p) => ['number', 'integer'].includes(String(p.schema?.type))).map((p) => p.name)
      const schema = op.requestBody?.content?.['application/json']?.schema
      ops.push({ method, path, query, numeric, body: schema ? Object.keys(schema.properties ?? {}) : undefined })
    }
  }
  return ops
}

const qs = (pairs: [string, string][]) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')
const every = (names: string[], value: unknown) => Object.fromEntries(names.map((n) => [n, value]))

/** The battery for one operation: a few inputs per category, shaped by its declared fields. */
function battery(op: Op): Probe[] {
  const fields = op.body ?? []
  const q = op.query.length ? op.query : ['page']
  const probes: Probe[] = [
    { input: 'plain' },
    // One field at a time, so another field's validation cannot hide what this value does.
    ...q.flatMap((n) => ['a\u0000b', '1e20', '-1', '2.5', 'x'.repeat(5000)].map((v) => ({ input: `${n}=${v.slice(0, 6)}… in query`, query: qs([[n, v]]) }))),
    // Parsed as Infinity: out of every declared range (pageSize=1e400 listed everything).
    ...q.map((n) => ({ input: `${n}=1e400 in query`, query: qs([[n, '1e400']]), refused: op.numeric.includes(n) })),
    ...q.map((n) => ({ input: `${n}=<long random> in query`, query: qs([[n, LONG.slice(0, 6000)]]) })),
    { input: 'nul in a query name', query: `a%00b=1&${qs([[q[0]!, 'x']])}` },
    {
      input: 'repeated query fields',
      query: qs(
        q.flatMap(
          (n) =>
            [
              [n, 'a'],
              [n, 'b'],
            ] as [string, string][],
        ),
      ),
    },
    { input: 'nul in DbName and other headers', headers: { dbname: 'demo\u0000', 'user-agent': NUL, 'if-none-match': NUL, 'x-forwarded-host': NUL } },
  ]
  if (op.method === 'GET') return probes
  const body = (value: unknown, input: string): Probe => ({ input, headers: json, payload: JSON.stringify(value) })
  probes.push(
    body(every(fields, NUL), 'nul in every field'),
    body({ ...every(fields, 'ok'), [`k${NUL}`]: 'v' }, 'nul in a key'),
    body(every(fields, { nested: [NUL, { deeper: NUL }] }), 'nul nested, wrong type'),
    body(every(fields, 1e20), 'huge number in every field'),
    // JSON.parse reads 1e400 as Infinity (JSON.stringify cannot write it): no field takes it, as a number or as "Infinity".
    ...fields.map((f) => ({
      input: `1e400 in ${f}`,
      headers: json,
      payload: `{${[...fields.filter((g) => g !== f).map((g) => `${JSON.stringify(g)}:"ok"`), `${JSON.stringify(f)}:1e400`].join(',')}}`,
      refused: true,
    })),
    body(every(fields, -1), 'negative number in every field'),
    body(every(fields, true), 'boolean in every field'),
    body(every(fields, ['a', 1, null]), 'array in every field'),
    body(every(fields, null), 'null in every field'),
    body(every(fields, LONG), 'over-long strings'),
    ...fields.map((f) => body({ ...every(fields, 'ok'), [f]: LONG }, `over-long ${f}`)),
    body([1, 2, 3], 'array body'),
    body('text', 'string body'),
    body(null, 'null body'),
    { input: 'empty JSON body', headers: json, payload: '' },
    { input: 'empty object', headers: json, payload: '{}' },
    { input: 'malformed JSON', headers: json, payload: '{"a":' },
    { input: 'prototype pollution', headers: json, payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}' },
    { input: 'text/plain with NUL', headers: { 'content-type': 'text/plain' }, payload: NUL },
    { input: 'form-urlencoded', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=b' },
    { input: 'xml', headers: { 'content-type': 'application/xml' }, payload: '<a/>' },
    { input: 'multipart without boundary', headers: { 'content-type': 'multipart/form-data' }, payload: '--x\r\n\r\n' },
  )
  return probes
}

/** Hostile multipart bodies, for the upload routes (each also gets the battery above). */
function multipartProbes(): Probe[] {
  const b = 'B0undary'
  const ct = (boundary = b) => ({ 'content-type': `multipart/form-data; boundary=${boundary}` })
  const filePart = (name = 'file', filename = 'a.pdf') =>
    `--${b}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\r\n`
  const field = (name: string, value: string) => `--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
  const end = `--${b}--\r\n`
  return [
    { input: 'multipart: truncated closing boundary', headers: ct(), payload: `${filePart()}--${b.slice(0, 3)}` },
    { input: 'multipart: boundary not in body', headers: ct('Other'), payload: `${filePart()}${end}` },
    { input: 'multipart: missing boundary parameter', headers: { 'content-type': 'multipart/form-data' }, payload: `${filePart()}${end}` },
    { input: 'multipart: empty boundary', headers: { 'content-type': 'multipart/form-data; boundary=' }, payload: `${filePart()}${end}` },
    { input: 'multipart: over-long boundary', headers: ct('x'.repeat(300)), payload: `--${'x'.repeat(300)}\r\n\r\n` },
    {
      input: 'multipart: a part without a name',
      headers: ct(),
      payload: `--${b}\r\nContent-Disposition: form-data; filename="a.pdf"\r\n\r\n%PDF-1.4\r\n${end}`,
    },
    {
      input: 'multipart: ends mid-part',
      headers: ct(),
      payload: `${field('visibility', 'public')}--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 half a fi`,
    },
    { input: 'multipart: ends mid-header', headers: ct(), payload: `--${b}\r\nContent-Disposition: form-da` },
    { input: 'multipart: malformed part header', headers: ct(), payload: `--${b}\r\nthis is not a header\r\n\r\nvalue\r\n${end}` },
    { input: 'multipart: nul in a text field', headers: ct(), payload: `${field('company_id', NUL)}${field('visibility', NUL)}${filePart()}${end}` },
    { input: 'multipart: nul in a field name', headers: ct(), payload: `${field(`vis${NUL}`, 'public')}${filePart()}${end}` },
    { input: 'multipart: nul in a file name', headers: ct(), payload: `${filePart('file', `a${NUL}.pdf`)}${end}` },
    { input: 'multipart: over-long text field', headers: ct(), payload: `${field('company_id', LONG)}${filePart()}${end}` },
    { input: 'multipart: only fields', headers: ct(), payload: `${field('company_id', 'x')}${end}` },
    { input: 'multipart: empty body', headers: ct(), payload: '' },
  ]
}

/** Path params: hostile values for each route, and a valid-looking UUID that matches nothing. */
const badParams = ['%00', 'a%00b', 'x'.repeat(300), '1e20', '-1', '..%2F..%2Fetc%2Fpasswd', '%E2%80%AE', 'null']

const fill = (path: string, value: string) => path.replace(/\{[^}]+\}/g, value)

describe.each(dbKinds())('bad input on every route (%s)', (db) => {
  let tp: TestPortal
  let admin: SignedUp
  let principal: Principal
  const sub = `badinput${db}`

  beforeAll(async () => {
    tp = await startTestPortal({ db })
    admin = await signUp(tp, `admin@bad-input-${db}.example`)
    principal = await tp.portal.ctx.tokens.verifyAccess(admin.token)
    // A published trust center, so unauthenticated calls reach the public routes' own code.
    expect((await call(tp, 'POST', '/api/fs/add-cname', { token: admin.token, body: { subdomain: sub } })).status).toBe(200)
  })
  afterAll(async () => tp?.stop())

  it('answers every route, method and bad input with a status below 500', async () => {
    const doc = await call(tp, 'GET', '/api/docs/json')
    const ops = operations(doc.body as never)
    expect(ops.length).toBeGreaterThan(90)
    for (const path of UPLOADS) expect(ops.some((o) => o.path === path && o.method === 'POST')).toBe(true)

    const statuses = new Map<number, number>()
    const failures: string[] = []
    let n = 0
    const send = async (op: Op, url: string, probe: Probe, token: string | undefined) => {
      const headers: Record<string, string> = { host: token ? 'localhost' : `${sub}.localhost`, ...probe.headers }
      if (token) headers['authorization'] = `Bearer ${token}`
      const r = () => Math.floor(Math.random() * 250) + 1
      const res = await Promise.race([
        tp.portal.server.inject({
          method: op.method,
          url: probe.query ? `${url}?${probe.query}` : url,
          headers,
          remoteAddress: `10.${r()}.${r()}.${r()}`,
          ...(probe.payload !== undefined ? { payload: probe.payload } : {}),
        }),
        new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 5000).unref()),
      ])
      const status = res?.statusCode ?? 0 // 0: no answer within 5 s (an event stream left open)
      n++
      statuses.set(status, (statuses.get(status) ?? 0) + 1)
      if (status >= 500 || (probe.refused && status < 400))
        failures.push(
          `${op.method} ${url}${probe.query ? `?${probe.query.slice(0, 60)}` : ''} [${token ? 'token' : 'no token'}] ${probe.input} → ${status} ${res?.body.slice(0, 120)}`,
        )
    }

    for (const op of ops) {
      // A session of its own per route: a route that ends its session (logout) does not end the walk.
      const token = (await tp.portal.ctx.tokens.issueAccess({ ...principal, sessionId: crypto.randomUUID() })).token
      for (const auth of [token, undefined]) {
        const hasParams = op.path.includes('{')
        if (hasParams) for (const bad of badParams) await send(op, fill(op.path, bad), { input: `path param ${bad.slice(0, 20)}` }, auth)
        const url = fill(op.path, crypto.randomUUID())
        const probes = [...battery(op), ...(UPLOADS.includes(op.path) ? multipartProbes() : [])]
        for (const probe of probes) await send(op, url, probe, auth)
      }
    }

    const summary = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([s, c]) => `${s}: ${c}`)
      .join(', ')
    console.log(`bad input on ${db}: ${ops.length} operations, ${n} requests; statuses ${summary}`)
    expect(failures).toEqual([])
  }, 240_000)
})

describe('security declared in the OpenAPI document', () => {
  let tp: TestPortal
  beforeAll(async () => {
    tp = await startTestPortal()
  })
  afterAll(async () => tp?.stop())

  it('declares security (a bearer token, or the refresh cookie) on exactly the routes that answer 401 without one (issue 22: 63 did not)', async () => {
    type Operation = { security?: Record<string, string[]>[] }
    const doc = (await call(tp, 'GET', '/api/docs/json')).body as { paths: Record<string, Record<string, Operation>>; security?: Operation['security'] }
    const mismatches: string[] = []
    let secured = 0
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [m, op] of Object.entries(methods)) {
        const method = m.toUpperCase() as Method
        if (!['GET', 'POST', 'PUT', 'DELETE'].includes(method)) continue
        const declared = (op.security ?? doc.security ?? []).length > 0
        if (declared) secured++
        const res = await tp.portal.server.inject({ method, url: fill(path, crypto.randomUUID()), headers: { host: 'localhost' } })
        if (declared !== (res.statusCode === 401))
          mismatches.push(`${method} ${path}: ${declared ? 'secure' : 'public'} in the document, answered ${res.statusCode}`)
      }
    }
    expect(mismatches).toEqual([])
    expect(secured).toBeGreaterThan(90)
  })
})

describe.each(dbKinds())('cache headers of answers (%s)', (db) => {
  let tp: TestPortal
  let admin: SignedUp
  beforeAll(async () => {
    tp = await startTestPortal({ db })
    admin = await signUp(tp, `admin@cache-${db}.example`)
    expect((await call(tp, 'POST', '/api/fs/add-cname', { token: admin.token, body: { subdomain: `cache${db}` } })).status).toBe(200)
  })
  afterAll(async () => tp?.stop())

  it("sends no-store with every authenticated answer, and keeps the public page's ETag caching", async () => {
    const host = { host: `cache${db}.localhost` }
    const page = await call(tp, 'GET', '/api/trustcenteruser', { headers: host })
    expect(page.status).toBe(200)
    expect(page.headers['cache-control']).toBe('public, max-age=0, must-revalidate')
    expect(page.headers['etag']).toBeDefined()
    expect((await call(tp, 'GET', '/api/trustcenteruser', { headers: { ...host, 'if-none-match': String(page.headers['etag']) } })).status).toBe(304)
    expect((await call(tp, 'GET', '/api/.well-known/jwks.json')).headers['cache-control']).toBe('public, max-age=300')
    for (const url of ['/api/people', '/api/trustcenter', '/api/companys', '/api/companyinfo', '/api/trustcenteruser']) {
      const res = await call(tp, 'GET', url, { token: admin.token, headers: url === '/api/trustcenteruser' ? host : {} })
      expect([url, res.status < 500, res.headers['cache-control']]).toEqual([url, true, 'no-store'])
    }
    // A public answer that did not ask to be cached, and an error: not kept either.
    expect((await call(tp, 'GET', '/api/settingsOutside', { headers: host })).headers['cache-control']).toBe('no-store')
    expect((await call(tp, 'GET', '/api/trustcenteruser', { headers: { host: 'nowhere.localhost' } })).headers['cache-control']).toBe('no-store')
  })
})
