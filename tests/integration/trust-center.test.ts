// The trust center's staff calls (docs/trust-center-api.md): publishing and the host registry,
// branding, blocks, documents, NDA versions and the whole-page reply with its ETag, each with the
// contract's validation messages.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { readOutbox } from '@portal/mail'
import { multipart, officeFile, type Part, realPng } from '../../services/trust-center/test/fixtures.js'
import { call, dbKinds, type SignedUp, signUp, startTestPortal, type TestPortal } from '../support/portal.js'

const POLICY_PDF = path.resolve(process.cwd(), 'tests/fixtures/policies/basecamp_37signals/security_37signals_Security_Overview_2022-09.pdf')

type Body = Record<string, unknown> & { _id: string }

describe.each(dbKinds())('trust center staff calls on %s', (db) => {
  let tp: TestPortal
  let admin: SignedUp
  let other: SignedUp
  let mate: { token: string }

  const upload = (token: string, url: string, parts: Part[]) => {
    const { payload, contentType } = multipart(parts)
    return call(tp, 'POST', url, { token, body: payload, headers: { 'content-type': contentType } })
  }

  beforeAll(async () => {
    tp = await startTestPortal({ db, env: { ACCESS_TOKEN_DAYS: '7' } })
    admin = await signUp(tp, 'owner@acme-trust.example')
    other = await signUp(tp, 'owner@other-trust.example')
    // A colleague without the admin flag (invited, then signed up).
    await call(tp, 'POST', '/api/people/invite', { token: admin.token, body: { email: 'mate@acme-trust.example', status: 'invited' } })
    const invite = (await readOutbox(tp.dataDir, 'mate@acme-trust.example')).at(-1)!.text.match(/invite=([\w-]+)/)![1]!
    const body = {
      firstName: 'mate',
      lastName: 'one',
      email: 'mate@acme-trust.example',
      password: 'Str0ng!pass',
      cnfpassword: 'Str0ng!pass',
      inviteToken: invite,
    }
    mate = (await call(tp, 'POST', '/api/usercreate/people', { body })).body.data as { token: string }
  })
  afterAll(async () => tp.stop())

  describe('site and publishing', () => {
    it('creates the site on the first staff call: cname from the dbName, not published', async () => {
      const details = await call(tp, 'GET', '/api/clientDetails', { token: admin.token })
      expect(details.status).toBe(200)
      const cname = admin.dbName.replace(/_/g, '-')
      expect(details.body.data).toEqual([
        {
          _id: expect.any(String),
          maindomain: 'localhost',
          cname,
          cnamepublish: false,
          database: admin.dbName,
          complianceBucket: '',
          questionnairesBucket: '',
          fileStorage: '',
        },
      ])
      const status = await call(tp, 'GET', '/api/domainnamestatus', { token: admin.token })
      expect(status.body.data).toEqual([{ hostname: `${cname}.localhost`, published: false, url: `http://${cname}.localhost:3000` }])
      expect((await call(tp, 'GET', '/api/clientDetails')).status).toBe(401)
      expect((await call(tp, 'GET', '/api/clientDetails', { token: admin.token, dbName: other.dbName })).status).toBe(403)
      // Not published: nothing public about it, by DbName or host.
      expect((await call(tp, 'GET', '/api/clientDetailsOutside', { dbName: admin.dbName })).body).toMatchObject({
        status: false,
        message: 'Trust center not found',
      })
      expect((await call(tp, 'GET', `/api/fs/check-hostname?hostname=${cname}.localhost`)).status).toBe(404)
    })

    it('refuses invalid, reserved and taken subdomains, and non-admins', async () => {
      for (const subdomain of ['', 'bad_name', '-acme', 'acme-', 'a.b', 'x'.repeat(64)]) {
        const res = await call(tp, 'POST', '/api/fs/add-cname', { token: admin.token, body: { subdomain } })
        expect([res.status, res.body.message]).toEqual([400, 'Invalid subdomain'])
      }
      for (const subdomain of ['www', 'API', 'localhost']) {
        const res = await call(tp, 'POST', '/api/fs/add-cname', { token: admin.token, body: { subdomain } })
        expect([res.status, res.body.message]).toEqual([409, 'This name is reserved. Please choose another.'])
      }
      expect((await call(tp, 'POST', '/api/fs/add-cname', { token: mate.token, body: { subdomain: 'mates' } })).status).toBe(403)
      const taken = await call(tp, 'POST', '/api/fs/add-cname', { token: other.token, body: { subdomain: 'other-first' } })
      expect(taken.status).toBe(200)
      const clash = await call(tp, 'POST', '/api/fs/add-cname', { token: admin.token, body: { subdomain: 'other-first' } })
      expect([clash.status, clash.body.message]).toEqual([409, 'Subdomain is already taken'])
    })

    it('publishes: the host answers check-hostname (exactly, any case, trailing dot) until unpublished', async () => {
      const res = await call(tp, 'POST', '/api/fs/add-cname', { token: admin.token, body: { subdomain: 'AcmeTrust' } })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({
        success: true,
        status: true,
        message: 'Cname record has been created, allow 5 minutes for dns to propagate.',
        data: { hostname: 'acmetrust.localhost', url: 'http://acmetrust.localhost:3000' },
      })
      for (const hostname of ['acmetrust.localhost', 'ACMETRUST.LocalHost.']) {
        const hit = await call(tp, 'GET', `/api/fs/check-hostname?hostname=${encodeURIComponent(hostname)}`)
        expect([hit.status, hit.body]).toEqual([200, { status: true, isSpecialDomain: true, dbName: admin.dbName }])
      }
      for (const hostname of ['x.acmetrust.localhost', 'acmetrust.localhost.evil.io', 'acmetrust', 'localhost', '']) {
        const miss = await call(tp, 'GET', `/api/fs/check-hostname?hostname=${encodeURIComponent(hostname)}`)
        expect([miss.status, miss.body]).toEqual([404, { status: false, isSpecialDomain: false }])
      }
      expect((await call(tp, 'GET', '/api/clientDetails', { token: admin.token })).body.data).toEqual([
        expect.objectContaining({ cname: 'acmetrust', cnamepublish: true }),
      ])
      expect((await call(tp, 'GET', '/api/clientDetailsOutside', { headers: { host: 'acmetrust.localhost' } })).body).toEqual({
        status: true,
        data: [{ cname: 'acmetrust', cnamepublish: true, maindomain: 'localhost' }],
      })

      expect((await call(tp, 'POST', '/api/fs/remove-cname', { token: admin.token })).body).toEqual({
        status: true,
        message: 'Your trust center is no longer public',
      })
      expect((await call(tp, 'GET', '/api/fs/check-hostname?hostname=acmetrust.localhost')).status).toBe(404)
      expect((await call(tp, 'GET', '/api/trustcenteruser', { headers: { host: 'acmetrust.localhost' } })).status).toBe(404)
      expect((await call(tp, 'POST', '/api/fs/add-cname', { token: admin.token, body: { subdomain: 'acmetrust' } })).status).toBe(200)
    })
  })

  describe('branding', () => {
    it('uploads a logo and serves it as an inert, immutable PNG', async () => {
      const res = await upload(admin.token, '/api/fs/upload-logo', [
        { name: 'file', filename: 'logo.png', content: await realPng(800, 200), type: 'image/png' },
      ])
      expect(res.status).toBe(201)
      const logo = (res.body.data as { logo: string }).logo
      expect(logo).toMatch(/^\/api\/logo\/[0-9a-f-]{36}\.png$/)
      const image = await tp.portal.server.inject({ url: logo })
      expect(image.statusCode).toBe(200)
      expect(image.headers).toMatchObject({
        'content-type': 'image/png',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'cache-control': 'public, max-age=31536000, immutable',
      })
      expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG')
      expect((await tp.portal.server.inject({ url: '/api/logo/00000000-0000-4000-8000-000000000000.png' })).statusCode).toBe(404)
      expect((await tp.portal.server.inject({ url: '/api/logo/..%2f..%2fetc%2fpasswd' })).statusCode).toBe(404)
      expect((await upload(mate.token, '/api/fs/upload-logo', [{ name: 'file', filename: 'logo.png', content: await realPng() }])).status).toBe(403)
      expect((await upload(admin.token, '/api/fs/upload-logo', [{ name: 'title', value: 'no file' }])).body.message).toBe('Please select a file first')
    })

    it('saves company info with a logo of this tenant only, and keeps settings and theme', async () => {
      expect((await call(tp, 'GET', '/api/companyinfo', { token: other.token })).body).toEqual({
        status: true,
        data: { _id: null, companyTitle: '', logo: null },
      })
      const logo = (
        (await upload(admin.token, '/api/fs/upload-logo', [{ name: 'file', filename: 'l.png', content: await realPng() }])).body.data as { logo: string }
      ).logo
      const saved = await call(tp, 'POST', '/api/companyinfo', { token: admin.token, body: { companyTitle: 'Acme Trust', logo } })
      expect(saved.status).toBe(200)
      expect(saved.body.data).toEqual({ _id: expect.any(String), companyTitle: 'Acme Trust', logo })
      // Another tenant cannot point at it, nor at anything that is not an uploaded logo.
      for (const bad of [logo, 'https://evil.example/x.png', '/api/logo/../../x.png', 'javascript:alert(1)']) {
        const res = await call(tp, 'POST', '/api/companyinfo', { token: other.token, body: { companyTitle: 'Other', logo: bad } })
        expect([res.status, res.body.message]).toEqual([400, 'Invalid logo'])
      }
      const long = await call(tp, 'POST', '/api/companyinfo', { token: admin.token, body: { companyTitle: 'x'.repeat(121), logo } })
      expect([long.status, long.body.message]).toEqual([400, 'companyTitle must be at most 120 characters'])

      const settings = await call(tp, 'GET', '/api/settings', { token: admin.token })
      expect(settings.body.data).toEqual({ _id: expect.any(String), companyTitle: 'Acme Trust', logo, contactEmail: '', updatedAt: expect.any(String) })
      const id = (settings.body.data as Body)._id
      const badEmail = await call(tp, 'PUT', `/api/settings/update/${id}`, { token: admin.token, body: { contactEmail: 'a@b.com, c@d.com' } })
      expect([badEmail.status, badEmail.body.message]).toEqual([400, 'Invalid email address'])
      const updated = await call(tp, 'PUT', `/api/settings/update/${id}`, { token: admin.token, body: { contactEmail: 'Security@Acme-Trust.example' } })
      expect(updated.body.data).toMatchObject({ companyTitle: 'Acme Trust', contactEmail: 'security@acme-trust.example' })
      expect((await call(tp, 'PUT', `/api/settings/update/${crypto.randomUUID()}`, { token: admin.token, body: { contactEmail: '' } })).status).toBe(404)
      expect((await call(tp, 'POST', '/api/settings/save', { token: mate.token, body: { companyTitle: 'x' } })).status).toBe(403)
      const created = await call(tp, 'POST', '/api/settings/save', { token: other.token, body: { companyTitle: 'Other Co' } })
      expect([created.status, (created.body.data as Body).companyTitle]).toEqual([201, 'Other Co'])
      expect((await call(tp, 'GET', '/api/settingsOutside', { headers: { host: 'acmetrust.localhost' } })).body).toEqual({
        status: true,
        data: { companyTitle: 'Acme Trust', logo, contactEmail: 'security@acme-trust.example' },
      })
      // Removing the logo.
      expect((await call(tp, 'POST', '/api/companyinfo', { token: admin.token, body: { companyTitle: 'Acme Trust', logo: null } })).body.data).toMatchObject({
        logo: null,
      })
      expect((await tp.portal.server.inject({ url: logo })).statusCode).toBe(404)
    })

    it('keeps theme colours: defaults first, #rrggbb only', async () => {
      expect((await call(tp, 'GET', '/api/themecolor', { token: admin.token })).body.data).toEqual({
        _id: null,
        headerColor: '#3c3232',
        backgroundColor: '#3c3232',
        textColor: '#000000',
        buttonColor: '#0a66c2',
      })
      const colours = { headerColor: '#112233', backgroundColor: '#FFFFFF', textColor: '#000000', buttonColor: '#0A66C2' }
      for (const bad of ['#fff', 'red', '#12345g', 'url(x)', '']) {
        const res = await call(tp, 'POST', '/api/themecolor/save', { token: admin.token, body: { ...colours, textColor: bad } })
        expect([res.status, res.body.message]).toEqual([400, 'Invalid colour'])
      }
      expect((await call(tp, 'POST', '/api/themecolor/save', { token: admin.token, body: { headerColor: '#112233' } })).body.message).toBe('Invalid colour')
      const saved = await call(tp, 'POST', '/api/themecolor/save', { token: admin.token, body: colours })
      expect(saved.status).toBe(201)
      const theme = saved.body.data as Body
      expect(theme).toEqual({ _id: expect.any(String), headerColor: '#112233', backgroundColor: '#ffffff', textColor: '#000000', buttonColor: '#0a66c2' })
      const updated = await call(tp, 'PUT', `/api/themecolor/update/${theme._id}`, { token: admin.token, body: { ...colours, buttonColor: '#ff0000' } })
      expect(updated.body.data).toMatchObject({ _id: theme._id, buttonColor: '#ff0000' })
      expect((await call(tp, 'PUT', `/api/themecolor/update/${crypto.randomUUID()}`, { token: admin.token, body: colours })).status).toBe(404)
    })
  })

  describe('blocks', () => {
    it('saves the overview with sanitised rich text', async () => {
      expect((await call(tp, 'GET', '/api/overview', { token: admin.token })).body).toEqual({ status: true, data: null })
      const saved = await call(tp, 'POST', '/api/overview/save', {
        token: admin.token,
        body: { subTitle: 'Trust at Acme', description: '<p>We <strong>care</strong>.</p><script>alert(1)</script><a href="https://acme.example">more</a>' },
      })
      expect(saved.status).toBe(201)
      const overview = saved.body.data as Body
      expect(overview).toEqual({
        _id: expect.any(String),
        subTitle: 'Trust at Acme',
        description: '<p>We <strong>care</strong>.</p><a href="https://acme.example">more</a>',
        updatedAt: expect.any(String),
      })
      const updated = await call(tp, 'PUT', `/api/overview/update/${overview._id}`, {
        token: admin.token,
        body: { subTitle: 'Trust', description: '<p>v2</p>' },
      })
      expect(updated.body.data).toMatchObject({ _id: overview._id, subTitle: 'Trust', description: '<p>v2</p>' })
      expect((await call(tp, 'PUT', `/api/overview/update/${crypto.randomUUID()}`, { token: admin.token, body: { subTitle: 'x' } })).status).toBe(404)
      const long = await call(tp, 'POST', '/api/overview/save', { token: admin.token, body: { subTitle: 'x', description: 'y'.repeat(20_001) } })
      expect([long.status, long.body.message]).toEqual([400, 'description must be at most 20000 characters'])
      expect((await call(tp, 'GET', '/api/overviewuser', { headers: { host: 'acmetrust.localhost' } })).body).toEqual({
        status: true,
        data: { subTitle: 'Trust', description: '<p>v2</p>', updatedAt: expect.any(String) },
      })
    })

    it('keeps security categories and their items in order', async () => {
      const missing = await call(tp, 'POST', '/api/security/save', { token: admin.token, body: { description: 'no title' } })
      expect([missing.status, missing.body.message]).toEqual([400, 'This field is required'])
      const badItem = await call(tp, 'POST', '/api/security/save', { token: admin.token, body: { title: 'T', subdata: [{ description: 'no title' }] } })
      expect([badItem.status, badItem.body.errors]).toEqual([400, [{ field: 'subdata.0.title', message: 'This field is required' }]])
      const first = await call(tp, 'POST', '/api/security/save', {
        token: admin.token,
        body: { title: 'Encryption', description: 'At rest and in transit', subdata: [{ title: 'AES-256' }, { title: 'TLS 1.2+', description: 'HSTS' }] },
      })
      expect(first.status).toBe(201)
      const cat = first.body.data as Body & { subdata: Body[] }
      expect(cat).toEqual({
        _id: expect.any(String),
        title: 'Encryption',
        description: 'At rest and in transit',
        subdata: [
          { _id: expect.any(String), title: 'AES-256', description: '' },
          { _id: expect.any(String), title: 'TLS 1.2+', description: 'HSTS' },
        ],
      })
      const second = (await call(tp, 'POST', '/api/security/save', { token: admin.token, body: { title: 'Access' } })).body.data as Body
      const added = await call(tp, 'POST', `/api/security/addsubdata/${cat._id}`, {
        token: admin.token,
        body: { title: 'Key rotation', description: 'Yearly' },
      })
      expect([added.status, (added.body.data as Body).title]).toEqual([201, 'Key rotation'])
      const itemId = cat.subdata[0]!._id
      expect((await call(tp, 'PUT', `/api/security/subdata/${cat._id}/${itemId}`, { token: admin.token, body: { title: 'AES-256-GCM' } })).body.data).toEqual({
        _id: itemId,
        title: 'AES-256-GCM',
        description: '',
      })
      expect(
        (await call(tp, 'PUT', `/api/security/update/${cat._id}`, { token: admin.token, body: { title: 'Encryption everywhere' } })).body.data,
      ).toMatchObject({ title: 'Encryption everywhere', subdata: [{ title: 'AES-256-GCM' }, { title: 'TLS 1.2+' }, { title: 'Key rotation' }] })
      expect((await call(tp, 'DELETE', `/api/security/delete/${cat._id}/${cat.subdata[1]!._id}`, { token: admin.token })).status).toBe(200)
      // An item addressed under another category is not found.
      expect((await call(tp, 'PUT', `/api/security/subdata/${second._id}/${itemId}`, { token: admin.token, body: { title: 'x' } })).status).toBe(404)
      expect((await call(tp, 'DELETE', `/api/security/delete/${second._id}`, { token: admin.token })).status).toBe(200)
      expect((await call(tp, 'DELETE', `/api/security/delete/${second._id}`, { token: admin.token })).status).toBe(404)
      expect((await call(tp, 'POST', `/api/security/addsubdata/${second._id}`, { token: admin.token, body: { title: 'x' } })).status).toBe(404)
      const list = (await call(tp, 'GET', '/api/securityuser', { headers: { host: 'acmetrust.localhost' } })).body.data as (Body & { subdata: Body[] })[]
      expect(list.map((c) => [c.title, c.subdata.map((s) => s.title)])).toEqual([['Encryption everywhere', ['AES-256-GCM', 'Key rotation']]])
      expect((await call(tp, 'GET', '/api/security', { token: admin.token })).body.data).toEqual(list)
    })

    it('keeps compliance badges with their status', async () => {
      const body = { framework: 'SOC 2 Type II', status: 'compliant', badge: 'soc2', description: 'Audited yearly' }
      for (const [patch, message] of [
        [{ status: 'done' }, 'Invalid status'],
        [{ badge: 'soc3' }, 'Invalid badge'],
        [{ framework: ' ' }, 'This field is required'],
      ] as const) {
        const res = await call(tp, 'POST', '/api/compliance/save', { token: admin.token, body: { ...body, ...patch } })
        expect([res.status, res.body.message]).toEqual([400, message])
      }
      const saved = await call(tp, 'POST', '/api/compliance/save', { token: admin.token, body })
      expect(saved.status).toBe(201)
      const row = saved.body.data as Body
      expect(row).toEqual({ _id: expect.any(String), ...body })
      await call(tp, 'POST', '/api/compliance/save', { token: admin.token, body: { framework: 'HIPAA', status: 'in_progress', badge: 'hipaa' } })
      expect(
        (await call(tp, 'PUT', `/api/compliance/update/${row._id}`, { token: admin.token, body: { ...body, status: 'planned' } })).body.data,
      ).toMatchObject({ status: 'planned' })
      const list = (await call(tp, 'GET', '/api/complianceuser', { headers: { host: 'acmetrust.localhost' } })).body.data as Body[]
      expect(list.map((c) => [c.framework, c.status, c.badge])).toEqual([
        ['SOC 2 Type II', 'planned', 'soc2'],
        ['HIPAA', 'in_progress', 'hipaa'],
      ])
      expect((await call(tp, 'DELETE', `/api/compliance/delete/${row._id}`, { token: admin.token })).status).toBe(200)
      expect((await call(tp, 'DELETE', `/api/compliance/delete/${row._id}`, { token: admin.token })).status).toBe(404)
      expect(((await call(tp, 'GET', '/api/compliance', { token: admin.token })).body.data as Body[]).map((c) => c.framework)).toEqual(['HIPAA'])
    })
  })

  describe('documents', () => {
    it('uploads a real policy PDF and Office files, checked by content', async () => {
      const pdf = await readFile(POLICY_PDF)
      const res = await upload(admin.token, '/api/fs/upload-docs', [
        { name: 'file', filename: 'Security Overview 2022.pdf', content: pdf, type: 'application/pdf' },
      ])
      expect(res.status).toBe(201)
      expect(res.body.data).toEqual({
        _id: expect.any(String),
        title: 'SecurityOverview2022',
        fileName: 'SecurityOverview2022.pdf',
        visibility: 'approval',
        size: pdf.length,
        mimeType: 'application/pdf',
        createdAt: expect.any(String),
      })
      const docx = await upload(admin.token, '/api/fs/upload-docs', [
        { name: 'title', value: 'Data Processing Addendum' },
        { name: 'visibility', value: 'public' },
        { name: 'file', filename: 'dpa.docx', content: await officeFile('docx') },
      ])
      expect(docx.body.data).toMatchObject({
        title: 'Data Processing Addendum',
        fileName: 'dpa.docx',
        visibility: 'public',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      })
      for (const [parts, status, message] of [
        [
          [{ name: 'file', filename: 'x.pdf', content: Buffer.from('MZ\x90\x00 not a pdf') }],
          415,
          'Only PDF, Word, Excel or PowerPoint documents are accepted',
        ],
        [[{ name: 'file', filename: 'x.zip', content: await officeFile('plainzip') }], 415, 'Only PDF, Word, Excel or PowerPoint documents are accepted'],
        [[{ name: 'file', filename: 'x.docm', content: await officeFile('docm') }], 415, 'Documents with macros are not accepted'],
        [
          [
            { name: 'visibility', value: 'secret' },
            { name: 'file', filename: 'x.pdf', content: pdf },
          ],
          400,
          'Invalid visibility',
        ],
        [
          [
            { name: 'title', value: 'x'.repeat(201) },
            { name: 'file', filename: 'x.pdf', content: pdf },
          ],
          400,
          'title must be at most 200 characters',
        ],
        [[{ name: 'file', filename: 'empty.pdf', content: Buffer.alloc(0) }], 400, 'The file is empty'],
      ] as [Part[], number, string][]) {
        const bad = await upload(admin.token, '/api/fs/upload-docs', parts)
        expect([bad.status, bad.body.message]).toEqual([status, message])
      }
      const huge = await upload(admin.token, '/api/fs/upload-docs', [
        { name: 'file', filename: 'big.pdf', content: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(25 * 1024 * 1024)]) },
      ])
      expect([huge.status, huge.body.message]).toEqual([413, 'The document is larger than 25 MB'])
      const list = (await call(tp, 'GET', '/api/documentslist', { token: admin.token })).body.data as Body[]
      expect(list.map((d) => d.fileName)).toEqual(['SecurityOverview2022.pdf', 'dpa.docx'])
    })

    it('edits, replaces, hides and deletes documents', async () => {
      const pdf = await readFile(POLICY_PDF)
      const doc = (
        await upload(admin.token, '/api/fs/upload-docs', [
          { name: 'visibility', value: 'internal' },
          { name: 'file', filename: 'internal.pdf', content: pdf },
        ])
      ).body.data as Body
      const publicList = (await call(tp, 'GET', '/api/documentslistuser', { headers: { host: 'acmetrust.localhost' } })).body.data as Body[]
      expect(publicList.map((d) => d._id)).not.toContain(doc._id)
      const edited = await call(tp, 'PUT', `/api/documents/${doc._id}`, { token: admin.token, body: { title: 'Pen test summary', visibility: 'approval' } })
      expect(edited.body.data).toMatchObject({ _id: doc._id, title: 'Pen test summary', visibility: 'approval' })
      expect((await call(tp, 'PUT', `/api/documents/${doc._id}`, { token: admin.token, body: { visibility: 'everyone' } })).body.message).toBe(
        'Invalid visibility',
      )
      expect((await call(tp, 'PUT', `/api/documents/${doc._id}`, { token: admin.token, body: { title: '' } })).body.message).toBe('This field is required')
      const replaced = await upload(admin.token, '/api/fs/upload-docs', [
        { name: 'fileId', value: doc._id },
        { name: 'file', filename: 'v2.docx', content: await officeFile('docx') },
      ])
      expect(replaced.status).toBe(201)
      expect(replaced.body.data).toMatchObject({ _id: doc._id, title: 'Pen test summary', fileName: 'v2.docx', visibility: 'approval' })
      expect(
        (
          await upload(admin.token, '/api/fs/upload-docs', [
            { name: 'fileId', value: crypto.randomUUID() },
            { name: 'file', filename: 'a.pdf', content: pdf },
          ])
        ).status,
      ).toBe(404)
      expect(await call(tp, 'POST', '/api/fs/delete-files', { token: admin.token, body: { fileKeys: [], bucketName: 'x' } })).toMatchObject({
        status: 201,
        body: { status: true, data: [] },
      })
      const deleted = await call(tp, 'POST', '/api/fs/delete-files', { token: admin.token, body: { fileKeys: [doc._id, crypto.randomUUID(), 'not-a-uuid'] } })
      expect(deleted).toMatchObject({ status: 201, body: { status: true, data: { deleted: 1 } } })
      expect((await call(tp, 'DELETE', `/api/documents/${doc._id}`, { token: admin.token })).status).toBe(404)
      expect((await call(tp, 'POST', '/api/fs/download-docs', { token: admin.token, body: { fileKey: doc._id } })).status).toBe(404)
    })
  })

  describe('NDA', () => {
    it('adds a version per save and keeps the earlier ones', async () => {
      expect((await call(tp, 'GET', '/api/ndalist', { token: other.token })).body).toEqual({ status: true, data: null })
      for (const description of [undefined, '', '   ']) {
        const res = await call(tp, 'POST', '/api/nda/save', { token: admin.token, body: { description } })
        expect([res.status, res.body.message]).toEqual([400, 'This field is required'])
      }
      expect((await call(tp, 'POST', '/api/nda/save', { token: admin.token, body: { description: 'x'.repeat(50_001) } })).status).toBe(400)
      const v1 = await call(tp, 'POST', '/api/nda/save', { token: admin.token, body: { description: 'Keep it secret.\r\nVersion 1' } })
      expect([v1.status, v1.body.message]).toEqual([201, 'Added Successfully'])
      expect(v1.body.data).toEqual({ _id: expect.any(String), description: 'Keep it secret.\nVersion 1', updatedAt: expect.any(String), version: 1 })
      const v2 = await call(tp, 'PUT', `/api/nda/update/${(v1.body.data as Body)._id}`, { token: admin.token, body: { description: 'Version 2' } })
      expect([v2.status, v2.body.message, (v2.body.data as Body).version]).toEqual([200, 'Updated Successfully', 2])
      expect((v2.body.data as Body)._id).not.toBe((v1.body.data as Body)._id)
      expect((await call(tp, 'GET', '/api/ndalist', { token: admin.token })).body.data).toEqual(v2.body.data)
      expect((await call(tp, 'GET', '/api/ndauser', { headers: { host: 'acmetrust.localhost' } })).body.data).toEqual(v2.body.data)
      expect((await call(tp, 'PUT', `/api/nda/update/${crypto.randomUUID()}`, { token: admin.token, body: { description: 'x' } })).status).toBe(404)
      expect((await call(tp, 'GET', '/api/nda/acceptances?page=1&pageSize=10', { token: admin.token })).body).toEqual({
        status: true,
        data: [],
        total: 0,
        totalPages: 1,
        currentPage: 1,
      })
    })
  })

  describe('access tokens', () => {
    it('expire after ACCESS_TOKEN_DAYS, and the page-view call takes views only', async () => {
      const host = { host: 'acmetrust.localhost' }
      const ndaId = ((await call(tp, 'GET', '/api/ndauser', { headers: host })).body.data as Body | null)?._id
      const body = {
        firstName: 'Sam',
        lastName: 'Seven',
        companyName: 'Week Co',
        workEmail: 'sam@week.example',
        relationshpLinkedIn: 'Auditor',
        ...(ndaId ? { ndaId } : {}),
      }
      expect((await call(tp, 'POST', '/api/useraccessrequest', { headers: host, body })).status).toBe(201)
      const request = ((await call(tp, 'GET', '/api/accountsrequest', { token: mate.token })).body.data as Body[])[0]!
      // Any staff user may approve (not only admins).
      expect((await call(tp, 'PUT', `/api/accountsapprove/${request._id}`, { token: mate.token, body: { Approved: 'approved' } })).status).toBe(200)
      const account = ((await call(tp, 'GET', '/api/accountsrequest?pageType=approved', { token: admin.token })).body.data as Body[])[0]!
      const days = (Date.parse(account['expiresAt'] as string) - Date.now()) / 86_400_000
      expect(days).toBeGreaterThan(6.9)
      expect(days).toBeLessThanOrEqual(7)
      expect(account['approvedbyuser']).toEqual({ id: expect.any(String), userName: 'Mate One' })
      for (const [payload, message] of [
        [{ type: 'download' }, 'Invalid type'],
        [{}, 'Invalid type'],
        [{ type: 'view', email: 'nope' }, 'Invalid email address'],
      ] as const) {
        const res = await call(tp, 'POST', '/api/trustcenterhistroy/save', { headers: host, body: payload })
        expect([res.status, res.body.message]).toEqual([400, message])
      }
      expect((await call(tp, 'POST', '/api/trustcenterhistroy/save', { headers: host, body: { type: 'view', email: 'Sam@Week.example' } })).status).toBe(201)
      const views = (await call(tp, 'GET', '/api/trustcenterhistroy?pageType=view', { token: admin.token })).body.data as Body[]
      expect(views.some((v) => v['email'] === 'sam@week.example')).toBe(true)
    })
  })

  describe('the whole page', () => {
    it('answers in one request, with a weak ETag of the content version and 304 on a match', async () => {
      const host = { host: 'acmetrust.localhost' }
      const first = await call(tp, 'GET', '/api/trustcenteruser', { headers: host })
      expect(first.status).toBe(200)
      expect(first.headers['content-type']).toContain('application/json')
      expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate')
      const etag = first.headers['etag'] as string
      expect(etag).toMatch(/^W\/".+"$/)
      const page = first.body.data as Record<string, unknown>
      expect(Object.keys(page).sort()).toEqual(['cname', 'companyTitle', 'compliance', 'documents', 'logo', 'nda', 'overview', 'security', 'theme'])
      expect(page).toMatchObject({
        companyTitle: 'Acme Trust',
        logo: null,
        cname: 'acmetrust',
        theme: { headerColor: '#112233', buttonColor: '#ff0000' },
        overview: { subTitle: 'Trust', description: '<p>v2</p>' },
        nda: { _id: expect.any(String), updatedAt: expect.any(String) },
      })
      expect((page['documents'] as Body[]).every((d) => d['visibility'] !== 'internal')).toBe(true)
      expect(JSON.stringify(first.body)).not.toMatch(/tenantId|tenant_id|blobKey|blob_key|tokenHash|textHash/)

      const again = await tp.portal.server.inject({ url: '/api/trustcenteruser', headers: { ...host, 'if-none-match': etag } })
      expect(again.statusCode).toBe(304)
      expect(again.body).toBe('')
      // A save bumps the version: a new tag and the new content.
      await call(tp, 'POST', '/api/compliance/save', { token: admin.token, body: { framework: 'GDPR', status: 'compliant', badge: 'gdpr' } })
      const after = await tp.portal.server.inject({ url: '/api/trustcenteruser', headers: { ...host, 'if-none-match': etag } })
      expect(after.statusCode).toBe(200)
      expect(after.headers['etag']).not.toBe(etag)
      expect(JSON.stringify(after.json())).toContain('GDPR')
      // The DbName header reaches a published site from a shared host; the signed-in preview shows the same.
      const byName = await call(tp, 'GET', '/api/trustcenteruser', { dbName: admin.dbName })
      expect(byName.body).toEqual(after.json())
      expect((await call(tp, 'GET', '/api/trustcenter', { token: admin.token })).body).toEqual(after.json())
    })

    it("carries the server's security headers, the same as every other route", async () => {
      const security = (h: Record<string, unknown>) =>
        Object.fromEntries(
          Object.entries(h).filter(([k]) =>
            /^(content-security-policy|cross-origin-|origin-agent-cluster|referrer-policy|strict-transport-security|x-content-type-options|x-dns-prefetch-control|x-download-options|x-frame-options|x-permitted-cross-domain-policies|x-xss-protection)/.test(
              k,
            ),
          ),
        )
      const reference = security((await call(tp, 'GET', '/api/overviewuser', { headers: { host: 'acmetrust.localhost' } })).headers)
      expect(reference['content-security-policy']).toContain("default-src 'self'")
      expect(reference['x-content-type-options']).toBe('nosniff')
      for (let i = 0; i < 3; i++) {
        const page = await call(tp, 'GET', '/api/trustcenteruser', { headers: { host: 'acmetrust.localhost' } })
        expect(security(page.headers)).toEqual(reference)
      }
      const missing = await call(tp, 'GET', '/api/trustcenteruser', { headers: { host: 'nobody.localhost' } })
      expect(security(missing.headers)).toEqual(reference)
    })

    it('lists every trust-center call in the OpenAPI document', async () => {
      const doc = (await tp.portal.server.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, unknown> }
      for (const p of [
        '/api/trustcenteruser',
        '/api/trustcenter',
        '/api/fs/check-hostname',
        '/api/fs/upload-logo',
        '/api/fs/upload-docs',
        '/api/useraccesscheck',
        '/api/accountsapprove/{id}',
        '/api/security/subdata/{id}/{itemId}',
        '/api/trustcenterhistroy',
        '/api/nda/acceptances',
        '/api/fs/bulk-download-docs',
      ]) {
        expect(doc.paths).toHaveProperty([p])
      }
    })

    it('previews an unpublished trust center to its staff only', async () => {
      await call(tp, 'POST', '/api/compliance/save', { token: other.token, body: { framework: 'ISO 27001', status: 'planned', badge: 'iso27001' } })
      await call(tp, 'POST', '/api/fs/remove-cname', { token: other.token })
      const preview = await call(tp, 'GET', '/api/trustcenter', { token: other.token })
      expect(preview.status).toBe(200)
      expect(preview.body.data).toMatchObject({ companyTitle: 'Other Co', compliance: [{ framework: 'ISO 27001' }] })
      expect((await call(tp, 'GET', '/api/trustcenteruser', { dbName: other.dbName })).status).toBe(404)
      expect((await call(tp, 'GET', '/api/trustcenter')).status).toBe(401)
    })
  })
})
