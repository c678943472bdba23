// The audit log (issue 27, docs/audit-api.md, security.md B30–B33), through the real routes of the
// whole portal: every listed action leaves its entry with actor, target, address, user agent and
// request id; the chain verifies, and a row changed in the database is named by the verification;
// the app role cannot UPDATE or DELETE entries; another company's entries are never listed; the CSV
// export keeps formulas inert; retention removes old entries and the chain still verifies.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { AUDIT, sweepAudit } from '@portal/audit'
import type { AuditEntry, AuditVerification } from '@portal/contracts'
import { APP_ROLE, asOwner, schemaDb, withTenant } from '@portal/db'
import { finishFile, insertCompany, insertFile, type QuestionnaireDb, replaceQuestions } from '@portal/questionnaire-store'
import { sql } from 'kysely'
import { multipart, type Part } from '../../services/trust-center/test/fixtures.js'
import { call, dbKinds, type SignedUp, signUp, startTestPortal, type TestPortal } from '../support/portal.js'

const DATA = path.resolve(process.cwd(), 'tests/fixtures')
const PUBLIC_PDF = path.join(DATA, 'policies/basecamp_37signals/security_Basecamp_Security_Overview_2021-02-04.pdf')
const VSA = path.join(DATA, 'questionnaires/built/vsa-core.xlsx')
const PASSWORD = 'Str0ng!pass'
const UA = 'audit-test/1.0'
const ADMIN = 'ciso@audit-co.example'

