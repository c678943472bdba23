// Attacks on the trust center's tenancy and content (security.md B1, B10, B16): another tenant's ids
// answer 404 and change nothing; the tenant of a public call comes only from an exact, published
// host (or DbName of a published site), never from the shape of a host; stored XSS payloads come
// back sanitised from rich text and exactly as typed, as JSON strings, from plain-text fields.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { textPdf } from '@portal/pdf-writer'
import { multipart, realPng, unsafeHtml, xssPayloads } from '../../services/trust-center/test/fixtures.js'
import { call, dbKinds, type SignedUp, signUp, startTestPortal, type TestPortal } from '../support/portal.js'

type Row = Record<string, unknown> & { _id: string }

// Twice per database: with row-level security, and without it (DB_ROW_SECURITY=off), so the code's own filters are proven alone.
const modes = dbKinds().flatMap(
  (db) =>
    [
      [db, 'on'],
      [db, 'off'],
    ] as const,
)

describe.each(modes)('trust center tenancy and content attacks on %s, row-level security %s', (db, rowSecurity) => {
  let tp: TestPortal
  let a: SignedUp
  let b: SignedUp
  /** B's ids of every kind. */
  const ids: Record<string, string> = {}

  const json = async (res: ReturnType<typeof call>) => (await res).body
  const data = async <T = Row>(res: ReturnType<typeof call>) => (await res).body.data as T

  beforeAll(async () => {
    tp = await startTestPortal({ db, env: { DB_ROW_SECURITY: rowSecurity } })
    a = await signUp(tp, 'admin@alpha-tc.example')
    b = await signUp(tp, 'admin@beta-tc.example')
    for (const [who, sub] of [
      [a, 'alpha'],
      [b, 'beta'],
    ] as const) {
      expect((await call(tp, 'POST', '/api/fs/add-cname', { token: who.token, body: { subdomain: sub } })).status).toBe(200)
      await call(tp, 'POST', '/api/companyinfo', { token: who.token, body: { companyTitle: `${sub} company` } })
    }
    const token = b.token
    const cat = await data(call(tp, 'POST', '/api/security/save', { token, body: { title: 'B security', subdata: [{ title: 'B item' }] } }))
    ids['category'] = cat._id
    ids['item'] = (cat['subdata'] as Row[])[0]!._id
    ids['compliance'] = (await data(call(tp, 'POST', '/api/compliance/save', { token, body: { framework: 'B SOC2', status: 'compliant', badge: 'soc2' } })))._id
    ids['overview'] = (await data(call(tp, 'POST', '/api/overview/save', { token, body: { subTitle: 'B overview', description: '<p>b</p>' } })))._id
    ids['theme'] = (
      await data(
        call(tp, 'POST', '/api/themecolor/save', {
          token,
          body: { headerColor: '#000001', backgroundColor: '#000002', textColor: '#000003', buttonColor: '#000004' },
        }),
      )
    )._id
    ids['settings'] = (await data(call(tp, 'GET', '/api/settings', { token })))._id
    ids['nda'] = (await data(call(tp, 'POST', '/api/nda/save', { token, body: { description: 'B NDA' } })))._id
    const { payload, contentType } = multipart([
      { name: 'visibility', value: 'public' },
      { name: 'file', filename: 'b.pdf', content: textPdf([['B only']]) },
    ])
    ids['document'] = ((await call(tp, 'POST', '/api/fs/upload-docs', { token, body: payload, headers: { 'content-type': contentType } })).body.data as Row)._id
    await call(tp, 'POST', '/api/useraccessrequest', {
      headers: { host: 'beta.localhost' },
      body: { firstName: 'R', lastName: 'Q', companyName: 'C', workEmail: 'r@q.example', relationshpLinkedIn: 'x', ndaId: ids['nda'] },
    })
    ids['request'] = (await data<Row[]>(call(tp, 'GET', '/api/accountsrequest', { token })))[0]!._id
  })
  afterAll(async () => tp.stop())

  it("answers A's calls on B's ids with 404 and leaves B's content unchanged", async () => {
    const before = await json(call(tp, 'GET', '/api/trustcenter', { token: b.token }))
    const t = a.token
    const attempts: [string, string, unknown][] = [
      ['PUT', `/api/security/update/${ids['category']}`, { title: 'owned' }],
      ['POST', `/api/security/addsubdata/${ids['category']}`, { title: 'owned' }],
      ['PUT', `/api/security/subdata/${ids['category']}/${ids['item']}`, { title: 'owned' }],
      ['DELETE', `/api/security/delete/${ids['category']}/${ids['item']}`, undefined],
      ['DELETE', `/api/security/delete/${ids['category']}`, undefined],
      ['PUT', `/api/compliance/update/${ids['compliance']}`, { framework: 'owned', status: 'compliant', badge: 'soc2' }],
      ['DELETE', `/api/compliance/delete/${ids['compliance']}`, undefined],
      ['PUT', `/api/overview/update/${ids['overview']}`, { subTitle: 'owned' }],
      ['PUT', `/api/themecolor/update/${ids['theme']}`, { headerColor: '#ffffff', backgroundColor: '#ffffff', textColor: '#ffffff', buttonColor: '#ffffff' }],
      ['PUT', `/api/settings/update/${ids['settings']}`, { companyTitle: 'owned' }],
      ['PUT', `/api/nda/update/${ids['nda']}`, { description: 'owned' }],
      ['PUT', `/api/documents/${ids['document']}`, { title: 'owned' }],
      ['DELETE', `/api/documents/${ids['document']}`, undefined],
      ['POST', '/api/fs/download-docs', { fileKey: ids['document'] }],
      ['PUT', `/api/accountsapprove/${ids['request']}`, { Approved: 'approved' }],
      ['DELETE', `/api/accountsrequest/${ids['request']}`, undefined],
    ]
    for (const [method, url, body] of attempts) {
      const res = await call(tp, method as 'PUT', url, { token: t, ...(body !== undefined ? { body } : {}) })
      expect([method, url, res.status]).toEqual([method, url, 404])
      expect(JSON.stringify(res.body)).not.toMatch(/B security|B SOC2|B overview|B NDA|beta company/)
    }
    const replace = multipart([
      { name: 'fileId', value: ids['document']! },
      { name: 'file', filename: 'x.pdf', content: textPdf([['A']]) },
    ])
    expect((await call(tp, 'POST', '/api/fs/upload-docs', { token: t, body: replace.payload, headers: { 'content-type': replace.contentType } })).status).toBe(
      404,
    )
    const deleted = await call(tp, 'POST', '/api/fs/delete-files', { token: t, body: { fileKeys: [ids['document']] } })
    expect(deleted.body.data).toEqual({ deleted: 0 })
    const bulk = await tp.portal.server.inject({
      method: 'POST',
      url: '/api/fs/bulk-download-docs',
      headers: { authorization: `Bearer ${t}` },
      payload: { fileKeys: [ids['document']] },
    })
    expect(bulk.statusCode).toBe(404)
    const logo = await call(tp, 'POST', '/api/companyinfo', { token: t, body: { companyTitle: 'x', logo: `/api/logo/${ids['document']}.png` } })
    expect(logo.status).toBe(400)
    // Unchanged, and still B's pending request.
    expect(await json(call(tp, 'GET', '/api/trustcenter', { token: b.token }))).toEqual(before)
    expect((await data<Row[]>(call(tp, 'GET', '/api/accountsrequest', { token: b.token }))).map((r) => r._id)).toEqual([ids['request']])
    // Lists are per tenant.
    for (const url of ['/api/security', '/api/compliance', '/api/documentslist', '/api/accountsrequest', '/api/trustcenterhistroy', '/api/nda/acceptances']) {
      expect(JSON.stringify(await json(call(tp, 'GET', url, { token: t })))).not.toMatch(/B security|B SOC2|b\.pdf|r@q\.example/)
    }
  })

  it('takes the public tenant from an exact published host, any case, trailing dot or port', async () => {
    const titleOn = async (headers: Record<string, string>) => {
      const res = await call(tp, 'GET', '/api/trustcenteruser', { headers })
      return res.status === 200 ? (res.body.data as { companyTitle: string }).companyTitle : res.status
    }
    expect(await titleOn({ host: 'alpha.localhost' })).toBe('alpha company')
    expect(await titleOn({ host: 'ALPHA.LOCALHOST.' })).toBe('alpha company')
    expect(await titleOn({ host: 'Alpha.LocalHost:3000' })).toBe('alpha company')
    expect(await titleOn({ host: 'beta.localhost' })).toBe('beta company')
    // The host wins over a DbName naming another tenant; DbName alone works only for a published site.
    expect(await titleOn({ host: 'alpha.localhost', dbname: b.dbName })).toBe('alpha company')
    expect(await titleOn({ host: 'localhost', dbname: b.dbName })).toBe('beta company')
    // Spoofed and unknown hosts: 404, nothing about any tenant.
    for (const host of [
      'acme.attacker.net',
      'alpha.localhost.evil.io',
      'x.alpha.localhost',
      'alpha',
      'alpha-localhost',
      'localhost',
      'alpha.localhost..',
      '127.0.0.1',
    ]) {
      const res = await call(tp, 'GET', '/api/trustcenteruser', { headers: { host } })
      expect([host, res.status, res.body]).toEqual([host, 404, { status: false, message: 'Trust center not found', code: 'NOT_FOUND' }])
    }
    // X-Forwarded-Host from a client that is not a trusted proxy changes nothing.
    expect(await titleOn({ host: 'alpha.localhost', 'x-forwarded-host': 'beta.localhost' })).toBe('alpha company')
    expect((await call(tp, 'GET', '/api/trustcenteruser', { headers: { host: 'evil.io', 'x-forwarded-host': 'beta.localhost' } })).status).toBe(404)
    // A malformed DbName is refused, an unpublished site is not public.
    expect((await call(tp, 'GET', '/api/trustcenteruser', { headers: { host: 'localhost', dbname: "beta'; select 1--" } })).status).toBe(400)
    await call(tp, 'POST', '/api/fs/remove-cname', { token: b.token })
    expect(await titleOn({ host: 'localhost', dbname: b.dbName })).toBe(404)
    expect(await titleOn({ host: 'beta.localhost' })).toBe(404)
    for (const url of [
      '/api/overviewuser',
      '/api/securityuser',
      '/api/complianceuser',
      '/api/documentslistuser',
      '/api/ndauser',
      '/api/settingsOutside',
      '/api/clientDetailsOutside',
    ]) {
      expect((await call(tp, 'GET', url, { headers: { host: 'beta.localhost' } })).status).toBe(404)
    }
    await call(tp, 'POST', '/api/fs/add-cname', { token: b.token, body: { subdomain: 'beta' } })
    expect(await titleOn({ host: 'beta.localhost' })).toBe('beta company')
  })

  it('sanitises stored XSS in rich text and returns plain text exactly as typed, as JSON strings', async () => {
    const t = a.token
    const host = { host: 'alpha.localhost' }
    for (const payload of xssPayloads) {
      const overview = await data(call(tp, 'POST', '/api/overview/save', { token: t, body: { subTitle: payload, description: `<p>ok</p>${payload}` } }))
      expect(overview['subTitle']).toBe(payload)
      expect(overview['description']).not.toMatch(unsafeHtml)
      const publicOverview = await call(tp, 'GET', '/api/overviewuser', { headers: host })
      expect(publicOverview.headers['content-type']).toContain('application/json')
      expect((publicOverview.body.data as Row)['description']).not.toMatch(unsafeHtml)

      const cat = await data(
        call(tp, 'POST', '/api/security/save', {
          token: t,
          body: { title: payload, description: payload, subdata: [{ title: payload, description: payload }] },
        }),
      )
      expect([cat['title'], cat['description'], (cat['subdata'] as Row[])[0]!['title'], (cat['subdata'] as Row[])[0]!['description']]).toEqual([
        payload,
        payload,
        payload,
        payload,
      ])
      const comp = await data(
        call(tp, 'POST', '/api/compliance/save', { token: t, body: { framework: payload, status: 'compliant', badge: 'other', description: payload } }),
      )
      expect([comp['framework'], comp['description']]).toEqual([payload, payload])
      const info = await data(call(tp, 'POST', '/api/companyinfo', { token: t, body: { companyTitle: payload.slice(0, 120) } }))
      expect(info['companyTitle']).toBe(payload.slice(0, 120))
      const nda = await data(call(tp, 'POST', '/api/nda/save', { token: t, body: { description: payload } }))
      expect(nda['description']).toBe(payload)
      const { payload: body, contentType } = multipart([
        { name: 'title', value: payload },
        { name: 'visibility', value: 'public' },
        { name: 'file', filename: `${payload}.pdf`, content: textPdf([[payload]]) },
      ])
      const doc = (await call(tp, 'POST', '/api/fs/upload-docs', { token: t, body, headers: { 'content-type': contentType } })).body.data as Row
      expect(doc['title']).toBe(payload)
      expect(doc['fileName']).not.toMatch(/[\s/\\]/)
      const ndaId = nda['_id'] as string
      const email = `x${xssPayloads.indexOf(payload)}@xss.example`
      const req = await call(tp, 'POST', '/api/useraccessrequest', {
        headers: host,
        body: {
          firstName: payload.slice(0, 100),
          lastName: payload.slice(0, 100),
          companyName: payload,
          workEmail: email,
          relationshpLinkedIn: payload,
          ndaId,
        },
      })
      expect(req.status).toBe(201)
      const row = (await data<Row[]>(call(tp, 'GET', '/api/accountsrequest?pageSize=100', { token: t }))).find((r) => r['workEmail'] === email)!
      expect([row['firstName'], row['companyName'], row['relationshpLinkedIn']]).toEqual([payload.slice(0, 100), payload, payload])
    }
    // The whole page: plain text comes back as the same JSON strings; the only HTML is the sanitised description.
    const page = await call(tp, 'GET', '/api/trustcenteruser', { headers: host })
    expect(page.headers['content-type']).toContain('application/json')
    const body = page.body.data as { overview: { description: string; subTitle: string }; security: Row[] }
    expect(body.overview.description).not.toMatch(unsafeHtml)
    expect(body.security.map((s) => s['title'])).toEqual(expect.arrayContaining(xssPayloads))
    // Email-shaped fields are validated, not stored raw.
    expect((await call(tp, 'POST', '/api/settings/save', { token: t, body: { contactEmail: '<script>@x.io' } })).status).toBe(400)
  })

  it('never leaks internal fields in any reply', async () => {
    const pngUp = multipart([{ name: 'file', filename: 'l.png', content: await realPng() }])
    const logo = await call(tp, 'POST', '/api/fs/upload-logo', { token: a.token, body: pngUp.payload, headers: { 'content-type': pngUp.contentType } })
    const replies = [logo]
    for (const url of [
      '/api/clientDetails',
      '/api/companyinfo',
      '/api/settings',
      '/api/themecolor',
      '/api/overview',
      '/api/security',
      '/api/compliance',
      '/api/documentslist',
      '/api/ndalist',
      '/api/accountsrequest',
      '/api/trustcenterhistroy',
      '/api/nda/acceptances',
      '/api/trustcenter',
      '/api/domainnamestatus',
    ]) {
      replies.push(await call(tp, 'GET', url, { token: a.token }))
    }
    for (const url of ['/api/trustcenteruser', '/api/settingsOutside', '/api/documentslistuser', '/api/ndauser', '/api/clientDetailsOutside']) {
      replies.push(await call(tp, 'GET', url, { headers: { host: 'alpha.localhost' } }))
    }
    for (const r of replies) {
      expect(r.status).toBeLessThan(300)
      expect(JSON.stringify(r.body)).not.toMatch(/tenantId|tenant_id|blobKey|blob_key|tokenHash|token_hash|logoId|contentVersion/)
      expect(JSON.stringify(r.body)).not.toContain(b.dbName)
    }
  })
})
