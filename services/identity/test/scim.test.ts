// SCIM 2.0 provisioning (issue 27), on every database kind: the requests Entra ID and Okta send, as
// their documentation publishes them (tests/fixtures/scim, SOURCES.md), driven through the routes;
// deprovisioning ends a signed-in member's sessions at once; the token is hashed, compared in
// constant time, replaced and revoked, and one company's token sees nothing of another's
// (security.md: SCIM token theft, cross-company provisioning).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { hashToken } from '@portal/auth'
import { testDatabaseKinds } from '@portal/db'
import { SCIM_RATE_LIMIT } from '../src/scim/plugin.js'
import { buildHarness, call, type Harness, PASSWORD, requestCode, type SignedUp, signUp } from './harness.js'

const FIXTURES = path.resolve(import.meta.dirname, '../../../tests/fixtures/scim')
/** A published request body, with the documentation's ids replaced by the ones this server gave. */
const fixture = (name: string, ids: Record<string, string> = {}) =>
  Object.entries(ids).reduce((text, [from, to]) => text.replaceAll(from, to), readFileSync(path.join(FIXTURES, name), 'utf8'))

interface ScimReply {
  status: number
  // biome-ignore lint/suspicious/noExplicitAny: a SCIM reply, read field by field in the assertions
  body: Record<string, any>
  headers: Record<string, unknown>
}

let ip = 0
/** A SCIM request as providers send it: the bearer token, and the body as application/scim+json. */
async function scim(
  h: Harness,
  token: string | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: string | object,
): Promise<ScimReply> {
  ip++
  const res = await h.app.inject({
    method,
    url: `/scim/v2${url}`,
    remoteAddress: `10.9.${(ip >> 8) & 255}.${ip & 255}`,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/scim+json' } : {}),
      'user-agent': 'Okta SCIM Client 1.0.0',
    },
    ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  })
  return { status: res.statusCode, body: res.body ? res.json() : {}, headers: res.headers }
}

async function newToken(h: Harness, admin: SignedUp): Promise<string> {
  const res = await call(h, 'POST', '/api/scim/token', { token: admin.token })
  if (res.status !== 200) throw new Error(`token failed: ${res.status} ${JSON.stringify(res.body)}`)
  return (res.body.data as { token: string }).token
}

const filterUrl = (resource: string, attribute: string, value: string, extra = '') =>
  `/${resource}?filter=${encodeURIComponent(`${attribute} eq "${value}"`)}${extra}`

