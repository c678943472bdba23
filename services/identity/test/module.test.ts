// The module as the host starts it (migrations, /api prefix), the demo seed, the migrations
// themselves, and the public registry routes, on every database kind.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { type Database, migrateSchema, schemaDb, testDatabaseKinds } from '@portal/db'
import type { ServiceContext } from '@portal/http'
import { startService } from '@portal/http/testing'
import { sql } from 'kysely'
import { migrations } from '../src/db/migrations/index.js'
import type { IdentityDb } from '../src/db/schema.js'
import { hashPassword } from '../src/domain/password-hash.js'
import { DEMO, identityModule, seedDemo } from '../src/index.js'
import { call, type Harness } from './harness.js'

describe.each(testDatabaseKinds())('identity module on %s', (_kind, open) => {
  let database: Database
  let ctx: ServiceContext
  let h: Harness
  beforeAll(async () => {
    const service = await startService(open, { env: { DB_MIGRATE: 'auto' }, tmpPrefix: 'identity-module-', queue: true, start: (c) => identityModule.init(c) })
    database = service.database
    ctx = service.ctx
    // The harness shape, for call(): the module built the plugin itself.
    h = { ...service, db: schemaDb<IdentityDb>(database, 'identity', { system: true }) }
  })
  afterAll(async () => h?.close())

  it("migrates its own schema and the audit log's only, and a rerun changes nothing", async () => {
    const tables = await sql<{ tableSchema: string; tableName: string }>`
      select table_schema, table_name from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema') order by 2`.execute(h.db)
    expect([...new Set(tables.rows.map((t) => t.tableSchema))].sort()).toEqual(['audit', 'identity'])
    expect(tables.rows.filter((t) => t.tableSchema === 'audit').map((t) => t.tableName)).toEqual([
      'anchor',
      'entry',
      'kysely_migration',
      'kysely_migration_lock',
    ])
    expect(tables.rows.filter((t) => t.tableSchema === 'identity').map((t) => t.tableName)).toEqual([
      'api_key',
      'attempt',
      'device',
      'email_verification',
      'invite',
      'kysely_migration',
      'kysely_migration_lock',
      'mfa_challenge',
      'mfa_recovery_code',
      'mfa_totp',
      'otp',
      'refresh_token',
      'saml_assertion',
      'saml_request',
      'scim_config',
      'scim_group',
      'scim_group_member',
      'scim_user',
      'sso_domain',
      'sso_flow',
      'sso_oidc',
      'sso_policy',
      'sso_saml',
      'sso_ticket',
      'tenant',
      'user',
      'waitlist',
      'webauthn_credential',
      'webauthn_registration',
      'webhook',
      'webhook_delivery',
      'webhook_event',
    ])
    await migrateSchema(database, 'identity', migrations)
    // Emails are stored lowercased; the database refuses anything else.
    const tenant = await h.db
      .insertInto('tenant')
      .values({ id: crypto.randomUUID(), dbName: 'check_co', companyName: 'Check' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const user = { id: crypto.randomUUID(), tenantId: tenant.id, passwordHash: 'h', firstName: 'a', lastName: 'b', admin: false }
    await expect(
      h.db
        .insertInto('user')
        .values({ ...user, email: 'Upper@check.example' })
        .execute(),
    ).rejects.toThrow(/user_email_lowercase/)
    await h.db
      .insertInto('user')
      .values({ ...user, email: 'lower@check.example' })
      .execute()
    const applied = await sql<{ name: string }>`select name from identity.kysely_migration order by name`.execute(database.system)
    expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(migrations))
  })

  it('refuses a weak DEMO_PASSWORD with the reason, before creating anything', async () => {
    await expect(seedDemo(ctx, 'Password1!')).rejects.toThrow(/^DEMO_PASSWORD is refused: This password is too easy to guess\./)
    await expect(seedDemo(ctx, 'demo1234')).rejects.toThrow('DEMO_PASSWORD is refused: Password must contain at least one special character.')
    expect(await h.db.selectFrom('tenant').select('id').where('dbName', '=', 'demo').execute()).toHaveLength(0)
  })

  it('seeds the demo tenant once, verified, and its admin can sign in', async () => {
    const first = await seedDemo(ctx)
    const again = await seedDemo(ctx)
    expect(again).toEqual(first)
    // The built-in password passes the password rules like any other.
    expect(first).toMatchObject({ dbName: 'demo', email: 'admin@demo.example', password: 'Demo-Trust!4821', passwordFromConfig: false })
    expect(await h.db.selectFrom('user').select('id').where('email', '=', DEMO.email).execute()).toHaveLength(1)
    const login = await call(h, 'POST', '/api/userlogin', { body: { email: first.email, password: first.password } })
    expect(login.body).toMatchObject({ status: true, data: { admin: true, dbName: 'demo', firstName: 'Demo', lastName: 'Admin', emailVerified: true } })
    const tenant = await h.db.selectFrom('tenant').select(['id', 'provisioned']).where('dbName', '=', 'demo').executeTakeFirstOrThrow()
    expect(tenant).toEqual({ id: first.tenantId, provisioned: true })
  })

  it('finds the demo of an earlier start again: verified now, and says when its password was changed', async () => {
    const first = await seedDemo(ctx)
    await h.db
      .updateTable('user')
      .set({ emailVerifiedAt: null, passwordHash: await hashPassword('Changed-By!Owner9') })
      .where('email', '=', DEMO.email)
      .execute()
    const again = await seedDemo(ctx)
    expect(again).toMatchObject({ tenantId: first.tenantId, passwordCurrent: false })
    const user = await h.db.selectFrom('user').select('emailVerifiedAt').where('email', '=', DEMO.email).executeTakeFirstOrThrow()
    expect(user.emailVerifiedAt).not.toBeNull()
    expect(first.passwordCurrent).toBe(true)
  })

  it('migrates existing accounts: invited people count as verified, everyone else must verify', async () => {
    const fresh = await open()
    try {
      const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '2026_11_28'))
      await migrateSchema(fresh, 'identity', before)
      const db = schemaDb<IdentityDb>(fresh, 'identity', { system: true })
      const tenantId = crypto.randomUUID()
      await db.insertInto('tenant').values({ id: tenantId, dbName: 'old_co', companyName: 'Old' }).execute()
      const user = (email: string) => ({ id: crypto.randomUUID(), tenantId, email, passwordHash: 'h', firstName: 'a', lastName: 'b', admin: false })
      const [founder, invited] = [user('founder@old.example'), user('invited@old.example')]
      await db.insertInto('user').values([founder, invited]).execute()
      const acceptedAt = new Date('2026-11-20T10:00:00Z')
      await db
        .insertInto('invite')
        .values({ id: crypto.randomUUID(), tenantId, email: invited.email, tokenHash: 'x', invitedBy: founder.id, expiresAt: acceptedAt, acceptedAt })
        .execute()
      await migrateSchema(fresh, 'identity', migrations)
      const rows = await db.selectFrom('user').select(['email', 'emailVerifiedAt']).orderBy('email').execute()
      expect(rows).toEqual([
        { email: founder.email, emailVerifiedAt: null },
        { email: invited.email, emailVerifiedAt: acceptedAt },
      ])
    } finally {
      await fresh.close()
    }
  })

  it('leaves check-hostname to the trust-center service, which owns the host registry', async () => {
    expect(ctx.server.hasRoute({ method: 'GET', url: '/api/fs/check-hostname' })).toBe(false)
    const applied = await sql<{ name: string }>`select name from identity.kysely_migration where name like '%drop_host'`.execute(database.system)
    expect(applied.rows).toHaveLength(1)
  })

  it('publishes the verification keys (public parts only)', async () => {
    const res = await call(h, 'GET', '/api/.well-known/jwks.json')
    expect(res.status).toBe(200)
    const keys = res.body['keys'] as Record<string, unknown>[]
    expect(keys).toHaveLength(1)
    expect(keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig', kid: expect.any(String), x: expect.any(String) })
    expect(keys[0]).not.toHaveProperty('d')
  })

  it('never sends tenant ids or hashes', async () => {
    const signup = await call(h, 'POST', '/api/usercreate', {
      body: { firstName: 'a', lastName: 'b', email: 'leak@leak-co.example', password: 'Str0ng!pass', cnfpassword: 'Str0ng!pass' },
    })
    const me = signup.body.data as { _id: string; token: string }
    const replies = [signup, await call(h, 'GET', `/api/userprofile/${me._id}`, { token: me.token }), await call(h, 'GET', '/api/people', { token: me.token })]
    for (const r of replies) expect(JSON.stringify(r.body)).not.toMatch(/tenantId|tenant_id|passwordHash|password_hash|tokenHash|\$argon2/)
  })
})
