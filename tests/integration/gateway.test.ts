// The gateway in one process: web app with SPA fallback, health, API 404s, headers.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { call, startTestPortal, type TestPortal } from '../support/portal.js'

describe('gateway', () => {
  let tp: TestPortal
  let web: string

  beforeAll(async () => {
    web = await mkdtemp(path.join(tmpdir(), 'web-dist-'))
    await mkdir(path.join(web, 'assets'))
    await writeFile(path.join(web, 'index.html'), '<!doctype html><title>Trust Portal</title><div id="root"></div>')
    await writeFile(path.join(web, 'assets', 'app-abc123.js'), 'console.log(1)')
    tp = await startTestPortal({ env: { WEB_DIST: web } })
  })
  afterAll(async () => {
    await tp.stop()
    await rm(web, { recursive: true, force: true })
  })

  it('answers /healthz and /readyz', async () => {
    expect((await call(tp, 'GET', '/healthz')).status).toBe(200)
    const ready = await call(tp, 'GET', '/readyz')
    expect(ready.status).toBe(200)
    expect(ready.body).toEqual({ status: true, checks: { db: true, queue: true, bus: true, blobs: true } })
  })

  it('serves the web app for client-side routes, with a strict CSP', async () => {
    for (const route of ['/', '/login', '/enterprise-apps/review/123', '/forgot-password/a%40b.com']) {
      const res = await tp.portal.server.inject({ url: route })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toContain('text/html')
      expect(res.body).toContain('<div id="root">')
      expect(res.headers['content-security-policy']).toContain("script-src 'self'")
      expect(res.headers['cache-control']).toBe('no-cache')
    }
  })

  it('caches hashed assets for a year', async () => {
    const res = await tp.portal.server.inject({ url: '/assets/app-abc123.js' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toContain('immutable')
  })

  it('answers unknown API paths with a 404 envelope, never the web app', async () => {
    const res = await call(tp, 'GET', '/api/does-not-exist')
    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({ status: false })
    const post = await tp.portal.server.inject({ method: 'POST', url: '/somewhere' })
    expect(post.statusCode).toBe(404)
  })

  it("answers every service's health route", async () => {
    for (const svc of ['identity', 'trust-center', 'questionnaire', 'outbound', 'ingest-worker', 'llm-worker']) {
      expect((await call(tp, 'GET', `/api/${svc}/healthz`)).body).toEqual({ status: true, service: svc })
    }
  })
})