describe.each(testDatabaseKinds())('SCIM provisioning on %s', (_kind, open) => {
  let h: Harness
  let admin: SignedUp
  let token: string
  beforeAll(async () => {
    h = await buildHarness(open)
    admin = await signUp(h, 'owner@scim-co.example')
    token = await newToken(h, admin)
  })
  afterAll(async () => h.close())

  it('gives admins a token shown once and kept as a hash; a new one replaces it, revocation ends it', async () => {
    expect(token).toMatch(/^scim_[0-9a-f]{24}_[\w-]{43}$/)
    const stored = await h.db.selectFrom('scimConfig').selectAll().executeTakeFirstOrThrow()
    expect(stored.tokenHash).toBe(hashToken(token))
    expect(JSON.stringify(stored)).not.toContain(token.slice(30))
    const settings = await call(h, 'GET', '/api/scim', { token: admin.token })
    expect(settings.body.data).toMatchObject({ enabled: true, endpoint: 'https://portal.test/scim/v2', adminGroup: 'Portal Admins' })
    expect(JSON.stringify(settings.body)).not.toContain(token.slice(30))

    const member = await signUp(h, 'member@other-scim.example')
    expect((await call(h, 'POST', '/api/scim/token', { token: member.token })).status).toBe(200) // admin of their own company
    const second = await newToken(h, admin)
    expect((await scim(h, token, 'GET', '/Users')).status).toBe(401)
    expect((await scim(h, second, 'GET', '/Users')).status).toBe(200)
    expect((await call(h, 'DELETE', '/api/scim/token', { token: admin.token })).status).toBe(200)
    const revoked = await scim(h, second, 'GET', '/Users')
    expect(revoked.status).toBe(401)
    expect(revoked.body).toEqual({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '401', detail: 'A valid SCIM bearer token is required' })
    expect(revoked.headers['www-authenticate']).toMatch(/^Bearer/)
    token = await newToken(h, admin)
  })

  it('refuses a missing, malformed or guessed token with 401 in the SCIM error schema', async () => {
    const tokenId = token.split('_')[1]
    for (const bad of [undefined, 'nonsense', `scim_${tokenId}_${'A'.repeat(43)}`, token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A')]) {
      const res = await scim(h, bad, 'GET', '/Users')
      expect(res.status).toBe(401)
      expect(res.headers['content-type']).toMatch(/^application\/scim\+json/)
    }
    // A staff access token is not a SCIM token.
    expect((await scim(h, admin.token, 'GET', '/Users')).status).toBe(401)
  })

  it("provisions with Entra ID's published requests", async () => {
    const created = await scim(h, token, 'POST', '/Users', fixture('entra/create-user.json'))
    expect(created.status).toBe(201)
    expect(created.headers['content-type']).toMatch(/^application\/scim\+json/)
    const id = created.body.id as string
    expect(created.headers.location).toBe(`https://portal.test/scim/v2/Users/${id}`)
    expect(created.body).toMatchObject({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
      userName: 'Test_User_00aa00aa-bb11-cc22-dd33-44ee44ee44ee',
      name: { givenName: 'givenName', familyName: 'familyName' },
      active: true,
      // The userName is no address: the member signs in with the primary work email.
      emails: [{ value: 'test_user_11bb11bb-cc22-dd33-ee44-55ff55ff55ff@testuser.com', type: 'work', primary: true }],
      meta: { resourceType: 'User', location: `https://portal.test/scim/v2/Users/${id}` },
    })
    const row = await h.db.selectFrom('user').select(['tenantId', 'admin', 'passwordHash']).where('id', '=', id).executeTakeFirstOrThrow()
    expect(row.admin).toBe(false)
    expect(row.passwordHash).toMatch(/^\$argon2id\$/)

    // Get User by query, case-insensitive as userName is; zero results.
    const found = await scim(h, token, 'GET', filterUrl('Users', 'userName', 'test_user_00aa00aa-bb11-cc22-dd33-44ee44ee44ee'))
    expect(found.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 1, startIndex: 1, itemsPerPage: 1 })
    expect(found.body.Resources[0].id).toBe(id)
    const none = await scim(h, token, 'GET', filterUrl('Users', 'userName', 'non-existent user'))
    expect(none.body).toMatchObject({ totalResults: 0, Resources: [] })
    expect((await scim(h, token, 'GET', filterUrl('Users', 'externalId', '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef'))).body.totalResults).toBe(1)

    // The same user again: 409 uniqueness.
    const again = await scim(h, token, 'POST', '/Users', fixture('entra/create-user.json'))
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '409', scimType: 'uniqueness' })

    const multi = await scim(h, token, 'PATCH', `/Users/${id}`, fixture('entra/update-user-multi-valued.json'))
    expect(multi.status).toBe(200)
    expect(multi.body).toMatchObject({ name: { familyName: 'updatedFamilyName', givenName: 'givenName' }, emails: [{ value: 'updatedemail@microsoft.com' }] })
    const single = await scim(h, token, 'PATCH', `/Users/${id}`, fixture('entra/update-user-single-valued.json'))
    expect(single.body).toMatchObject({
      userName: '5b50642d-79fc-4410-9e90-4c077cdd1a59@testuser.com',
      emails: [{ value: '5b50642d-79fc-4410-9e90-4c077cdd1a59@testuser.com' }],
    })

    // Groups: created empty, renamed, members added and removed (204 to each PATCH, as Entra expects).
    const group = await scim(h, token, 'POST', '/Groups', fixture('entra/create-group.json'))
    expect(group.status).toBe(201)
    expect(group.body).toMatchObject({ displayName: 'displayName', externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159', members: [] })
    const gid = group.body.id as string
    expect((await scim(h, token, 'PATCH', `/Groups/${gid}`, fixture('entra/update-group-non-member.json'))).status).toBe(204)
    const byName = await scim(
      h,
      token,
      'GET',
      filterUrl('Groups', 'displayName', '1879db59-3bdf-4490-ad68-ab880a269474updatedDisplayName', '&excludedAttributes=members'),
    )
    expect(byName.body.totalResults).toBe(1)
    expect(byName.body.Resources[0]).not.toHaveProperty('members')
    expect((await scim(h, token, 'PATCH', `/Groups/${gid}`, fixture('entra/update-group-add-members.json', { f648f8d5ea4e4cd38e9c: id }))).status).toBe(204)
    expect((await scim(h, token, 'GET', `/Groups/${gid}`)).body.members).toEqual([
      { value: id, display: '5b50642d-79fc-4410-9e90-4c077cdd1a59@testuser.com', $ref: `https://portal.test/scim/v2/Users/${id}` },
    ])
    expect((await scim(h, token, 'GET', `/Users/${id}`)).body.groups).toMatchObject([{ value: gid }])
    expect((await scim(h, token, 'PATCH', `/Groups/${gid}`, fixture('entra/update-group-remove-members.json', { f648f8d5ea4e4cd38e9c: id }))).status).toBe(204)
    expect((await scim(h, token, 'GET', `/Groups/${gid}`)).body.members).toEqual([])

    const disabled = await scim(h, token, 'PATCH', `/Users/${id}`, fixture('entra/disable-user.json'))
    expect(disabled.status).toBe(200)
    expect(disabled.body.active).toBe(false)
    expect((await scim(h, token, 'DELETE', `/Groups/${gid}`)).status).toBe(204)
    expect((await scim(h, token, 'DELETE', `/Users/${id}`)).status).toBe(204)
    const gone = await scim(h, token, 'GET', `/Users/${id}`)
    expect(gone.status).toBe(404)
    expect(gone.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '404' })
  })

  it("provisions with Okta's published requests; the password Okta sends is not taken", async () => {
    // Determine if the User already exists: Okta's exact query string.
    const lookup = await scim(h, token, 'GET', '/Users?filter=userName%20eq%20%22test.user%40okta.local%22&startIndex=1&count=100')
    expect(lookup.status).toBe(200)
    expect(lookup.body).toMatchObject({ totalResults: 0, startIndex: 1, Resources: [] })
    const created = await scim(h, token, 'POST', '/Users', fixture('okta/create-user.json'))
    expect(created.status).toBe(201)
    const id = created.body.id as string
    expect(created.body).toMatchObject({
      userName: 'test.user@okta.local',
      externalId: '00ujl29u0le5T6Aj10h7',
      active: true,
      name: { givenName: 'Test', familyName: 'User' },
    })
    expect(JSON.stringify(created.body)).not.toContain('1mz050nq')
    expect((await call(h, 'POST', '/api/userlogin', { body: { email: 'test.user@okta.local', password: '1mz050nq' } })).status).toBe(400)

    const replaced = await scim(h, token, 'PUT', `/Users/${id}`, fixture('okta/replace-user.json', { '23a35c27-23d3-4c03-b4c5-6443c09e7173': id }))
    expect(replaced.status).toBe(200)
    expect(replaced.body.name).toMatchObject({ givenName: 'Another', familyName: 'User' })

    const second = await scim(h, token, 'POST', '/Users', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: 'second.user@okta.local' })
    const other = second.body.id as string
    const group = await scim(h, token, 'POST', '/Groups', fixture('okta/create-group.json'))
    expect(group.status).toBe(201)
    const gid = group.body.id as string
    const ids = { 'abf4dd94-a4c0-4f67-89c9-76b03340cb9b': gid, '23a35c27-23d3-4c03-b4c5-6443c09e7173': id, '89bb1940-b905-4575-9e7f-6f887cfb368e': other }
    expect((await scim(h, token, 'PATCH', `/Groups/${gid}`, fixture('okta/rename-group.json', ids))).status).toBe(204)
    expect((await scim(h, token, 'PATCH', `/Groups/${gid}`, fixture('okta/replace-group-members.json', ids))).status).toBe(204)
    expect(((await scim(h, token, 'GET', `/Groups/${gid}`)).body.members as { value: string }[]).map((m) => m.value).sort()).toEqual([id, other].sort())
    // Remove one (a filtered path) and add one in the same request, applied in order.
    expect((await scim(h, token, 'PATCH', `/Groups/${gid}`, fixture('okta/update-group-membership.json', ids))).status).toBe(204)
    expect(((await scim(h, token, 'GET', `/Groups/${gid}`)).body.members as { value: string }[]).map((m) => m.value)).toEqual([id])
    // Paging: Okta's startIndex and count, in a stable order.
    const page = await scim(h, token, 'GET', '/Users?startIndex=2&count=1')
    expect(page.body).toMatchObject({ startIndex: 2, itemsPerPage: 1 })
    expect(page.body.totalResults).toBeGreaterThanOrEqual(3)

    const deactivated = await scim(h, token, 'PATCH', `/Users/${id}`, fixture('okta/deactivate-user.json'))
    expect(deactivated.status).toBe(200)
    expect(deactivated.body.active).toBe(false)
    // Entra's string boolean brings them back.
    const back = await scim(h, token, 'PATCH', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Replace', path: 'active', value: 'True' }],
    })
    expect(back.body.active).toBe(true)
  })

  it("deprovisioning ends a signed-in member's sessions at once: access token, renewal and sign-in refused", async () => {
    const created = await scim(h, token, 'POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: 'leaver@scim-co.example',
      name: { givenName: 'Lee', familyName: 'Ver' },
    })
    const id = created.body.id as string
    // No password anyone knows: the member sets one with a mailed reset code.
    const code = await requestCode(h, 'leaver@scim-co.example')
    const validated = await call(h, 'POST', '/api/user/otpvalidation', { body: { email: 'leaver@scim-co.example', otp: code } })
    const resetToken = (validated.body.data as { resetToken: string }).resetToken
    const newPassword = `${PASSWORD}-Leaver9`
    expect(
      (
        await call(h, 'POST', '/api/user/changepassword', {
          body: { email: 'leaver@scim-co.example', resetToken, password: newPassword, cnfpassword: newPassword },
        })
      ).status,
    ).toBe(200)
    const login = await call(h, 'POST', '/api/userlogin', { body: { email: 'leaver@scim-co.example', password: newPassword } })
    expect(login.status).toBe(200)
    const access = (login.body.data as { token: string }).token
    expect((await call(h, 'GET', '/api/user/company', { token: access })).status).toBe(200)

    const off = await scim(h, token, 'PATCH', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    })
    expect(off.body.active).toBe(false)
    const people = (await call(h, 'GET', '/api/people?pageSize=100', { token: admin.token })).body.data as { email: string; status: string }[]
    expect(people.find((p) => p.email === 'leaver@scim-co.example')?.status).toBe('deactivated')
    expect((await call(h, 'GET', '/api/user/company', { token: access })).status).toBe(401)
    expect((await call(h, 'POST', '/api/token/refresh', { cookie: login.refreshCookie })).status).toBe(401)
    const again = await call(h, 'POST', '/api/userlogin', { body: { email: 'leaver@scim-co.example', password: newPassword } })
    expect(again.status).toBe(400)
    expect(again.body.message).toBe(
      (await call(h, 'POST', '/api/userlogin', { body: { email: 'leaver@scim-co.example', password: 'Wr0ng!pass' } })).body.message,
    )

    // Back on, signed in again, then DELETE: the same at once.
    await scim(h, token, 'PATCH', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', value: { active: true } }],
    })
    const back = await call(h, 'POST', '/api/userlogin', { body: { email: 'leaver@scim-co.example', password: newPassword } })
    expect(back.status).toBe(200)
    expect((await scim(h, token, 'DELETE', `/Users/${id}`)).status).toBe(204)
    expect((await call(h, 'GET', '/api/user/company', { token: (back.body.data as { token: string }).token })).status).toBe(401)
  })

  it('maps the admin group to the admin role, never demoting the last admin', async () => {
    const created = await scim(h, token, 'POST', '/Users', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: 'lead@scim-co.example' })
    const id = created.body.id as string
    const group = await scim(h, token, 'POST', '/Groups', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      displayName: 'portal admins',
      members: [{ value: id }],
    })
    expect(group.status).toBe(201)
    const isAdmin = async (userId: string) => (await h.db.selectFrom('user').select('admin').where('id', '=', userId).executeTakeFirstOrThrow()).admin
    expect(await isAdmin(id)).toBe(true)
    expect((await scim(h, token, 'GET', `/Users/${id}`)).body.roles).toEqual([{ value: 'admin', primary: true }])
    // The setting names another group: its members are reconsidered.
    const put = await call(h, 'PUT', '/api/scim', { token: admin.token, body: { adminGroup: 'Trust Admins' } })
    expect(put.body.data).toMatchObject({ adminGroup: 'Trust Admins' })
    expect(await isAdmin(id)).toBe(false)
    await call(h, 'PUT', '/api/scim', { token: admin.token, body: { adminGroup: 'Portal Admins' } })
    expect(await isAdmin(id)).toBe(true)
    const gid = group.body.id as string
    await scim(h, token, 'PATCH', `/Groups/${gid}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'remove', path: `members[value eq "${id}"]` }],
    })
    expect(await isAdmin(id)).toBe(false)
    // The owner who signed up is the last admin: provisioning cannot deactivate or delete them.
    const owner = (await scim(h, token, 'GET', filterUrl('Users', 'userName', 'owner@scim-co.example'))).body.Resources[0]
    const refused = await scim(h, token, 'PATCH', `/Users/${owner.id}`, fixture('okta/deactivate-user.json'))
    expect(refused.status).toBe(400)
    expect(refused.body.scimType).toBe('mutability')
    expect((await scim(h, token, 'DELETE', `/Users/${owner.id}`)).status).toBe(400)
  })

  it("another company's token sees nothing of this company: 404 for its ids, its users no members", async () => {
    const other = await signUp(h, 'boss@rival-scim.example')
    const rivalToken = await newToken(h, other)
    const mine = await scim(h, token, 'POST', '/Users', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: 'private@scim-co.example' })
    const myGroup = await scim(h, token, 'POST', '/Groups', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: 'Mine only' })
    const list = await scim(h, rivalToken, 'GET', '/Users?count=200')
    expect((list.body.Resources as { userName: string }[]).map((u) => u.userName)).toEqual(['boss@rival-scim.example'])
    expect((await scim(h, rivalToken, 'GET', filterUrl('Users', 'userName', 'private@scim-co.example'))).body.totalResults).toBe(0)
    expect((await scim(h, rivalToken, 'GET', `/Users/${mine.body.id}`)).status).toBe(404)
    expect((await scim(h, rivalToken, 'PATCH', `/Users/${mine.body.id}`, fixture('okta/deactivate-user.json'))).status).toBe(404)
    expect((await scim(h, rivalToken, 'DELETE', `/Users/${mine.body.id}`)).status).toBe(404)
    expect((await scim(h, rivalToken, 'GET', `/Groups/${myGroup.body.id}`)).status).toBe(404)
    expect((await scim(h, rivalToken, 'GET', '/Groups')).body.totalResults).toBe(0)
    // Adding another company's user to one's own group: no such user.
    const rivalGroup = await scim(h, rivalToken, 'POST', '/Groups', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      displayName: 'Grab',
      members: [{ value: mine.body.id }],
    })
    expect(rivalGroup.status).toBe(400)
    expect(rivalGroup.body.scimType).toBe('invalidValue')
    // The company comes from the token: a tenant named in the body changes nothing.
    const sneaky = await scim(h, rivalToken, 'POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: 'sneak@rival-scim.example',
      tenantId: admin._id,
    })
    const row = await h.db.selectFrom('user').select('tenantId').where('id', '=', sneaky.body.id).executeTakeFirstOrThrow()
    const rivalTenant = await h.db.selectFrom('user').select('tenantId').where('email', '=', 'boss@rival-scim.example').executeTakeFirstOrThrow()
    expect(row.tenantId).toBe(rivalTenant.tenantId)
    expect((await scim(h, token, 'GET', `/Users/${mine.body.id}`)).body.active).toBe(true)
  })

  it('rate limits per token with 429, Retry-After and the SCIM error schema', async () => {
    // A well-formed token nobody issued: its id is the key, so the company's real token is untouched.
    const guess = `scim_${'0'.repeat(24)}_${'A'.repeat(43)}`
    let last: ScimReply | undefined
    for (let i = 0; i <= SCIM_RATE_LIMIT.max && last?.status !== 429; i++) last = await scim(h, guess, 'GET', '/Groups')
    expect(last?.status).toBe(429)
    expect(last?.headers['retry-after']).toBeDefined()
    expect(last?.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '429' })
    expect((await scim(h, token, 'GET', '/Groups')).status).toBe(200)
  })

  it('answers bad requests with SCIM errors in words, never a 500', async () => {
    const cases: [string, 'GET' | 'POST' | 'PATCH', string, string | object | undefined, number, string | undefined][] = [
      ['unsupported filter', 'GET', `/Users?filter=${encodeURIComponent('userName sw "a"')}`, undefined, 400, 'invalidFilter'],
      ['unknown filter attribute', 'GET', `/Users?filter=${encodeURIComponent('title eq "x"')}`, undefined, 400, 'invalidFilter'],
      ['count not a number', 'GET', '/Users?count=ten', undefined, 400, 'invalidValue'],
      ['not JSON', 'POST', '/Users', '{"userName": ', 400, 'invalidSyntax'],
      ['no userName', 'POST', '/Users', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'] }, 400, 'invalidValue'],
      ['no address to sign in with', 'POST', '/Users', { userName: 'just-a-name' }, 400, 'invalidValue'],
      ['unknown op', 'PATCH', '/Users/00000000-0000-4000-8000-000000000000', { Operations: [{ op: 'merge', path: 'active', value: true }] }, 404, undefined],
      ['unknown resource', 'GET', '/Nothing', undefined, 404, undefined],
    ]
    for (const [label, method, url, body, status, scimType] of cases) {
      const res = await scim(h, token, method, url, body)
      expect([label, res.status, res.body.scimType]).toEqual([label, status, scimType])
      expect(res.body.schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:Error'])
      expect(typeof res.body.detail).toBe('string')
    }
    const user = await scim(h, token, 'POST', '/Users', { userName: 'ops@scim-co.example' })
    const badOp = await scim(h, token, 'PATCH', `/Users/${user.body.id}`, { Operations: [{ op: 'merge', path: 'active', value: true }] })
    expect([badOp.status, badOp.body.scimType]).toEqual([400, 'invalidSyntax'])
    const badBool = await scim(h, token, 'PATCH', `/Users/${user.body.id}`, { Operations: [{ op: 'replace', path: 'active', value: 'maybe' }] })
    expect([badBool.status, badBool.body.scimType]).toEqual([400, 'invalidValue'])
    const badPath = await scim(h, token, 'PATCH', `/Users/${user.body.id}`, { Operations: [{ op: 'replace', path: 'name[[x', value: 'y' }] })
    expect([badPath.status, badPath.body.scimType]).toEqual([400, 'invalidPath'])
    // Body size limit, and a media type that is not JSON.
    const huge = await scim(h, token, 'POST', '/Users', { userName: 'big@scim-co.example', title: 'x'.repeat(300 * 1024) })
    expect(huge.status).toBe(413)
    const text = await h.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
      payload: 'userName',
    })
    expect(text.statusCode).toBe(415)
    expect(text.json()).toMatchObject({ status: '415' })
  })
})
