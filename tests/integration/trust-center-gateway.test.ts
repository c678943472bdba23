// The gateway serves the public trust-center bundle (trust.html) on a published trust-center host,
// and the staff console (index.html) everywhere else, including unknown and spoofed hosts; an
// unpublished trust center's host answers 404 in words (issue 25).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { call, dbKinds, type SignedUp, signUp, startTestPortal, type TestPortal } from '../support/portal.js'

const INDEX = '<!doctype html><title>Console</title><div id="root"></div>'
const TRUST = '<!doctype html><title>Trust center</title><div id="trust"></div>'

async function webDist(withTrust: boolean): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'web-dist-tc-'))
  await mkdir(path.join(dir, 'assets'))
  await writeFile(path.join(dir, 'index.html'), INDEX)
  await writeFile(path.join(dir, 'assets', 'trust-abc.js'), 'console.log("trust")')
  if (withTrust) await writeFile(path.join(dir, 'trust.html'), TRUST)
  return dir
}

describe.each(dbKinds())('gateway and trust-center hosts on %s', (db) => {
  let tp: TestPortal
  let web: string
  let admin: SignedUp
  const page = (host: string, url = '/') => tp.portal.server.inject({ url, headers: { host } })

  beforeAll(async () => {
    web = await webDist(true)
    tp = await startTestPortal({ db, env: { WEB_DIST: web } })
    admin = await signUp(tp, 'web@gw-co.example')
    expect((await call(tp, 'POST', '/api/fs/add-cname', { token: admin.token, body: { subdomain: 'gwco' } })).status).toBe(200)
  })
  afterAll(async () => {
    await tp.stop()
    await rm(web, { recursive: true, force: true })
  })

  it('serves trust.html for any client route on a published host', async () => {
    for (const [host, url] of [
      ['gwco.localhost', '/'],
      ['GWCO.localhost.', '/NDA'],
      ['gwco.localhost:3000', '/some/visitor/route'],
      ['gwco.localhost', '/terms-of-service'],
    ]) {
      const res = await page(host!, url)
      expect([host, url, res.statusCode, res.body]).toEqual([host, url, 200, TRUST])
      expect(res.headers['content-type']).toContain('text/html')
      expect(res.headers['content-security-policy']).toContain("script-src 'self'")
    }
    // Assets and the API are the same on every host.
    expect((await page('gwco.localhost', '/assets/trust-abc.js')).statusCode).toBe(200)
    expect((await page('gwco.localhost', '/api/trustcenteruser')).json()).toMatchObject({ status: true, data: { cname: 'gwco' } })
  })

  it('serves the staff console on localhost, unknown and spoofed hosts', async () => {
    for (const host of ['localhost', 'localhost:3000', 'acme.attacker.net', 'gwco.localhost.evil.io', 'x.gwco.localhost', 'nobody.localhost']) {
      const res = await page(host, '/login')
      expect([host, res.statusCode, res.body]).toEqual([host, 200, INDEX])
    }
    expect((await tp.portal.server.inject({ method: 'POST', url: '/', headers: { host: 'gwco.localhost' } })).statusCode).toBe(404)
  })

  it('looks up a newly published host at once', async () => {
    const other = await signUp(tp, 'web@gw-late.example')
    expect((await page('late.localhost')).body).toBe(INDEX)
    await call(tp, 'POST', '/api/fs/add-cname', { token: other.token, body: { subdomain: 'fresh' } })
    expect((await page('fresh.localhost')).body).toBe(TRUST)
  })

  it('answers an unpublished trust center with a 404 in words, and serves it again once republished', async () => {
    // A host visited while public answers 404 as soon as the unpublishing is announced on the bus.
    const owner = await signUp(tp, 'web@gw-unpub.example')
    expect((await call(tp, 'POST', '/api/fs/add-cname', { token: owner.token, body: { subdomain: 'unpub' } })).status).toBe(200)
    expect((await page('unpub.localhost')).body).toBe(TRUST)
    const off = await call(tp, 'POST', '/api/fs/remove-cname', { token: owner.token })
    await new Promise((r) => setImmediate(r)) // the in-process bus delivers on the next turn
    expect(off.body).toEqual({ status: true, message: 'Your trust center is no longer public' })
    for (const url of ['/', '/NDA']) {
      const res = await page('unpub.localhost', url)
      expect([url, res.statusCode]).toEqual([url, 404])
      expect(res.body).toContain('This trust center is not available.')
      expect(res.headers['cache-control']).toBe('no-store')
    }
    const lookup = await call(tp, 'GET', '/api/fs/check-hostname?hostname=unpub.localhost')
    expect([lookup.status, lookup.body]).toEqual([404, { status: false, isSpecialDomain: false, available: false, unpublished: true }])
    // Hosts no trust center holds still get the staff console.
    expect((await page('nobody-here.localhost', '/login')).body).toBe(INDEX)
    // Published again: announced too, so no cached "not public" answer stands in the way.
    expect((await call(tp, 'POST', '/api/fs/add-cname', { token: owner.token, body: { subdomain: 'unpub' } })).status).toBe(200)
    await new Promise((r) => setImmediate(r))
    expect((await page('unpub.localhost')).body).toBe(TRUST)
  })

  it('serves index.html on every host while the public bundle is not built', async () => {
    const bare = await webDist(false)
    const second = await startTestPortal({ db, env: { WEB_DIST: bare } })
    try {
      const owner = await signUp(second, 'web@gw-bare.example')
      await call(second, 'POST', '/api/fs/add-cname', { token: owner.token, body: { subdomain: 'bare' } })
      const res = await second.portal.server.inject({ url: '/', headers: { host: 'bare.localhost' } })
      expect([res.statusCode, res.body]).toEqual([200, INDEX])
    } finally {
      await second.stop()
      await rm(bare, { recursive: true, force: true })
    }
  })
})

