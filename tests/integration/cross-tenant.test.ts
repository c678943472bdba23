// The cross-tenant battery (security.md B1, B2, B4): one tenant can never read, change or even
// detect another's data, whatever header or token it sends. Run twice per database: with row-level
// security, and with it switched off (DB_ROW_SECURITY=off), so the code's own tenant filters are
// proven alone, not only the database's policies behind them.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { withTenant } from '@portal/db'
import { textPdf } from '@portal/pdf-writer'
import { generateKeyPair, importPKCS8, SignJWT } from 'jose'
import { sql } from 'kysely'
import { call, dbKinds, type SignedUp, signUp, startTestPortal, type TestPortal } from '../support/portal.js'

const modes = dbKinds().flatMap(
  (db) =>
    [
      [db, 'on'],
      [db, 'off'],
    ] as const,
)

/** A multipart body with one text field and one file. */
function upload(fields: Record<string, string>, fileName: string, content: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const b = `----cross${crypto.randomUUID()}`
  const parts = Object.entries(fields).map(([k, v]) => Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`))
  const file = Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`)
  return {
    payload: Buffer.concat([...parts, file, content, Buffer.from(`\r\n--${b}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${b}` },
  }
}

describe.each(modes)('cross-tenant battery on %s, row-level security %s', (db, rowSecurity) => {
  let tp: TestPortal
  let a: SignedUp
  let b: SignedUp
  let bColleague: { _id: string }

  beforeAll(async () => {
    tp = await startTestPortal({ db, env: { DB_ROW_SECURITY: rowSecurity } })
    a = await signUp(tp, 'alice@alpha-corp.example')
    b = await signUp(tp, 'bob@beta-corp.example')
    // Tenant B gets a second person (an invite), so B has ids beyond its admin.
    const invited = await call(tp, 'POST', '/api/people/invite', { token: b.token, body: { email: 'carol@beta-corp.example', status: 'invited' } })
    expect(invited.status).toBe(201)
    const people = await call(tp, 'GET', '/api/people?page=1&pageSize=10', { token: b.token })
    bColleague = (people.body.data as { _id: string; email: string }[]).find((p) => p.email === 'carol@beta-corp.example')!
    expect(bColleague).toBeDefined()
  })
  afterAll(async () => tp.stop())

  it('gives the two sign-ups different tenants', () => {
    expect(a.dbName).not.toBe(b.dbName)
  })

  it(`runs with the database's tenant policies ${rowSecurity === 'on' ? 'in force' : 'admitting every row'}`, async () => {
    // B's client, then a read of it from inside A's scope without any tenant filter: only the policy can hide it.
    expect(
      (await call(tp, 'POST', '/api/companys', { token: b.token, body: { companyName: 'Policy Probe', compliance_bucket: 'c', questionnaires_bucket: 'q' } }))
        .status,
    ).toBe(201)
    const database = tp.portal.ctx.db!
    const tenantOf = async (dbName: string) =>
      (await sql<{ id: string }>`select id from identity.tenant where db_name = ${dbName}`.execute(database.system)).rows[0]!.id
    const unfiltered = () => sql<{ n: number }>`select count(*)::int as n from questionnaire.company where company_name = 'Policy Probe'`.execute(database.root)
    expect((await withTenant(await tenantOf(a.dbName), unfiltered)).rows[0]!.n).toBe(rowSecurity === 'on' ? 0 : 1)
    expect((await withTenant(await tenantOf(b.dbName), unfiltered)).rows[0]!.n).toBe(1)
  })

  it("keeps B's clients, files and questionnaires from A: lists leave them out, ids answer 404, nothing changes", async () => {
    const created = await call(tp, 'POST', '/api/companys', {
      token: b.token,
      body: { companyName: 'Beta Client', compliance_bucket: 'compliance', questionnaires_bucket: 'questionnaires' },
    })
    const companyId = (created.body.data as { _id: string })._id
    const form = upload({ companyId }, 'beta-policy.pdf', textPdf([['Beta policy: secret beta text']]))
    const stored = await tp.portal.server.inject({
      method: 'POST',
      url: '/api/fs/enterpriseapps-compliance-uploadfile',
      headers: { ...form.headers, authorization: `Bearer ${b.token}` },
      payload: form.payload,
    })
    expect(stored.statusCode).toBe(201)
    const fileId = (stored.json().data as { _id: string }[])[0]!._id
    expect(((await call(tp, 'GET', '/api/companys', { token: a.token })).body.data as { companyName: string }[]).map((c) => c.companyName)).not.toContain(
      'Beta Client',
    )
    for (const [method, url, body] of [
      ['GET', `/api/compliancefile/${companyId}`, undefined],
      ['GET', `/api/questionnaires/${companyId}`, undefined],
      ['GET', `/api/compliancefile/${fileId}/download`, undefined],
      ['DELETE', `/api/compliancefile/${fileId}`, undefined],
      ['DELETE', '/api/companys', { id: companyId }],
    ] as const) {
      const res = await call(tp, method, url, { token: a.token, ...(body ? { body } : {}) })
      expect({ method, url, status: res.status }).toEqual({ method, url, status: 404 })
      expect(JSON.stringify(res.body)).not.toMatch(/beta/i)
    }
    const intruder = upload({ companyId }, 'a.pdf', textPdf([['A']]))
    const planted = await tp.portal.server.inject({
      method: 'POST',
      url: '/api/fs/enterpriseapps-compliance-uploadfile',
      headers: { ...intruder.headers, authorization: `Bearer ${a.token}` },
      payload: intruder.payload,
    })
    expect(planted.statusCode).toBe(404)
    const files = (await call(tp, 'GET', `/api/compliancefile/${companyId}`, { token: b.token })).body.data as { _id: string }[]
    expect(files.map((f) => f._id)).toEqual([fileId])
    expect((await call(tp, 'GET', `/api/compliancefile/${fileId}/download`, { token: b.token })).status).toBe(200)
  })

  it("refuses A's token with B's DbName (403) and a malformed DbName (400)", async () => {
    const spoofed = await call(tp, 'GET', '/api/people', { token: a.token, dbName: b.dbName })
    expect(spoofed.status).toBe(403)
    expect(spoofed.body.status).toBe(false)
    expect(JSON.stringify(spoofed.body)).not.toContain('bob@beta-corp.example')
    for (const bad of ['postgres', "alpha';--", 'x'.repeat(200), 'A B']) {
      const res = await call(tp, 'GET', '/api/people', { token: a.token, dbName: bad })
      expect(res.status).toBe(400)
    }
    const own = await call(tp, 'GET', '/api/people', { token: a.token, dbName: a.dbName })
    expect(own.status).toBe(200)
    const none = await call(tp, 'GET', '/api/people', { token: a.token })
    expect(none.status).toBe(200)
    expect((none.body.data as { email: string }[]).map((p) => p.email)).toEqual(['alice@alpha-corp.example'])
  })

  it("answers 404 for B's ids used with A's token, and changes nothing", async () => {
    const notFound = await call(tp, 'GET', `/api/userprofile/${crypto.randomUUID()}`, { token: a.token })
    for (const [method, url, body] of [
      ['GET', `/api/userprofile/${b.userId}`, undefined],
      ['PUT', `/api/userprofile/${b.userId}`, { firstName: 'Mallory', lastName: 'X' }],
      ['DELETE', `/api/people/${b.userId}`, undefined],
      ['DELETE', `/api/people/${bColleague._id}`, undefined],
      ['POST', '/api/userdelete', { email: b.email }],
    ] as const) {
      const res = await call(tp, method, url, { token: a.token, ...(body ? { body } : {}) })
      expect({ method, url, status: res.status }).toEqual({ method, url, status: 404 })
      expect(res.body).toEqual(notFound.body)
    }
    const bProfile = await call(tp, 'GET', `/api/userprofile/${b.userId}`, { token: b.token })
    expect(bProfile.status).toBe(200)
    expect((bProfile.body.data as { firstName: string }).firstName).toBe('Test')
    const bPeople = await call(tp, 'GET', '/api/people', { token: b.token })
    expect((bPeople.body.data as unknown[]).length).toBe(2)
  })

  describe('forged tokens are all 401', () => {
    const claims = () => ({ tid: 'x', tenant: b.dbName, admin: true, sid: crypto.randomUUID() })
    const expectRejected = async (token: string) => {
      const res = await call(tp, 'GET', '/api/people', { token })
      expect(res.status).toBe(401)
      expect(res.body.status).toBe(false)
    }

    it('tampered payload', async () => {
      const [h, p, s] = a.token.split('.') as [string, string, string]
      const payload = JSON.parse(Buffer.from(p, 'base64url').toString())
      payload.tenant = b.dbName
      payload.admin = true
      await expectRejected(`${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`)
    })

    it('alg none', async () => {
      const [, p] = a.token.split('.') as [string, string]
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')
      await expectRejected(`${header}.${p}.`)
    })

    it('signed by another key, and HS256 with the public key as secret', async () => {
      const other = await generateKeyPair('EdDSA', { crv: 'Ed25519' })
      const wrongKey = await new SignJWT(claims())
        .setProtectedHeader({ alg: 'EdDSA', typ: 'at+jwt' })
        .setSubject(b.userId)
        .setIssuer('trust-portal')
        .setAudience('trust-portal-api')
        .setIssuedAt()
        .setExpirationTime('5m')
        .setJti('j1')
        .sign(other.privateKey)
      await expectRejected(wrongKey)
      const jwks = (await call(tp, 'GET', '/api/.well-known/jwks.json')).body as { keys: { x: string; kid: string }[] }
      const secret = new TextEncoder().encode(JSON.stringify(jwks.keys[0]))
      const confused = await new SignJWT(claims())
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: jwks.keys[0]!.kid })
        .setSubject(b.userId)
        .setIssuer('trust-portal')
        .setAudience('trust-portal-api')
        .setIssuedAt()
        .setExpirationTime('5m')
        .setJti('j2')
        .sign(secret)
      await expectRejected(confused)
    })

    it('expired, wrong audience, wrong issuer (signed with the real key)', async () => {
      const pem = await readFile(path.join(tp.dataDir, 'keys', 'signing-key.pem'), 'utf8')
      const key = await importPKCS8(pem, 'EdDSA')
      const kid = ((await call(tp, 'GET', '/api/.well-known/jwks.json')).body as { keys: { kid: string }[] }).keys[0]!.kid
      const tid = JSON.parse(Buffer.from(a.token.split('.')[1]!, 'base64url').toString()).tid as string
      const base = (iss: string, aud: string) =>
        new SignJWT({ tid, tenant: a.dbName, admin: true, sid: crypto.randomUUID() })
          .setProtectedHeader({ alg: 'EdDSA', typ: 'at+jwt', kid })
          .setSubject(a.userId)
          .setIssuer(iss)
          .setAudience(aud)
          .setJti(crypto.randomUUID())
      const now = Math.floor(Date.now() / 1000)
      await expectRejected(
        await base('trust-portal', 'trust-portal-api')
          .setIssuedAt(now - 4000)
          .setExpirationTime(now - 3000)
          .sign(key),
      )
      await expectRejected(await base('trust-portal', 'someone-else').setIssuedAt().setExpirationTime('5m').sign(key))
      await expectRejected(await base('evil', 'trust-portal-api').setIssuedAt().setExpirationTime('5m').sign(key))
      // The same construction with the right claims is accepted: the rejections above are not an accident.
      const good = await call(tp, 'GET', '/api/people', {
        token: await base('trust-portal', 'trust-portal-api').setIssuedAt().setExpirationTime('5m').sign(key),
      })
      expect(good.status).toBe(200)
    })

    it('missing or malformed Authorization header', async () => {
      expect((await call(tp, 'GET', '/api/people')).status).toBe(401)
      expect((await call(tp, 'GET', '/api/people', { headers: { authorization: 'Basic abc' } })).status).toBe(401)
      expect((await call(tp, 'GET', '/api/people', { headers: { authorization: 'Bearer not.a.jwt' } })).status).toBe(401)
    })
  })
})
