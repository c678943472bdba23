// The demo trust center of `npm start`: published on demo.localhost with branding, blocks, a public
// and a gated document, an NDA and one pending access request; seeded once across restarts.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { loadConfig } from '@portal/config'
import { createScratchDatabase } from '@portal/db'
import { silentLogger } from '@portal/observability'
import { type Portal, startPortal } from '@portal/svc-host'
import { dbKinds } from '../support/portal.js'

type Page = {
  companyTitle: string
  logo: string | null
  cname: string
  overview: { description: string } | null
  nda: unknown
  security: { title: string; subdata: unknown[] }[]
  compliance: { framework: string; status: string; badge: string }[]
  documents: { visibility: string; mimeType: string }[]
}

describe.each(dbKinds())('demo trust center on %s', (db) => {
  let dataDir: string
  let scratch: { url: string; drop(): Promise<void> } | undefined

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-tc-demo-'))
    if (db === 'pg') scratch = await createScratchDatabase(process.env['TEST_DATABASE_URL']!)
  })
  afterAll(async () => {
    await scratch?.drop()
    await rm(dataDir, { recursive: true, force: true })
  })

  // The demo's built-in password is refused on a real database: there the demo is asked for explicitly.
  const demoEnv = () => (scratch ? { DATABASE_URL: scratch.url, SEED_DEMO: 'true', DEMO_PASSWORD: 'Harbor-Demo!7351' } : {})
  const start = () => startPortal(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '3000', ...demoEnv() }), silentLogger)
  const pageOf = async (p: Portal) => {
    const res = await p.server.inject({ url: '/api/trustcenteruser', headers: { host: 'demo.localhost' } })
    expect(res.statusCode).toBe(200)
    return res.json().data as Page
  }
  const signIn = async (p: Portal) =>
    (await p.server.inject({ method: 'POST', url: '/api/userlogin', payload: { email: 'admin@demo.example', password: p.demo!.password } })).json().data
      .token as string

  it('is published on demo.localhost with its content, and seeded only once', async () => {
    const first = await start()
    let page: Page
    try {
      expect(first.trustCenterUrl).toBe('http://demo.localhost:3000')
      page = await pageOf(first)
      expect(page).toMatchObject({
        companyTitle: 'Demo Company',
        cname: 'demo',
        logo: expect.stringMatching(/^\/api\/logo\/.+\.png$/),
        nda: expect.any(Object),
      })
      expect(page.overview?.description).toContain('<strong>')
      expect(page.security.length).toBeGreaterThanOrEqual(3)
      expect(page.security.every((s) => s.subdata.length > 0)).toBe(true)
      expect(page.compliance.map((c) => [c.badge, c.status])).toEqual([
        ['soc2', 'compliant'],
        ['iso27001', 'compliant'],
        ['hipaa', 'in_progress'],
        ['gdpr', 'compliant'],
      ])
      expect(page.documents.map((d) => d.visibility).sort()).toEqual(['approval', 'public'])
      const logo = await first.server.inject({ url: page.logo!, headers: { host: 'demo.localhost' } })
      expect([logo.statusCode, logo.headers['content-type']]).toEqual([200, 'image/png'])
      const token = await signIn(first)
      const pending = (await first.server.inject({ url: '/api/accountsrequest', headers: { authorization: `Bearer ${token}` } })).json()
      expect(pending).toMatchObject({ total: 1, data: [{ Approved: 'pending', workEmail: 'jordan.lee@acme-retail.example' }] })
      // The gated document is a real PDF behind approval; the public one downloads.
      const docs = (await first.server.inject({ url: '/api/documentslist', headers: { authorization: `Bearer ${token}` } })).json().data as {
        _id: string
        visibility: string
      }[]
      const pub = await first.server.inject({
        method: 'POST',
        url: '/api/fs/download-docs',
        headers: { host: 'demo.localhost' },
        payload: { fileKey: docs.find((d) => d.visibility === 'public')!._id },
      })
      expect(pub.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
      const gated = await first.server.inject({
        method: 'POST',
        url: '/api/fs/download-docs',
        headers: { host: 'demo.localhost' },
        payload: { fileKey: docs.find((d) => d.visibility === 'approval')!._id },
      })
      expect(gated.statusCode).toBe(403)
    } finally {
      await first.stop()
    }

    const second = await start()
    try {
      expect(second.trustCenterUrl).toBe('http://demo.localhost:3000')
      const again = await pageOf(second)
      expect(again).toEqual(page)
      const token = await signIn(second)
      expect((await second.server.inject({ url: '/api/accountsrequest', headers: { authorization: `Bearer ${token}` } })).json().total).toBe(1)
    } finally {
      await second.stop()
    }
  })
})
