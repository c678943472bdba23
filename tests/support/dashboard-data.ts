// Rows the dashboard counts, written straight into a test portal's database (system scope, like a
// worker would): questionnaires with questions in given states, outbound questionnaires with
// answers, and trust-center history at chosen times. The endpoints under test read them over HTTP.
import { sql } from 'kysely'
import type { TestPortal } from './portal.js'

const system = (tp: TestPortal) => tp.portal.ctx.db!.system

export async function tenantIdOf(tp: TestPortal, dbName: string): Promise<string> {
  const { rows } = await sql<{ id: string }>`select id from identity.tenant where db_name = ${dbName}`.execute(system(tp))
  if (!rows[0]) throw new Error(`no tenant ${dbName}`)
  return rows[0].id
}

export interface SeedQuestionnaire {
  companyName: string
  fileName: string
  state?: 'queued' | 'running' | 'ready' | 'failed'
  total: number
  approved: number
  drafted: number
  createdAt?: Date
}

/** A client (reused by name) with one questionnaire whose first `approved` questions are approved and first `drafted` drafted. */
export async function seedQuestionnaire(tp: TestPortal, tenantId: string, q: SeedQuestionnaire): Promise<{ fileId: string; companyId: string }> {
  const db = system(tp)
  const found = await sql<{ id: string }>`select id from questionnaire.company where tenant_id = ${tenantId} and company_name = ${q.companyName}`.execute(db)
  const companyId = found.rows[0]?.id ?? crypto.randomUUID()
  if (!found.rows[0]) {
    await sql`insert into questionnaire.company (id, tenant_id, company_name, compliance_bucket, questionnaires_bucket) values (${companyId}, ${tenantId}, ${q.companyName}, 'compliance', 'questionnaires')`.execute(
      db,
    )
  }
  const fileId = crypto.randomUUID()
  await sql`insert into questionnaire.file (id, tenant_id, company_id, kind, file_name, storage_key, format, state, total, drafted, created_at)
    values (${fileId}, ${tenantId}, ${companyId}, 'questionnaire', ${q.fileName}, ${`t/${fileId}`}, 'xlsx', ${q.state ?? 'ready'}, ${q.total}, ${q.drafted}, ${q.createdAt ?? new Date()})`.execute(
    db,
  )
  for (let i = 0; i < q.total; i++) {
    const approved = i < q.approved
    const drafted = i < q.drafted
    await sql`insert into questionnaire.question (id, tenant_id, file_id, ordinal, sheet, row, question_ref, question, answer, llmstatus, drafted, answer_source)
      values (${crypto.randomUUID()}, ${tenantId}, ${fileId}, ${i + 1}, 'Sheet1', ${i + 2}, ${`Q${i + 1}`}, ${`Question ${i + 1}?`}, ${drafted ? 'Yes.' : ''}, ${approved}, ${drafted}, ${drafted ? 'documents' : ''})`.execute(
      db,
    )
  }
  return { fileId, companyId }
}

export interface SeedOutbound {
  clientName: string
  email: string
  total: number
  answered: number
  submitted?: boolean
  createdBy: string
  createdAt?: Date
}

export async function seedOutbound(tp: TestPortal, tenantId: string, dbName: string, o: SeedOutbound): Promise<string> {
  const db = system(tp)
  const id = crypto.randomUUID()
  await sql`insert into outbound.outbound (id, tenant_id, db_name, client_name, email, status, submitted_at, created_by, sender_name, sender_email, file_name, file_size, mime_type, format, blob_key, state, created_at)
    values (${id}, ${tenantId}, ${dbName}, ${o.clientName}, ${o.email}, ${o.submitted ?? false}, ${o.submitted ? new Date() : null}, ${o.createdBy}, 'Test User', 'sender@example.com',
      'questions.xlsx', 1024, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx', ${`t/${id}`}, 'ready', ${o.createdAt ?? new Date()})`.execute(
    db,
  )
  for (let i = 0; i < o.total; i++) {
    await sql`insert into outbound.outbound_question (id, tenant_id, outbound_id, position, question_ref, question, answer)
      values (${crypto.randomUUID()}, ${tenantId}, ${id}, ${i}, ${`${i + 1}`}, ${`Question ${i + 1}?`}, ${i < o.answered ? 'Answered.' : ''})`.execute(db)
  }
  return id
}

/** A trust-center history row at `at` standing for `count` events (page views come in batches). */
export async function seedHistory(tp: TestPortal, tenantId: string, type: 'view' | 'download', at: Date, count = 1): Promise<void> {
  await sql`insert into trust_center.history (id, tenant_id, type, detail, event_count, created_at)
    values (${crypto.randomUUID()}, ${tenantId}, ${type}, ${type === 'view' ? `Page loaded ${count} times` : 'Downloaded (seed)'}, ${count}, ${at})`.execute(
    system(tp),
  )
}
