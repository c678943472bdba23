// What a trust center lets others claim (issue 10, "Trust center"): a subdomain its tenant released
// (held 30 days for that tenant alone; punycode and reserved names refused), an NDA acceptance under
// someone else's email (recorded, but unconfirmed until the mailed access link is followed), and
// download history rows (written by the server that served the bytes, never on a client's word).
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { schemaDb } from '@portal/db'
import { readOutbox } from '@portal/mail'
import { multipart } from '../../services/trust-center/test/fixtures.js'
import { call, dbKinds, type SignedUp, signUp, startTestPortal, type TestPortal } from '../support/portal.js'

const PDF = path.resolve(process.cwd(), 'tests/fixtures/policies/basecamp_37signals/security_Basecamp_Security_Overview_2021-02-04.pdf')
const RELEASED = 'This name was recently released and is not available yet.'
const RESERVED = 'This name is reserved. Please choose another.'
const INTERNATIONAL = 'Internationalised names (xn--, accents or other non-ASCII letters) are not accepted. Use letters a-z, digits and hyphens.'

type Acceptance = { email: string; name: string; confirmed: boolean; confirmedAt: string | null }
type Account = { _id: string; workEmail: string; ndaAccepted: boolean; ndaConfirmed: boolean }

describe.each(dbKinds())('trust center claims on %s', (db) => {
  let tp: TestPortal
  let owner: SignedUp
  let rival: SignedUp
  const host = { host: 'claims-owner.localhost' }
  const visitor = { firstName: 'Vera', lastName: 'Visitor', companyName: 'Buyer Inc', relationshpLinkedIn: 'Customer' }

  const publish = (who: SignedUp, subdomain: string) => call(tp, 'POST', '/api/fs/add-cname', { token: who.token, body: { subdomain } })
  const checkHost = (hostname: string) => call(tp, 'GET', `/api/fs/check-hostname?hostname=${encodeURIComponent(hostname)}`)
  /** Moves a release back in time, as 31 days passing would. */
  const ageRelease = (cname: string, days: number) =>
    schemaDb<{ releasedCname: { cname: string; releasedAt: Date } }>(tp.portal.ctx.db!, 'trust_center', { system: true })
      .updateTable('releasedCname')
      .set({ releasedAt: new Date(Date.now() - days * 86_400_000) })
      .where('cname', '=', cname)
      .execute()
  const acceptances = async () => (await call(tp, 'GET', '/api/nda/acceptances?pageSize=100', { token: owner.token })).body.data as Acceptance[]
  const accounts = async (approved: boolean) =>
    (await call(tp, 'GET', `/api/accountsrequest?pageSize=100${approved ? '&pageType=approved' : ''}`, { token: owner.token })).body.data as Account[]
  const ndaId = async () => ((await call(tp, 'GET', '/api/ndauser', { headers: host })).body.data as { _id: string })._id

  async function mailedToken(email: string): Promise<string> {
    const mail = (await readOutbox(tp.dataDir, email)).at(-1)
    expect(mail).toBeDefined()
    return /#access=([A-Za-z0-9_-]+)&/.exec(mail!.text)![1]!
  }

  /** Request (accepting the NDA), approval, and the token of the mailed link, not yet opened. */
  async function approved(email: string): Promise<string> {
    expect((await call(tp, 'POST', '/api/useraccessrequest', { headers: host, body: { ...visitor, workEmail: email, ndaId: await ndaId() } })).status).toBe(201)
    const row = (await accounts(false)).find((a) => a.workEmail === email)!
    expect((await call(tp, 'PUT', `/api/accountsapprove/${row._id}`, { token: owner.token, body: { Approved: 'approved' } })).status).toBe(200)
    return mailedToken(email)
  }

  beforeAll(async () => {
    tp = await startTestPortal({ db })
    owner = await signUp(tp, 'ciso@claims-owner.example')
    rival = await signUp(tp, 'ciso@claims-rival.example')
    expect((await publish(owner, 'claims-owner')).status).toBe(200)
    expect((await publish(rival, 'claims-rival')).status).toBe(200)
    expect((await call(tp, 'POST', '/api/nda/save', { token: owner.token, body: { description: 'Claims Co NDA' } })).status).toBe(201)
  })
  afterAll(async () => tp.stop())

  describe('released subdomains', () => {
    it('keeps a released name from another tenant for 30 days, and check-hostname calls it unavailable', async () => {
      const third = await signUp(tp, 'ciso@claims-third.example')
      expect((await publish(third, 'claims-old')).status).toBe(200)
      // Visitors, requests and mailed links point at claims-old.localhost; then the tenant moves.
      expect(
        (await call(tp, 'POST', '/api/useraccessrequest', { headers: { host: 'claims-old.localhost' }, body: { ...visitor, workEmail: 'v@buyer.example' } }))
          .status,
      ).toBe(201)
      expect((await publish(third, 'claims-new')).status).toBe(200)
      expect((await checkHost('claims-old.localhost')).body).toEqual({ status: false, isSpecialDomain: false, available: false })

      const grab = await publish(rival, 'claims-old')
      expect([grab.status, grab.body.message]).toEqual([409, RELEASED])
      expect((await call(tp, 'GET', '/api/clientDetails', { token: rival.token })).body.data).toEqual([
        expect.objectContaining({ cname: 'claims-rival', cnamepublish: true }),
      ])
      expect((await call(tp, 'GET', '/api/trustcenteruser', { headers: { host: 'claims-old.localhost' } })).status).toBe(404)

      // 29 days on: still held. 31 days on: free for anyone.
      await ageRelease('claims-old', 29)
      expect((await publish(rival, 'claims-old')).body.message).toBe(RELEASED)
      await ageRelease('claims-old', 31)
      expect((await checkHost('claims-old.localhost')).body).toEqual({ status: false, isSpecialDomain: false, available: true })
      expect((await publish(rival, 'claims-old')).status).toBe(200)
      expect((await checkHost('claims-old.localhost')).body).toMatchObject({ status: true, isSpecialDomain: true, dbName: rival.dbName })
      // The name rival left is now held for rival.
      expect((await publish(third, 'claims-rival')).body.message).toBe(RELEASED)
    })

    it('lets the last owner take its released name back at once', async () => {
      const back = await signUp(tp, 'ciso@claims-back.example')
      expect((await publish(back, 'claims-mine')).status).toBe(200)
      expect((await publish(back, 'claims-moved')).status).toBe(200)
      expect((await publish(owner, 'claims-mine')).status).toBe(409)
      const again = await publish(back, 'claims-mine')
      expect([again.status, again.body.data]).toEqual([200, { hostname: 'claims-mine.localhost', url: 'http://claims-mine.localhost:3000' }])
      expect((await checkHost('claims-mine.localhost')).body).toMatchObject({ isSpecialDomain: true, dbName: back.dbName })
    })

    it('refuses punycode, non-ASCII and reserved names with a message in words', async () => {
      for (const subdomain of ['xn--pple-43d', 'XN--80AK6AA92E', 'аpple', 'acmé', 'ｇｏｏｇｌｅ', 'ab--cd']) {
        const res = await publish(rival, subdomain)
        expect([subdomain, res.status, res.body.message]).toEqual([subdomain, 400, INTERNATIONAL])
      }
      for (const subdomain of [
        'www',
        'api',
        'admin',
        'mail',
        'app',
        'auth',
        'login',
        'static',
        'assets',
        'cdn',
        'status',
        'support',
        'help',
        'docs',
        'blog',
        'portal',
        'dashboard',
        'trust',
        'security',
        'smtp',
        'imap',
        'pop',
        'ftp',
        'ns1',
        'ns2',
        'localhost',
      ]) {
        const res = await publish(rival, subdomain)
        expect([subdomain, res.status, res.body.message]).toEqual([subdomain, 409, RESERVED])
      }
      for (const hostname of ['xn--pple-43d.localhost', 'admin.localhost', 'WWW.localhost.']) {
        expect((await checkHost(hostname)).body).toEqual({ status: false, isSpecialDomain: false, available: false })
      }
      expect((await checkHost('claims-never-used.localhost')).body).toEqual({ status: false, isSpecialDomain: false, available: true })
      expect((await call(tp, 'GET', '/api/clientDetails', { token: rival.token })).body.data).toEqual([expect.objectContaining({ cname: 'claims-old' })])
    })
  })

  describe('NDA acceptances', () => {
    it("records an acceptance under someone else's email as unconfirmed, and shows staff which are confirmed", async () => {
      const nda = await ndaId()
      // The attacker signs as the CEO of a bank, on the NDA route and with an access request.
      expect(
        (await call(tp, 'POST', '/api/nda/accept', { headers: host, body: { ndaId: nda, name: 'Big Bank CEO', email: 'ceo@bigbank.example' } })).status,
      ).toBe(201)
      expect(
        (await call(tp, 'POST', '/api/useraccessrequest', { headers: host, body: { ...visitor, workEmail: 'cfo@bigbank.example', ndaId: nda } })).status,
      ).toBe(201)
      // A real token of another email proves nothing about this one.
      const mine = await approved('real@buyer.example')
      expect(
        (
          await call(tp, 'POST', '/api/nda/accept', {
            headers: host,
            body: { ndaId: nda, name: 'Big Bank CEO', email: 'ceo@bigbank.example', permissionToken: mine },
          })
        ).status,
      ).toBe(201)

      const claimed = (await acceptances()).filter((a) => a.email.endsWith('@bigbank.example'))
      expect(claimed).toHaveLength(3)
      expect(claimed.every((a) => a.confirmed === false && a.confirmedAt === null)).toBe(true)
      expect((await accounts(false)).find((a) => a.workEmail === 'cfo@bigbank.example')).toMatchObject({ ndaAccepted: true, ndaConfirmed: false })
      const history = (await call(tp, 'GET', '/api/trustcenterhistroy?pageType=nda&pageSize=100', { token: owner.token })).body.data as {
        email: string
        detail: string
      }[]
      expect(history.filter((h) => h.email === 'ceo@bigbank.example').every((h) => h.detail.endsWith('(email not confirmed yet)'))).toBe(true)

      // The real visitor has not opened the mailed link yet: unconfirmed; opening it confirms.
      expect((await acceptances()).find((a) => a.email === 'real@buyer.example')).toMatchObject({ confirmed: false })
      expect((await accounts(true)).find((a) => a.workEmail === 'real@buyer.example')).toMatchObject({ ndaAccepted: true, ndaConfirmed: false })
      expect((await call(tp, 'POST', '/api/useraccesscheck', { headers: host, body: { permissionToken: mine } })).body.data).toMatchObject({
        ndaAccepted: true,
      })
      expect((await acceptances()).find((a) => a.email === 'real@buyer.example')).toMatchObject({ confirmed: true, confirmedAt: expect.any(String) })
      expect((await accounts(true)).find((a) => a.workEmail === 'real@buyer.example')).toMatchObject({ ndaConfirmed: true })
      // ...and only that email's: the bank's stay unconfirmed.
      expect((await acceptances()).filter((a) => a.email.endsWith('@bigbank.example')).every((a) => !a.confirmed)).toBe(true)
    })

    it("confirms an acceptance made with the visitor's own access link at once", async () => {
      const token = await approved('linked@buyer.example')
      expect((await call(tp, 'POST', '/api/nda/save', { token: owner.token, body: { description: 'Claims Co NDA, version 2' } })).status).toBe(201)
      const accepted = await call(tp, 'POST', '/api/nda/accept', {
        headers: host,
        body: { ndaId: await ndaId(), name: 'Lin Ked', email: 'linked@buyer.example', permissionToken: token },
      })
      expect(accepted.status).toBe(201)
      expect((await acceptances()).find((a) => a.email === 'linked@buyer.example' && a.name === 'Lin Ked')).toMatchObject({ confirmed: true })
    })
  })

  describe('download history', () => {
    let docs: { _id: string; fileName: string }[]
    const downloads = async () => {
      const res = await call(tp, 'GET', '/api/trustcenterhistroy?pageType=download&pageSize=100', { token: owner.token })
      return res.body.data as { email: string | null; fileName: string | null; detail: string }[]
    }

    beforeAll(async () => {
      const bytes = await readFile(PDF)
      docs = []
      for (const name of ['Claims One.pdf', 'Claims Two.pdf']) {
        const { payload, contentType } = multipart([
          { name: 'visibility', value: 'public' },
          { name: 'file', filename: name, content: bytes },
        ])
        const res = await call(tp, 'POST', '/api/fs/upload-docs', { token: owner.token, body: payload, headers: { 'content-type': contentType } })
        expect(res.status).toBe(201)
        docs.push(res.body.data as { _id: string; fileName: string })
      }
    })

    it('ignores download rows a client invents', async () => {
      const before = await downloads()
      for (const body of [
        { screenType: 'trust-center', fileName: 'SOC2-Type-II.pdf', type: 'approval', email: 'ceo@bigbank.example' },
        { fileName: docs[0]!.fileName, type: 'public', email: 'auditor@regulator.example' },
        {},
      ]) {
        const res = await call(tp, 'POST', '/api/trackdownloadreq', { headers: host, body })
        expect([res.status, res.body]).toEqual([201, { status: true }]) // still answered, for the spec's client
      }
      expect(await downloads()).toEqual(before)
    })

    it('records exactly one row per file the server serves, single or bulk', async () => {
      const before = (await downloads()).length
      const one = await tp.portal.server.inject({
        method: 'POST',
        url: '/api/fs/download-docs',
        headers: host,
        payload: { fileKey: docs[0]!._id, userAccessEmail: 'v@buyer.example' },
      })
      expect(one.statusCode).toBe(200)
      let rows = await downloads()
      expect(rows).toHaveLength(before + 1)
      expect(rows[0]).toMatchObject({ fileName: docs[0]!.fileName, email: 'v@buyer.example', detail: 'Downloaded (visitor)' })

      const zip = await tp.portal.server.inject({
        method: 'POST',
        url: '/api/fs/bulk-download-docs',
        headers: host,
        payload: { fileKeys: docs.map((d) => d._id) },
      })
      expect(zip.statusCode).toBe(200)
      rows = await downloads()
      expect(rows).toHaveLength(before + 3)
      expect(
        rows
          .slice(0, 2)
          .map((r) => r.fileName)
          .sort(),
      ).toEqual(docs.map((d) => d.fileName).sort())
      expect(rows.slice(0, 2).every((r) => r.detail === 'Bulk download of 2 (visitor)')).toBe(true)

      // A refused download leaves no row.
      expect(
        (await tp.portal.server.inject({ method: 'POST', url: '/api/fs/download-docs', headers: host, payload: { fileKey: crypto.randomUUID() } })).statusCode,
      ).toBe(404)
      expect(await downloads()).toHaveLength(before + 3)
    })
  })
})