describe('gateway in split mode, in front of a trust-center service elsewhere', () => {
  let upstream: Server
  let gateway: TestPortal
  let web: string
  const seen: { url: string; host: string; forwardedHost: string | undefined }[] = []

  beforeAll(async () => {
    // A stand-in for the trust-center service: records what reaches it, publishes `remote.localhost`.
    upstream = createServer((req, res) => {
      seen.push({ url: req.url!, host: req.headers.host!, forwardedHost: req.headers['x-forwarded-host'] as string | undefined })
      const hostname = new URL(req.url!, 'http://x').searchParams.get('hostname')
      const published = req.url!.startsWith('/api/fs/check-hostname') && hostname === 'remote.localhost'
      res.writeHead(published || !req.url!.startsWith('/api/fs/check-hostname') ? 200 : 404, { 'content-type': 'application/json' })
      res.end(JSON.stringify(published ? { status: true, isSpecialDomain: true, dbName: 'remote' } : { status: true, data: { via: 'upstream' } }))
    })
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', () => r()))
    const url = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`
    web = await webDist(true)
    gateway = await startTestPortal({
      env: { TARGET: 'gateway', WEB_DIST: web, IDENTITY_URL: url, TRUST_CENTER_URL: url, QUESTIONNAIRE_URL: url, OUTBOUND_URL: url },
    })
  })
  afterAll(async () => {
    await gateway?.stop()
    await new Promise((r) => upstream.close(r))
    await rm(web, { recursive: true, force: true })
  })

  it("forwards the public calls, with the visitor's host, and serves trust.html on the remote registry's hosts", async () => {
    // The gateway forwards the routes the service declares, with their methods (the visit is a POST).
    for (const [method, path] of [
      ['GET', '/api/trustcenteruser'],
      ['GET', '/api/overviewuser'],
      ['GET', '/api/securityuser'],
      ['GET', '/api/complianceuser'],
      ['GET', '/api/documentslistuser'],
      ['GET', '/api/settingsOutside'],
      ['GET', '/api/clientDetailsOutside'],
      ['POST', '/api/trustcenterhistroy/save'],
    ] as const) {
      const res = await gateway.portal.server.inject({ method, url: path, headers: { host: 'remote.localhost', 'x-forwarded-host': 'spoofed.example' } })
      expect([path, res.statusCode, res.json()]).toEqual([path, 200, { status: true, data: { via: 'upstream' } }])
      expect(seen.at(-1)).toMatchObject({ url: path, forwardedHost: 'remote.localhost' })
    }
    expect((await gateway.portal.server.inject({ url: '/', headers: { host: 'remote.localhost' } })).body).toBe(TRUST)
    expect((await gateway.portal.server.inject({ url: '/', headers: { host: 'elsewhere.localhost' } })).body).toBe(INDEX)
  })
})
