// People and invites, admin-only routes, and tenant isolation (security.md B1, B2, B25), on every
// database kind. Invites: a verified address, limits per tenant and per admin, and the same answer
// whether or not the address has an account in another company (security.md B7).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { testDatabaseKinds } from '@portal/db'
import { recordAttempt } from '../src/db/attempts.repo.js'
import { INVITE_LIMITS } from '../src/routes/people.js'
import { buildHarness, call, type Harness, PASSWORD, type SignedUp, signUp } from './harness.js'

const inviteTokenIn = (text: string) => text.match(/\/signup\?invite=([\w-]+)/)?.[1]

async function invite(h: Harness, admin: SignedUp, email: string): Promise<string> {
  const res = await call(h, 'POST', '/api/people/invite', { token: admin.token, body: { email, status: 'invited' } })
  if (res.status !== 201) throw new Error(`invite failed: ${res.status} ${JSON.stringify(res.body)}`)
  return inviteTokenIn(h.mail.sent.filter((m) => m.to === email.toLowerCase()).at(-1)!.text)!
}

describe.each(testDatabaseKinds())('people on %s', (_kind, open) => {
  let h: Harness
  beforeAll(async () => {
    h = await buildHarness(open)
  })
  afterAll(async () => h.close())

  it('invites a colleague who joins the tenant as a non-admin, with a single-use link', async () => {
    const admin = await signUp(h, 'boss@team-co.example', { firstName: 'bob <b>', lastName: 'smith' })
    const res = await call(h, 'POST', '/api/people/invite', { token: admin.token, body: { email: 'Mate@Team-Co.example', status: 'invited' } })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({ status: true, message: 'Invitation sent successfully!' })
    const mail = h.mail.sent.at(-1)!
    expect(mail).toMatchObject({ to: 'mate@team-co.example', subject: 'You are invited to the Trust Portal' })
    expect(mail.text).toMatch(/https:\/\/portal\.test\/signup\?invite=[\w-]{43}\b/)
    expect(mail.html).toContain('Bob &#60;b&#62; Smith')
    const token = inviteTokenIn(mail.text)!
    const stored = await h.db.selectFrom('invite').select(['tokenHash', 'expiresAt']).where('email', '=', 'mate@team-co.example').executeTakeFirstOrThrow()
    expect(stored.tokenHash).not.toContain(token)
    expect(stored.expiresAt.getTime() - Date.now()).toBeGreaterThan(7 * 24 * 3600_000 - 60_000)

    expect((await call(h, 'GET', `/api/people/invite/${token}`)).body).toEqual({ status: true, data: { email: 'mate@team-co.example' } })
    const missing = await call(h, 'GET', '/api/people/invite/not-a-real-token')
    expect(missing.status).toBe(404)
    expect(missing.body).toMatchObject({ status: false, message: 'Invalid or expired invitation' })

    const body = { firstName: 'mate', lastName: 'one', email: 'mate@team-co.example', password: PASSWORD, cnfpassword: PASSWORD, inviteToken: token }
    expect((await call(h, 'POST', '/api/usercreate/people', { body: { ...body, email: 'other@team-co.example' } })).body.message).toBe(
      'Invalid or expired invitation',
    )
    expect((await call(h, 'POST', '/api/usercreate/people', { body: { ...body, password: 'short' } })).status).toBe(400)
    const joined = await call(h, 'POST', '/api/usercreate/people', { body })
    expect(joined.status).toBe(201)
    expect(joined.body).toMatchObject({
      status: true,
      message: 'Added Successfully',
      data: { admin: false, dbName: admin.dbName, firstName: 'Mate', email: 'mate@team-co.example' },
    })
    expect(joined.refreshCookie).toBeDefined()
    // Single use.
    expect((await call(h, 'POST', '/api/usercreate/people', { body })).status).toBe(400)
    expect((await call(h, 'GET', `/api/people/invite/${token}`)).status).toBe(404)
    expect(await h.db.selectFrom('tenant').select('id').where('dbName', 'like', 'team_co%').execute()).toHaveLength(1)

    const mate = joined.body.data as { _id: string; token: string }
    const list = await call(h, 'GET', '/api/people?page=1&pageSize=10', { token: admin.token })
    expect(list.body).toMatchObject({ status: true, total: 2, totalPages: 1, currentPage: 1 })
    expect(list.body.data).toEqual([
      {
        _id: admin._id,
        firstName: 'Bob <b>',
        lastName: 'Smith',
        email: 'boss@team-co.example',
        companyName: 'Team Co',
        status: 'active',
        admin: true,
        createdAt: expect.any(String),
      },
      {
        _id: mate._id,
        firstName: 'Mate',
        lastName: 'One',
        email: 'mate@team-co.example',
        companyName: 'Team Co',
        status: 'active',
        admin: false,
        createdAt: expect.any(String),
      },
    ])

    // Admin-only routes refuse a member with 403; profiles of others do not exist for them.
    expect((await call(h, 'GET', '/api/people', { token: mate.token })).status).toBe(403)
    expect((await call(h, 'POST', '/api/people/invite', { token: mate.token, body: { email: 'z@team-co.example' } })).status).toBe(403)
    expect((await call(h, 'DELETE', `/api/people/${admin._id}`, { token: mate.token })).status).toBe(403)
    expect((await call(h, 'POST', '/api/userdelete', { token: mate.token, body: { email: admin.email } })).status).toBe(403)
    expect((await call(h, 'GET', `/api/userprofile/${admin._id}`, { token: mate.token })).status).toBe(404)
    expect((await call(h, 'PUT', `/api/userprofile/${admin._id}`, { token: mate.token, body: { firstName: 'x', lastName: 'y' } })).status).toBe(404)
    // An admin reads and edits colleagues.
    expect((await call(h, 'GET', `/api/userprofile/${mate._id}`, { token: admin.token })).body).toMatchObject({ data: { email: 'mate@team-co.example' } })

    expect((await call(h, 'DELETE', `/api/people/${admin._id}`, { token: admin.token })).status).toBe(400)
    const removed = await call(h, 'DELETE', `/api/people/${mate._id}`, { token: admin.token })
    expect(removed.body).toEqual({ status: true, message: 'Deleted Successfully' })
    expect((await call(h, 'GET', `/api/userprofile/${mate._id}`, { token: mate.token })).status).toBe(401) // sessions ended
    expect((await call(h, 'DELETE', `/api/people/${mate._id}`, { token: admin.token })).status).toBe(404)
  })

  it('refuses bad invites, pages pending ones, and deletes them', async () => {
    const admin = await signUp(h, 'lead@inv-co.example')
    for (const email of ['a@b.com, c@d.com', 'x@y.com\r\nBcc: evil@x.io', 'Bob <bob@b.com>', 'no-at']) {
      const res = await call(h, 'POST', '/api/people/invite', { token: admin.token, body: { email } })
      expect(res.status).toBe(400)
      expect(res.body.message).toBe('Invalid email address')
    }
    expect((await call(h, 'POST', '/api/people/invite', { token: admin.token, body: { email: 'LEAD@inv-co.example' } })).body).toMatchObject({
      status: false,
      message: 'Email already exists',
    })
    expect((await call(h, 'POST', '/api/people/invite', { token: admin.token, body: { email: 'lead@inv-co.example' } })).status).toBe(409)
    const sent = h.mail.sent.length
    await invite(h, admin, 'p1@inv-co.example')
    await invite(h, admin, 'p2@inv-co.example')
    await invite(h, admin, 'p2@inv-co.example') // again: the new link replaces the old
    expect(h.mail.sent.length).toBe(sent + 3)
    const page = await call(h, 'GET', '/api/people?page=2&pageSize=2', { token: admin.token })
    expect(page.body).toMatchObject({ total: 3, totalPages: 2, currentPage: 2 })
    const pending = page.body.data as { _id: string; status: string; email: string }[]
    expect(pending).toEqual([expect.objectContaining({ status: 'invited', email: 'p2@inv-co.example', firstName: '', admin: false })])
    expect((await call(h, 'GET', '/api/people?pageSize=101', { token: admin.token })).status).toBe(400)
    expect((await call(h, 'DELETE', `/api/people/${pending[0]!._id}`, { token: admin.token })).status).toBe(200)
    expect((await call(h, 'GET', '/api/people', { token: admin.token })).body['total']).toBe(2)
    expect((await call(h, 'DELETE', '/api/people/not-a-uuid', { token: admin.token })).status).toBe(404)
  })

  it('limits invitations to 20 an hour per admin and 50 per company', async () => {
    expect(INVITE_LIMITS).toEqual({ tenant: { max: 50, windowMs: 3600_000 }, admin: { max: 20, windowMs: 3600_000 } })
    const admin = await signUp(h, 'many@quota-co.example')
    for (let i = 0; i < 20; i++) await invite(h, admin, `q${i}@quota-co.example`)
    const limited = await call(h, 'POST', '/api/people/invite', { token: admin.token, body: { email: 'q20@quota-co.example' } })
    expect(limited.status).toBe(429)
    expect(limited.body).toMatchObject({ status: false, message: 'Too many invitations. Please try again later.' })
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    // Another tenant has its own quota.
    const other = await signUp(h, 'boss@quota-two.example')
    expect((await call(h, 'POST', '/api/people/invite', { token: other.token, body: { email: 'q0@quota-two.example' } })).status).toBe(201)
    // The company's own limit binds whichever admin asks: 50 sent by the company's other admins.
    const third = await signUp(h, 'boss@quota-three.example')
    const tenantId = (await h.tokens.verifyAccess(third.token)).tenantId
    for (let i = 0; i < 50; i++) await recordAttempt(h.db, 'invite_sent', tenantId)
    expect((await call(h, 'POST', '/api/people/invite', { token: third.token, body: { email: 'x@quota-three.example' } })).status).toBe(429)
    expect(h.mail.sent.some((m) => m.to === 'q20@quota-co.example' || m.to === 'x@quota-three.example')).toBe(false)
  })

  it('answers an invite to an address with an account in another company exactly like one to a new address', async () => {
    const taken = await signUp(h, 'someone@elsewhere-co.example')
    const admin = await signUp(h, 'lead@probe-co.example', { firstName: 'pat', lastName: 'probe' })
    const existing = await call(h, 'POST', '/api/people/invite', { token: admin.token, body: { email: taken.email, status: 'invited' } })
    const fresh = await call(h, 'POST', '/api/people/invite', { token: admin.token, body: { email: 'nobody@elsewhere-co.example', status: 'invited' } })
    expect(existing.status).toBe(201)
    expect(existing.body).toEqual(fresh.body)
    // Both show as pending in the inviting company's list, the same way.
    const people = (await call(h, 'GET', '/api/people', { token: admin.token })).body.data as { email: string; status: string }[]
    expect(
      people
        .filter((p) => p.status === 'invited')
        .map((p) => p.email)
        .sort(),
    ).toEqual(['nobody@elsewhere-co.example', taken.email])
    // Only the mailbox's owner learns why it cannot join; the mail carries no sign-up link.
    const notice = h.mail.sent.filter((m) => m.to === taken.email).at(-1)!
    expect(notice.subject).toBe('You are invited to the Trust Portal')
    expect(notice.text).toContain('Pat Probe invited you to join Probe Co on the Trust Portal.')
    expect(notice.text).toContain('This address already has a Trust Portal account, and an address can belong to one company only')
    expect(notice.text).not.toMatch(/invite=/)
    expect(h.mail.sent.filter((m) => m.to === 'nobody@elsewhere-co.example').at(-1)!.text).toMatch(/\/signup\?invite=[\w-]{43}/)
    // The other company's account is untouched.
    expect((await call(h, 'POST', '/api/userlogin', { body: { email: taken.email, password: PASSWORD } })).body).toMatchObject({
      data: { dbName: taken.dbName },
    })
  })

  it('refuses an expired invitation', async () => {
    const admin = await signUp(h, 'lead@late-inv.example')
    const token = await invite(h, admin, 'late@late-inv.example')
    await h.db
      .updateTable('invite')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('email', '=', 'late@late-inv.example')
      .execute()
    expect((await call(h, 'GET', `/api/people/invite/${token}`)).status).toBe(404)
    const body = { firstName: 'l', lastName: 'l', email: 'late@late-inv.example', password: PASSWORD, cnfpassword: PASSWORD, inviteToken: token }
    expect((await call(h, 'POST', '/api/usercreate/people', { body })).body.message).toBe('Invalid or expired invitation')
  })

  describe('between tenants', () => {
    let a: SignedUp
    let b: SignedUp
    let bMember: { _id: string; email: string }
    let bInviteId: string
    beforeAll(async () => {
      a = await signUp(h, 'admin@tenant-a.example')
      b = await signUp(h, 'admin@tenant-b.example')
      const token = await invite(h, b, 'member@tenant-b.example')
      const joined = await call(h, 'POST', '/api/usercreate/people', {
        body: { firstName: 'm', lastName: 'b', email: 'member@tenant-b.example', password: PASSWORD, cnfpassword: PASSWORD, inviteToken: token },
      })
      bMember = joined.body.data as { _id: string; email: string }
      await invite(h, b, 'pending@tenant-b.example')
      const people = (await call(h, 'GET', '/api/people', { token: b.token })).body.data as { _id: string; status: string }[]
      bInviteId = people.find((p) => p.status === 'invited')!._id
    })

    it("answers 404 for another tenant's ids and emails, and changes nothing", async () => {
      for (const id of [b._id, bMember._id]) {
        expect((await call(h, 'GET', `/api/userprofile/${id}`, { token: a.token })).status).toBe(404)
        expect((await call(h, 'PUT', `/api/userprofile/${id}`, { token: a.token, body: { firstName: 'x', lastName: 'y' } })).status).toBe(404)
        expect((await call(h, 'DELETE', `/api/people/${id}`, { token: a.token })).status).toBe(404)
      }
      expect((await call(h, 'DELETE', `/api/people/${bInviteId}`, { token: a.token })).status).toBe(404)
      const del = await call(h, 'POST', '/api/userdelete', { token: a.token, body: { email: bMember.email } })
      expect(del.status).toBe(404)
      expect(del.body).toEqual({ status: false, message: 'Not found', code: 'NOT_FOUND' })
      const people = await call(h, 'GET', '/api/people', { token: b.token })
      expect(people.body['total']).toBe(3)
      expect((await call(h, 'GET', `/api/userprofile/${bMember._id}`, { token: b.token })).body).toMatchObject({ data: { firstName: 'M', lastName: 'B' } })
      // A's list shows only A.
      expect(((await call(h, 'GET', '/api/people', { token: a.token })).body.data as { email: string }[]).map((p) => p.email)).toEqual([a.email])
    })

    it('checks the DbName header against the token', async () => {
      const mismatch = await call(h, 'GET', '/api/people', { token: a.token, dbName: b.dbName })
      expect(mismatch.status).toBe(403)
      expect(mismatch.body).toMatchObject({ status: false, code: 'TENANT_MISMATCH' })
      for (const bad of ['postgres', 'tenant_a;--', 'A', 'x']) {
        const res = await call(h, 'GET', '/api/people', { token: a.token, dbName: bad })
        expect(res.status).toBe(400)
        expect(res.body).toMatchObject({ status: false, code: 'INVALID_TENANT' })
      }
      expect((await call(h, 'GET', '/api/people', { token: a.token, dbName: a.dbName })).status).toBe(200)
      expect((await call(h, 'GET', `/api/userprofile/${a._id}`, { token: a.token, dbName: b.dbName })).status).toBe(403)
    })

    it('deletes by email within the tenant and ends that user’s sessions', async () => {
      const login = await call(h, 'POST', '/api/userlogin', { body: { email: bMember.email, password: PASSWORD } })
      const token = (login.body.data as { token: string }).token
      expect((await call(h, 'POST', '/api/userdelete', { token: b.token, body: { email: b.email } })).status).toBe(400)
      const del = await call(h, 'POST', '/api/userdelete', { token: b.token, body: { email: 'MEMBER@tenant-b.example' } })
      expect(del.body).toEqual({ status: true, message: 'Deleted Successfully' })
      expect((await call(h, 'GET', `/api/userprofile/${bMember._id}`, { token })).status).toBe(401)
      expect((await call(h, 'POST', '/api/token/refresh', { cookie: login.refreshCookie! })).status).toBe(401)
    })

    it('marks only the caller’s tenant provisioned', async () => {
      const res = await call(h, 'PUT', '/api/fs/update_provisioned', { token: a.token, body: { email: b.email } })
      expect(res.body).toEqual({ success: true, message: 'Provisioning complete' })
      const rows = await h.db.selectFrom('tenant').select(['dbName', 'provisioned']).where('dbName', 'in', [a.dbName, b.dbName]).orderBy('dbName').execute()
      expect(rows).toEqual([
        { dbName: a.dbName, provisioned: true },
        { dbName: b.dbName, provisioned: false },
      ])
      expect((await call(h, 'PUT', '/api/fs/update_provisioned', { body: {} })).status).toBe(401)
    })
  })
})