// One portal, on PostgreSQL where the machine has it (its roles are what production runs), else PGlite:
// packages/audit/test/chain.test.ts runs the chain, the roles and retention on both, without a portal.
describe.each(dbKinds().slice(-1))('the audit log on %s', (db) => {
  let tp: TestPortal
  let admin: SignedUp
  let rival: SignedUp
  let tenantId: string
  let publicDoc: string
  let questionnaireId: string
  const host = { host: 'auditco.localhost' }
  const visitorEmail = 'vera@buyer.example'

  const as = (user: SignedUp, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = {}) =>
    call(tp, method, url, { token: user.token, headers: { 'user-agent': UA, ...headers }, ...(body !== undefined ? { body } : {}) })
  const form = (user: SignedUp, url: string, parts: Part[]) => {
    const { payload, contentType } = multipart(parts)
    return call(tp, 'POST', url, { token: user.token, body: payload, headers: { 'content-type': contentType, 'user-agent': UA } })
  }
  const entries = async (user: SignedUp, query = '') => {
    const res = await as(user, 'GET', `/api/audit?pageSize=100${query}`)
    expect(res.status).toBe(200)
    return res.body as unknown as { data: AuditEntry[]; total: number }
  }
  const verify = async (user: SignedUp) => {
    const res = await as(user, 'GET', '/api/audit/verify')
    expect(res.status).toBe(200)
    return res.body.data as AuditVerification
  }

  beforeAll(async () => {
    tp = await startTestPortal({ db })
    admin = await signUp(tp, ADMIN)
    rival = await signUp(tp, 'ciso@rival-audit.example')
    const database = tp.portal.ctx.db!
    tenantId = (await sql<{ id: string }>`select id from identity.tenant where db_name = ${admin.dbName}`.execute(database.system)).rows[0]!.id
    // A questionnaire with its questions, as extraction leaves it (what the export route reads).
    const store = schemaDb<QuestionnaireDb>(database, 'questionnaire', { system: true })
    const client = await insertCompany(store, tenantId, { companyName: 'Audit Client', complianceBucket: 'c', questionnairesBucket: 'q' })
    const file = await insertFile(store, tenantId, {
      companyId: client.id,
      kind: 'questionnaire',
      fileName: 'vendor-review.xlsx',
      storageKey: 'k',
      format: 'xlsx',
    })
    await replaceQuestions(store, tenantId, file.id, [{ sheet: 'S', row: 2, questionRef: '1', question: 'Is data encrypted at rest?', answerCells: [] }])
    await finishFile(store, tenantId, file.id, { state: 'ready', total: 1 })
    questionnaireId = file.id
    const doc = await form(admin, '/api/fs/upload-docs', [
      { name: 'visibility', value: 'public' },
      { name: 'file', filename: 'SecurityOverview.pdf', content: await readFile(PUBLIC_PDF) },
    ])
    expect(doc.status).toBe(201)
    publicDoc = (doc.body.data as { _id: string })._id
  }, 120_000)
  afterAll(async () => tp?.stop())

  // One row per action: the call that does it, then its entry (newest of that action) and its target.
  const actions: [string, () => Promise<{ status: number }>, number, string | RegExp, string | null][] = [
    [
      AUDIT.loginSucceeded,
      () => call(tp, 'POST', '/api/userlogin', { body: { email: ADMIN, password: PASSWORD }, headers: { 'user-agent': UA } }),
      200,
      ADMIN,
      ADMIN,
    ],
    [
      AUDIT.loginFailed,
      () => call(tp, 'POST', '/api/userlogin', { body: { email: ADMIN, password: 'Wr0ng!pass' }, headers: { 'user-agent': UA } }),
      400,
      ADMIN,
      ADMIN,
    ],
    [
      AUDIT.memberInvited,
      () => as(admin, 'POST', '/api/people/invite', { email: 'dan@audit-co.example' }),
      201,
      'dan@audit-co.example',
      'ciso@audit-co.example',
    ],
    [
      AUDIT.memberRemoved,
      async () => {
        const people = (await as(admin, 'GET', '/api/people?page=1&pageSize=10')).body.data as { _id: string; email: string }[]
        return as(admin, 'DELETE', `/api/people/${people.find((p) => p.email === 'dan@audit-co.example')!._id}`)
      },
      200,
      'dan@audit-co.example (invitation)',
      'ciso@audit-co.example',
    ],
    [AUDIT.trustCenterPublished, () => as(admin, 'POST', '/api/fs/add-cname', { subdomain: 'auditco' }), 200, /^auditco\./, 'ciso@audit-co.example'],
    [AUDIT.ndaChanged, () => as(admin, 'POST', '/api/nda/save', { description: 'Audit Co NDA, version 1' }), 201, 'NDA version 1', 'ciso@audit-co.example'],
    [
      AUDIT.accessApproved,
      () =>
        as(admin, 'POST', '/api/accounts/save', {
          firstName: 'Vera',
          lastName: 'Visitor',
          companyName: 'Buyer Inc',
          workEmail: visitorEmail,
          relationshpLinkedIn: 'Customer',
        }),
      201,
      visitorEmail,
      'ciso@audit-co.example',
    ],
    [
      AUDIT.accessRevoked,
      async () => {
        const approved = (await as(admin, 'GET', '/api/accountsrequest?pageType=approved')).body.data as { _id: string; workEmail: string }[]
        return as(admin, 'DELETE', `/api/accountsrequest/${approved.find((a) => a.workEmail === visitorEmail)!._id}`)
      },
      200,
      visitorEmail,
      'ciso@audit-co.example',
    ],
    [
      AUDIT.documentDownloaded,
      () =>
        call(tp, 'POST', '/api/fs/download-docs', {
          headers: { ...host, 'user-agent': UA },
          body: { fileKey: publicDoc, userAccessEmail: 'Reader@Buyer.example' },
        }),
      200,
      'SecurityOverview.pdf',
      'reader@buyer.example',
    ],
    [AUDIT.trustCenterUnpublished, () => as(admin, 'POST', '/api/fs/remove-cname'), 200, /^auditco\./, 'ciso@audit-co.example'],
    [
      AUDIT.questionnaireExported,
      () => as(admin, 'GET', `/api/downloadquestions/${questionnaireId}`),
      200,
      'vendor-review.xlsx (questions and answers)',
      'ciso@audit-co.example',
    ],
    [
      AUDIT.outboundSent,
      async () => {
        const res = await form(admin, '/api/outbound/save', [
          { name: 'clientName', value: 'Globex' },
          { name: 'email', value: 'cio@globex.example' },
          { name: 'files', filename: 'VSA Core.xlsx', content: await readFile(VSA) },
        ])
        return res
      },
      201,
      'Globex <cio@globex.example>',
      'ciso@audit-co.example',
    ],
  ]

  it.each(actions)('records %s from its route', async (action, act, status, target, actor) => {
    const res = await act()
    expect(res.status).toBe(status)
    const [entry] = (await entries(admin, `&action=${encodeURIComponent(action)}`)).data
    expect(entry).toMatchObject({ action, actorEmail: actor, userAgent: UA })
    expect(entry!.target).toMatch(typeof target === 'string' ? new RegExp(`^${target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : target)
    expect(entry!.ip).toMatch(/^127\./)
    expect(entry!.requestId).toBeTruthy()
    expect(Date.now() - Date.parse(entry!.at)).toBeLessThan(60_000)
  })

  it('pages and filters by actor, newest first, and answers admins only', async () => {
    const all = await entries(admin)
    expect(all.total).toBeGreaterThanOrEqual(actions.length)
    const seqs = all.data.map((e) => e.seq)
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a))
    const page2 = (await as(admin, 'GET', '/api/audit?page=2&pageSize=2')).body
    expect(page2).toMatchObject({ currentPage: 2, total: all.total })
    expect((page2.data as AuditEntry[]).map((e) => e.seq)).toEqual(seqs.slice(2, 4))
    const visitor = await entries(admin, '&actor=BUYER.example')
    expect(visitor.data.map((e) => e.action)).toEqual([AUDIT.documentDownloaded])
    // `%` is a character, not a pattern.
    expect((await entries(admin, '&actor=%25')).total).toBe(0)
    expect((await call(tp, 'GET', '/api/audit')).status).toBe(401)
    expect((await as(admin, 'GET', '/api/audit?pageSize=1000')).status).toBe(400)
  })

  it("never lists another company's entries, nor verifies them", async () => {
    expect((await call(tp, 'POST', '/api/userlogin', { body: { email: rival.email, password: PASSWORD } })).status).toBe(200)
    const mine = await entries(admin)
    const theirs = await entries(rival)
    expect(theirs.data.map((e) => e.actorEmail)).toEqual([rival.email])
    expect(mine.data.some((e) => e.actorEmail === rival.email)).toBe(false)
    expect(await verify(rival)).toEqual({ ok: true, checked: 1 })
    // The DbName header cannot point the token elsewhere.
    expect((await as(admin, 'GET', '/api/audit', undefined, { dbname: rival.dbName })).status).toBe(403)
  })

  it('exports CSV with formulas kept as text, and JSON with every entry', async () => {
    const evil = '=HYPERLINK("http://evil.example","x")'
    expect((await call(tp, 'POST', '/api/userlogin', { body: { email: admin.email, password: PASSWORD }, headers: { 'user-agent': evil } })).status).toBe(200)
    const csv = await tp.portal.server.inject({ method: 'GET', url: '/api/audit/export?format=csv', headers: { authorization: `Bearer ${admin.token}` } })
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toMatch(/^text\/csv/)
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{4}-\d\d-\d\d\.csv"$/)
    const lines = csv.body.trim().split('\r\n')
    expect(lines[0]).toBe('"seq","at","action","actorEmail","target","ip","userAgent","requestId"')
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`)
    expect(csv.body).not.toMatch(/(^|,)"?=HYPERLINK/m)
    const json = await tp.portal.server.inject({ method: 'GET', url: '/api/audit/export?format=json', headers: { authorization: `Bearer ${admin.token}` } })
    const exported = json.json() as AuditEntry[]
    expect(exported.length).toBe(lines.length - 1)
    expect(exported.at(-1)).toMatchObject({ action: AUDIT.loginSucceeded, userAgent: evil })
    expect(exported.map((e) => e.seq)).toEqual(exported.map((_, i) => i + 1))
    expect((await as(admin, 'GET', '/api/audit/export?format=xml')).status).toBe(400)
  })

  it('verifies the chain, and names the first entry changed in the database', async () => {
    const before = await verify(admin)
    expect(before.ok).toBe(true)
    expect(before.checked).toBeGreaterThanOrEqual(actions.length)
    const database = tp.portal.ctx.db!
    // The owner, with the append-only trigger set aside: what a person with the database's keys could do.
    await asOwner(async () => {
      await sql`alter table audit.entry disable trigger entry_append_only`.execute(database.root)
      await sql`update audit.entry set target = 'someone-else@audit-co.example' where tenant_id = ${tenantId} and seq = 3`.execute(database.root)
      await sql`alter table audit.entry enable trigger entry_append_only`.execute(database.root)
    })
    const after = await verify(admin)
    expect(after).toMatchObject({ ok: false, checked: 2, firstBroken: { seq: 3, action: AUDIT.memberInvited } })
    expect(after.firstBroken!.reason).toMatch(/changed/)
    expect((await verify(rival)).ok).toBe(true)
    // A removed entry is named too.
    await asOwner(async () => {
      await sql`alter table audit.entry disable trigger entry_append_only`.execute(database.root)
      await sql`update audit.entry set target = 'dan@audit-co.example' where tenant_id = ${tenantId} and seq = 3`.execute(database.root)
      await sql`delete from audit.entry where tenant_id = ${tenantId} and seq = 5`.execute(database.root)
      await sql`alter table audit.entry enable trigger entry_append_only`.execute(database.root)
    })
    expect(await verify(admin)).toMatchObject({ ok: false, checked: 4, firstBroken: { seq: 6, reason: 'entry 5 is missing before entry 6' } })
  })

  it("refuses the app role's UPDATE and DELETE of entries; the owner's too, by the trigger", async () => {
    const database = tp.portal.ctx.db!
    const asApp = (q: ReturnType<typeof sql>) => withTenant(tenantId, () => q.execute(database.root))
    const role = await asOwner(() =>
      sql<{ exists: boolean }>`select exists (select from pg_roles where rolname = ${APP_ROLE}) as exists`.execute(database.root),
    )
    if (role.rows[0]!.exists) {
      const rights = await asOwner(() =>
        sql<{ ins: boolean; upd: boolean; del: boolean }>`select has_table_privilege(${APP_ROLE}, 'audit.entry', 'INSERT') as ins,
          has_table_privilege(${APP_ROLE}, 'audit.entry', 'UPDATE') as upd, has_table_privilege(${APP_ROLE}, 'audit.entry', 'DELETE') as del`.execute(
          database.root,
        ),
      )
      expect(rights.rows[0]).toEqual({ ins: true, upd: false, del: false })
      await expect(asApp(sql`update audit.entry set action = 'x.y' where seq = 1`)).rejects.toThrow(/permission denied/)
      await expect(asApp(sql`delete from audit.entry where seq = 1`)).rejects.toThrow(/permission denied/)
      await expect(asApp(sql`truncate audit.entry`)).rejects.toThrow(/permission denied/)
      await expect(asApp(sql`update audit.anchor set hash = 'x'`)).rejects.toThrow(/permission denied/)
    }
    await expect(asOwner(() => sql`update audit.entry set action = 'x.y' where seq = 1`.execute(database.root))).rejects.toThrow(/append-only/)
    await expect(asOwner(() => sql`delete from audit.entry where seq = 1`.execute(database.root))).rejects.toThrow(/append-only/)
  })

  it('removes entries past retention through the sweep, and the chain still verifies from its anchor', async () => {
    const database = tp.portal.ctx.db!
    const kept = await verify(rival)
    // Everything is older than a retention of 1 day, seen from a day and a second from now. The sweep is
    // system work (the identity plugin's hourly background), through audit.sweep: the app role may not delete.
    const n = await sweepAudit(database.system, 1, new Date(Date.now() + 86_401_000))
    expect(n).toBeGreaterThanOrEqual(kept.checked)
    expect(await verify(rival)).toEqual({ ok: true, checked: 0 })
    expect((await call(tp, 'POST', '/api/userlogin', { body: { email: rival.email, password: PASSWORD } })).status).toBe(200)
    const [entry] = (await entries(rival)).data
    expect(entry!.seq).toBe(kept.checked + 1) // after the removed ones: the sweep kept the last one's place and hash
    expect(await verify(rival)).toEqual({ ok: true, checked: 1 })
    expect(await sweepAudit(database.system, 0)).toBe(0) // 0 keeps everything
  })
})
