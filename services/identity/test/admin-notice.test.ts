// Other services' mails for a company's admins (issue 25: a new access request): identity sends each
// to that tenant's admins with a proven address, never to another tenant's, nor to plain members.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createMemoryBus } from '@portal/bus'
import { events } from '@portal/contracts'
import { testDatabaseKinds } from '@portal/db'
import { createRecordingMailer } from '@portal/mail'
import { createLogger } from '@portal/observability'
import { sendAdminNotices } from '../src/admin-notice.js'
import { insertTenant } from '../src/db/tenants.repo.js'
import { insertUser } from '../src/db/users.repo.js'
import { buildHarness, type Harness } from './harness.js'

describe.each(testDatabaseKinds())('admin notices on %s', (_kind, open) => {
  let h: Harness
  beforeAll(async () => {
    h = await buildHarness(open)
  })
  afterAll(async () => h?.close())

  it("mails the tenant's verified admins only", async () => {
    const acme = await insertTenant(h.db, { dbNameBase: 'acme', companyName: 'Acme' })
    const rival = await insertTenant(h.db, { dbNameBase: 'rival', companyName: 'Rival' })
    const user = (tenantId: string, email: string, admin: boolean, verified: boolean) =>
      insertUser(h.db, tenantId, { email, passwordHash: 'x', firstName: 'A', lastName: 'B', admin, ...(verified ? { emailVerifiedAt: new Date() } : {}) })
    await user(acme.id, 'ada@acme.example', true, true)
    await user(acme.id, 'new@acme.example', true, false)
    await user(acme.id, 'member@acme.example', false, true)
    await user(rival.id, 'boss@rival.example', true, true)

    const bus = createMemoryBus()
    const mail = createRecordingMailer()
    const stop = await sendAdminNotices({ bus, db: h.db, mail, logger: createLogger({ logLevel: 'silent' }) })
    const notice = { tenantId: acme.id, subject: 'Access request: Vera asks for "SOC 2"', text: 'text', html: '<p>text</p>' }
    await bus.publish(events.adminNotice(acme.id), notice)
    // A payload naming another tenant than its subject is ignored.
    await bus.publish(events.adminNotice(acme.id), { ...notice, tenantId: rival.id })
    await new Promise((r) => setTimeout(r, 100))
    expect(mail.sent.map((m) => [m.to, m.subject])).toEqual([['ada@acme.example', 'Access request: Vera asks for "SOC 2"']])
    await stop()
    await bus.close()
  })
})
