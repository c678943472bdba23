// The gateway's route table is the services' own: the committed file (packages/contracts/src/
// route-table.generated.ts) must be what the services declare today, and in split mode the gateway
// forwards exactly those routes, each to its own service, and answers any other /api path itself.
import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { type DeclaredRoute, routeTable, SERVICES, type ServiceName } from '@portal/contracts'
import { collectRouteTable, ROUTE_TABLE_COMMAND, ROUTE_TABLE_FILE, renderRouteTable } from '@portal/svc-host/route-table'
import { startTestPortal, type TestPortal } from '../support/portal.js'

const root = path.resolve(import.meta.dirname, '../..')
const line = (r: DeclaredRoute) => `${r.method} ${r.url}`

describe('the route table', () => {
  it('is what the services declare (else: run the command it names)', async () => {
    const table = await collectRouteTable()
    const committed = await readFile(path.join(root, ROUTE_TABLE_FILE), 'utf8')
    if (committed !== renderRouteTable(table)) {
      // Which routes differ, by service, so the failure says what changed and how to bring it up to date.
      const changes = SERVICES.flatMap((svc) => {
        const now = new Set(table[svc].map(line))
        const then = new Set(routeTable[svc].map(line))
        return [...[...now].filter((r) => !then.has(r)).map((r) => `+ ${svc}: ${r}`), ...[...then].filter((r) => !now.has(r)).map((r) => `- ${svc}: ${r}`)]
      })
      throw new Error(
        `${ROUTE_TABLE_FILE} does not match the routes the services declare: run \`${ROUTE_TABLE_COMMAND}\` and commit the file.\n${changes.join('\n') || '(same routes: order or layout differs)'}`,
      )
    }
    // Every service answers something, each under /api (the paths the gateway forwards), but for
    // identity's SCIM 2.0 endpoints under /scim/v2 (issue 27: providers append /Users to a base URL).
    for (const svc of SERVICES) {
      expect(table[svc].length).toBeGreaterThan(0)
      const outside = (r: { url: string }) => !r.url.startsWith('/api/') && !(svc === 'identity' && r.url.startsWith('/scim/v2/'))
      expect(table[svc].filter(outside)).toEqual([])
    }
  })
})

/** A path that the route's pattern matches: each parameter filled in (a regex one with a value it accepts), a wildcard with two segments. */
function concrete(url: string): string {
  return url
    .replace(/:\w+(\(.*?\))?/g, (_m, regex?: string) => {
      if (!regex) return 'p1'
      const accepts = new RegExp(`^${regex}$`)
      const value = ['p1', '1', '0b6f7c1e-2a4d-4c8e-9f10-3b5a7d9e1c2f'].find((v) => accepts.test(v))
      if (!value) throw new Error(`no sample value for ${url}: add one that ${regex} accepts`)
      return value
    })
    .replace(/\*$/, 'w1/w2')
}

/** The declared routes whose pattern matches `method url` (parameters: one segment; a wildcard: the rest). */
function declares(method: string, url: string): string[] {
  const literal = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&')
  const matches = (pattern: string) =>
    new RegExp(
      `^${pattern
        .split(/(:\w+(?:\([^)]*\))?|\*$)/)
        .map((part, i) => (i % 2 === 0 ? literal(part) : part === '*' ? '.*' : '[^/]+'))
        .join('')}$`,
    ).test(url)
  return SERVICES.flatMap((svc) =>
    routeTable[svc].filter((r) => (r.method === method || (method === 'HEAD' && r.method === 'GET')) && matches(r.url)).map(line),
  )
}

