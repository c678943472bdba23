// The chain on each database kind without a portal: concurrent appends of one company take distinct
// places and verify; a changed or removed entry is named; the app role may only read and append;
// retention keeps an anchor the rest verifies from. (Through the routes: tests/integration/audit-log.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { APP_ROLE, asOwner, asSystem, type Database, migrateSchema, testDatabaseKinds, withTenant } from '@portal/db'
import { sql } from 'kysely'
import { AUDIT, auditDb, csvField, migrations, recordAudit, SCHEMA, sweepAudit, verifyChain } from '../src/index.js'

describe.each(testDatabaseKinds())('audit chain on %s', (_kind, open) => {
  let database: Database
  const a = crypto.randomUUID()
  const b = crypto.randomUUID()

  beforeAll(async () => {
    database = await open()
    await migrateSchema(database, SCHEMA, migrations)
  })
  afterAll(async () => database?.close())

  const append = (tenantId: string, target: string, at?: Date) =>
    withTenant(tenantId, () =>
      recordAudit(database.root, undefined, { action: AUDIT.memberInvited, tenantId, actor: { id: 'u1', email: 'Admin@A.example' }, target, at }),
    )
  const verify = (tenantId: string) => withTenant(tenantId, () => verifyChain(auditDb(database), tenantId))

  it('gives concurrent appends of one company distinct places, and the chain verifies', async () => {
    await Promise.all(Array.from({ length: 12 }, (_, i) => append(a, `person${i}@a.example`)))
    await append(b, 'someone@b.example')
    expect(await verify(a)).toEqual({ ok: true, checked: 12 })
    expect(await verify(b)).toEqual({ ok: true, checked: 1 })
    const rows = await withTenant(a, () =>
      auditDb(database).selectFrom('entry').select(['seq', 'actorEmail']).where('tenantId', '=', a).orderBy('seq').execute(),
    )
    expect(rows.map((r) => Number(r.seq))).toEqual(Array.from({ length: 12 }, (_, i) => i + 1))
    expect(rows[0]!.actorEmail).toBe('admin@a.example')
  })

  it("keeps each company's rows to itself (row-level security behind the filters)", async () => {
    const seen = await withTenant(a, () => sql<{ n: number }>`select count(*)::int as n from audit.entry where tenant_id = ${b}`.execute(database.root))
    expect(seen.rows[0]!.n).toBe(0)
    await expect(withTenant(a, () => recordAudit(database.root, undefined, { action: AUDIT.loginFailed, tenantId: b }))).rejects.toThrow(/row-level security/)
  })

  it('refuses a malformed action name and an entry without a company', async () => {
    await expect(withTenant(a, () => recordAudit(database.root, undefined, { action: 'Login OK', tenantId: a }))).rejects.toThrow(/dotted lowercase/)
    await expect(asSystem(() => recordAudit(database.root, undefined, { action: AUDIT.loginFailed }))).rejects.toThrow(/no company/)
  })

  it('lets the app role read and append only; the trigger refuses the owner too', async () => {
    const role = await asOwner(() => sql<{ ok: boolean }>`select exists (select from pg_roles where rolname = ${APP_ROLE}) as ok`.execute(database.root))
    expect(role.rows[0]!.ok).toBe(true) // both kinds run as portal_app
    for (const q of [sql`update audit.entry set target = 'x'`, sql`delete from audit.entry`, sql`truncate audit.entry`, sql`delete from audit.anchor`]) {
      await expect(withTenant(a, () => q.execute(database.root))).rejects.toThrow(/permission denied/)
    }
    await expect(asOwner(() => sql`update audit.entry set target = 'x' where tenant_id = ${a}`.execute(database.root))).rejects.toThrow(/append-only/)
    await expect(asOwner(() => sql`delete from audit.entry where tenant_id = ${a}`.execute(database.root))).rejects.toThrow(/append-only/)
  })

  it('names the first changed entry, then the first missing one', async () => {
    const tamper = (statement: ReturnType<typeof sql>) =>
      asOwner(async () => {
        await sql`alter table audit.entry disable trigger entry_append_only`.execute(database.root)
        try {
          await statement.execute(database.root)
        } finally {
          await sql`alter table audit.entry enable trigger entry_append_only`.execute(database.root)
        }
      })
    await tamper(sql`update audit.entry set at = at + interval '1 millisecond' where tenant_id = ${a} and seq = 7`)
    expect(await verify(a)).toMatchObject({ ok: false, checked: 6, firstBroken: { seq: 7, action: AUDIT.memberInvited } })
    await tamper(sql`update audit.entry set at = at - interval '1 millisecond' where tenant_id = ${a} and seq = 7`)
    expect(await verify(a)).toEqual({ ok: true, checked: 12 })
    await tamper(sql`delete from audit.entry where tenant_id = ${a} and seq in (4, 5)`)
    expect(await verify(a)).toMatchObject({ ok: false, checked: 3, firstBroken: { seq: 6, reason: 'entry 4 to 5 is missing before entry 6' } })
    expect(await verify(b)).toEqual({ ok: true, checked: 1 })
  })

  it('removes entries past retention and keeps an anchor the rest verifies from', async () => {
    const old = new Date(Date.now() - 40 * 86_400_000)
    await append(b, 'old1@b.example', new Date(old.getTime() + 1))
    await append(b, 'new@b.example')
    // b: entry 1 (now), 2 (40 days ago), 3 (now). The chain is cut at its last old entry: 1 and 2 go.
    const removed = await asSystem(() => sweepAudit(database.root, 30))
    expect(removed).toBe(2)
    expect(await verify(b)).toEqual({ ok: true, checked: 1 })
    await append(b, 'after@b.example')
    expect(await verify(b)).toEqual({ ok: true, checked: 2 })
    const anchor = await withTenant(b, () => auditDb(database).selectFrom('anchor').select('seq').where('tenantId', '=', b).executeTakeFirstOrThrow())
    expect(Number(anchor.seq)).toBe(2)
    // The sweep's flag gives the app role nothing: it has no DELETE right at all.
    await expect(withTenant(b, () => sql`delete from audit.entry where tenant_id = ${b}`.execute(database.root))).rejects.toThrow(/permission denied/)
  })

  it('makes a CSV field a spreadsheet would run inert', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', 'plain', 'say "hi"', null].map(csvField)).toEqual([
      `"'=1+1"`,
      `"'+1"`,
      `"'-1"`,
      `"'@SUM(A1)"`,
      `"'\tx"`,
      '"plain"',
      '"say ""hi"""',
      '""',
    ])
  })
})