describe('gateway in split mode, in front of a stand-in for each service', () => {
  const upstreams = new Map<ServiceName, Server>()
  const seen: { svc: ServiceName; method: string; url: string; forwardedHost: string | undefined }[] = []
  /** The encoding headers that reached a service (x-compress-probe requests only). */
  const probed: { acceptEncoding: string | undefined; noCompression: string | undefined }[] = []
  /** A reply well above the compression threshold, as a service's list would be. */
  const BIG = JSON.stringify({ status: true, data: Array.from({ length: 200 }, (_, i) => ({ _id: `q${i}`, question: `Are backups of system ${i} tested?` })) })
  let gateway: TestPortal

  beforeAll(async () => {
    const urls: Record<string, string> = {}
    for (const svc of SERVICES) {
      // Records what reaches it and answers 200 to anything: which service got a request is the gateway's doing.
      const server = createServer((req, res) => {
        req.resume()
        req.on('end', () => {
          // The compression probe: a service's answer compressed by itself (br) or left plain (below its threshold, say).
          const probe = req.headers['x-compress-probe']
          if (probe) {
            probed.push({ acceptEncoding: req.headers['accept-encoding'], noCompression: req.headers['x-no-compression'] as string | undefined })
            if (probe === 'br')
              res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'br', vary: 'Accept-Encoding' }).end(brotliCompressSync(BIG))
            else res.writeHead(200, { 'content-type': 'application/json' }).end(BIG)
            return
          }
          seen.push({ svc, method: req.method!, url: req.url!, forwardedHost: req.headers['x-forwarded-host'] as string | undefined })
          res.writeHead(200, { 'content-type': 'application/json' })
          res.end(req.method === 'HEAD' ? undefined : JSON.stringify({ status: true, data: { svc } }))
        })
      })
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
      upstreams.set(svc, server)
      urls[svc] = `http://127.0.0.1:${(server.address() as { port: number }).port}`
    }
    gateway = await startTestPortal({
      env: {
        TARGET: 'gateway',
        WEB_DIST: path.join(root, 'tests/.no-web-dist'),
        IDENTITY_URL: urls['identity']!,
        TRUST_CENTER_URL: urls['trust-center']!,
        QUESTIONNAIRE_URL: urls['questionnaire']!,
        OUTBOUND_URL: urls['outbound']!,
      },
    })
  })
  afterAll(async () => {
    await gateway?.stop()
    for (const server of upstreams.values()) await new Promise((r) => server.close(r))
  })

  const send = (method: string, url: string) =>
    gateway.portal.server.inject({
      method: method as 'GET',
      url,
      headers: { host: 'portal.example' },
      ...(['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) ? { payload: { probe: true } } : {}),
    })

  it('forwards every declared route to the service that declares it, method and path as sent', async () => {
    const wrong: string[] = []
    for (const svc of SERVICES) {
      for (const route of routeTable[svc]) {
        const url = `${concrete(route.url)}?q=1`
        const before = seen.length
        const res = await send(route.method, url)
        const got = seen.slice(before)
        const expected = [{ svc, method: route.method, url, forwardedHost: 'portal.example' }]
        if (res.statusCode !== 200 || JSON.stringify(got) !== JSON.stringify(expected)) {
          wrong.push(`${svc} ${route.method} ${route.url}: ${res.statusCode}, reached ${JSON.stringify(got)}`)
        }
      }
    }
    expect(wrong).toEqual([])
    // A GET route answers HEAD too, as the service itself does.
    const head = await send('HEAD', '/api/overviewuser')
    expect(head.statusCode).toBe(200)
    expect(seen.at(-1)).toMatchObject({ svc: 'trust-center', method: 'HEAD', url: '/api/overviewuser' })
  })

  it("passes a service's answer on as it came: compressed once by the service, never again by the gateway", async () => {
    const probe = (kind: 'br' | 'plain', extra: Record<string, string> = {}) =>
      gateway.portal.server.inject({
        method: 'GET',
        url: '/api/overviewuser',
        headers: { host: 'portal.example', 'accept-encoding': 'br, gzip', 'x-compress-probe': kind, ...extra },
      })
    const compressed = await probe('br')
    expect(compressed.statusCode).toBe(200)
    expect(compressed.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(BIG)
    // What the service left plain stays plain (the service decides, with the client's Accept-Encoding).
    const plain = await probe('plain')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(BIG)
    // The client's Accept-Encoding reached the service; the gateway's own mark did not, unless the client sent one.
    expect(probed.slice(0, 2)).toEqual([
      { acceptEncoding: 'br, gzip', noCompression: undefined },
      { acceptEncoding: 'br, gzip', noCompression: undefined },
    ])
    await probe('plain', { 'x-no-compression': '1' })
    expect(probed.at(-1)).toEqual({ acceptEncoding: 'br, gzip', noCompression: '1' })
  })

  it('answers a path or method no service declares with the 404 envelope, reaching no service', async () => {
    // Each of these was forwarded when the table held path prefixes: a wrong method, a path under a prefix.
    const undeclared: [string, string][] = [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/trustcenteruser'],
      ['GET', '/api/people/invite'],
      ['GET', '/api/userprofile/p1/extra'],
      ['GET', '/api/questionnaire/nothing'],
      ['GET', '/api/trust-center/updates'],
      ['PATCH', '/api/outbound/p1'],
      ['GET', '/api/fs/llm'],
    ]
    for (const [method, url] of undeclared) {
      // A sample some service has come to declare would prove nothing here: it must be replaced.
      expect([method, url, declares(method, url)]).toEqual([method, url, []])
      const before = seen.length
      const res = await send(method, url)
      expect([method, url, res.statusCode, res.json()]).toEqual([method, url, 404, { status: false, message: 'Not found', code: 'NOT_FOUND' }])
      expect(seen.slice(before)).toEqual([])
    }
  })
})
