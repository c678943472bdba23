// Contracts first (issue 15): every route of the outbound service is published in the OpenAPI
// document with its params, query and body (the fields the handler needs required) and a schema for
// each status it answers: its success (JSON, a file or the event stream) and the error envelope.
// The schemas are enforced: a field that fails gets a 400 with the spec's own message where it has
// one, the serializer writes every field the web reads, and bad input to any route, from staff, the
// recipient or nobody, gets a status the document declares.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { testDatabaseKinds } from '@portal/db'
import { buildQuestionsWorkbook } from '@portal/sheets'
import { tenantKey } from '@portal/storage'
import { insertAttachment } from '../src/db/attachments.repo.js'
import { insertComment } from '../src/db/comments.repo.js'
import { replaceFileQuestions } from '../src/db/files.repo.js'
import { insertLink } from '../src/db/links.repo.js'
import { insertOutbound, outboundQuestions } from '../src/db/outbounds.repo.js'
import { insertTemplate } from '../src/db/templates.repo.js'
import { DAY_MS, hashCapability, newCapability } from '../src/domain/capability.js'
import {
  type Doc,
  fieldNames,
  invalidRequest,
  JSON_TYPE,
  jsonSchema,
  type Method,
  notRequired,
  type Operation,
  operationsOf,
  otherStatuses,
  readDoc,
  repliesOf,
  requiredParameters,
  routeKey,
  type Schema,
  splitKey,
  successReply,
} from '@portal/http/testing'
import { buildHarness, call, type Harness, type Reply } from './harness.js'

const MULTIPART = 'multipart/form-data'
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const XLSM = 'application/vnd.ms-excel.sheet.macroEnabled.12'
const QUESTIONNAIRE_FILES = ['application/pdf', 'application/vnd.ms-excel', XLSX]
const ATTACHMENT_FILES = [
  ...QUESTIONNAIRE_FILES,
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
]
/** Every route that needs a session; a route the recipient may call adds 410 (its link stopped working). */
const STAFF = [400, 401, 403, 500, 503]
const INBOUND = [...STAFF, 410]

/**
 * Every route the service has: its success status and media types, every error status it answers,
 * who may call it, and what it must require: body fields, query fields and path params.
 */
const ROUTES: Record<
  string,
  { ok: number; media?: string[]; errors: number[]; who: 'staff' | 'inbound' | 'public'; form?: boolean; body?: string[]; query?: string[]; params?: string[] }
> = {
  'GET /api/inbound/{capability}': { ok: 200, who: 'public', errors: [400, 404, 410, 429, 500, 503], params: ['capability'] },
  'GET /api/questionnaire-templates': { ok: 200, who: 'staff', errors: STAFF },
  'POST /api/questionnaire-templates': { ok: 201, who: 'staff', form: true, errors: [...STAFF, 413, 415, 429], body: ['file'] },
  'GET /api/questionnaire-templates/{id}': { ok: 200, who: 'staff', errors: [...STAFF, 404], params: ['id'] },
  'PUT /api/questionnaire-templates/{id}': { ok: 200, who: 'staff', form: true, errors: [...STAFF, 404, 413, 415, 429], body: ['file'], params: ['id'] },
  'DELETE /api/questionnaire-templates/{id}': { ok: 200, who: 'staff', errors: [...STAFF, 404], params: ['id'] },
  'GET /api/questionnaire-templates/{id}/layout': { ok: 200, who: 'staff', errors: [...STAFF, 404, 409, 422], params: ['id'] },
  'PUT /api/questionnaire-templates/{id}/layout': {
    ok: 200,
    who: 'staff',
    errors: [...STAFF, 404, 409, 422],
    body: ['sheet', 'headerRow', 'columns'],
    params: ['id'],
  },
  'GET /api/outbound/{id}/layout': { ok: 200, who: 'staff', errors: [...STAFF, 404, 409, 422], params: ['id'] },
  'PUT /api/outbound/{id}/layout': { ok: 200, who: 'staff', errors: [...STAFF, 404, 409, 422], body: ['sheet', 'headerRow', 'columns'], params: ['id'] },
  'GET /api/questionnaire-templates/{id}/download': { ok: 200, who: 'staff', media: QUESTIONNAIRE_FILES, errors: [...STAFF, 404], params: ['id'] },
  'GET /api/questionnaire-templates/{id}/questions': { ok: 200, who: 'staff', errors: [...STAFF, 404], params: ['id'] },
  'PUT /api/questionnaire-templates/{id}/questions': { ok: 200, who: 'staff', errors: [...STAFF, 404, 409], body: ['questions'], params: ['id'] },
  'GET /api/outbound/dashboard': { ok: 200, who: 'staff', errors: STAFF },
  'POST /api/outbound/save': { ok: 201, who: 'staff', form: true, errors: [...STAFF, 404, 409, 413, 415, 429], body: ['clientName', 'email'] },
  'GET /api/outbound/list': { ok: 200, who: 'staff', errors: STAFF },
  'GET /api/outbound/{id}': { ok: 200, who: 'inbound', errors: [...INBOUND, 404], params: ['id'] },
  'DELETE /api/outbound/{id}': { ok: 200, who: 'staff', errors: [...STAFF, 404], params: ['id'] },
  'GET /api/outbound/{id}/download': { ok: 200, who: 'staff', media: QUESTIONNAIRE_FILES, errors: [...STAFF, 404], params: ['id'] },
  'POST /api/outbound/{id}/revoke': { ok: 200, who: 'staff', errors: [...STAFF, 404], params: ['id'] },
  'POST /api/outbound/{id}/resend': { ok: 200, who: 'staff', errors: [...STAFF, 404, 409, 429], body: [], params: ['id'] },
  'POST /api/outbound/{id}/submit': { ok: 200, who: 'inbound', errors: [...INBOUND, 404, 409], params: ['id'] },
  'PUT /api/outbound/answer': { ok: 200, who: 'inbound', errors: [...INBOUND, 404, 409], body: ['answer', 'outboundId', 'questionId'] },
  'PUT /api/outbound/attachment': {
    ok: 200,
    who: 'inbound',
    form: true,
    errors: [...INBOUND, 404, 409, 413, 415, 422, 429],
    body: ['outboundId', 'questionId', 'file'],
  },
  'DELETE /api/outbound/attachment': { ok: 200, who: 'inbound', errors: [...INBOUND, 404, 409], body: ['outboundId', 'attachmentId'] },
  'POST /api/outbound/attachment/download': {
    ok: 200,
    who: 'inbound',
    media: ATTACHMENT_FILES,
    errors: [...INBOUND, 404],
    body: ['outboundId', 'attachmentId'],
  },
  'POST /api/fs/download-inbound-attachments': { ok: 200, who: 'inbound', media: ATTACHMENT_FILES, errors: [...INBOUND, 404], body: ['outboundId'] },
  'POST /api/fs/delete-inbound-attachments': { ok: 200, who: 'inbound', errors: [...INBOUND, 404, 409], body: ['outboundId'] },
  'GET /api/outbound/comment/list': { ok: 200, who: 'inbound', errors: [...INBOUND, 404], query: ['questionId', 'outboundId'] },
  'POST /api/outbound/comment/add': { ok: 200, who: 'inbound', errors: [...INBOUND, 404, 409], body: ['comment', 'questionId', 'outboundId'] },
  'GET /api/outbound/collaborators': { ok: 200, who: 'staff', errors: [...STAFF, 404], query: ['outboundId'] },
  'POST /api/outbound/collaborator/add': { ok: 200, who: 'staff', errors: [...STAFF, 404, 409, 429], body: ['outboundId', 'collaboratorEmail'] },
  'DELETE /api/outbound/collaborator/remove': { ok: 200, who: 'staff', errors: [...STAFF, 404], body: ['outboundId', 'collaboratorEmail'] },
  'GET /api/outbound/{id}/events': { ok: 200, who: 'staff', media: ['text/event-stream'], errors: [...STAFF, 404], params: ['id'] },
  'GET /api/outbound/{id}/export-report': { ok: 200, who: 'staff', errors: [...STAFF, 404, 422], params: ['id'] },
  'GET /api/outbound/{id}/with-answers': { ok: 200, who: 'staff', media: [XLSX, XLSM], errors: [...STAFF, 404, 422], params: ['id'] },
  'GET /api/outbound/{id}/answers': { ok: 200, who: 'staff', media: [XLSX], errors: [...STAFF, 404], params: ['id'] },
}

/** The `data` of a `{ status, data }` reply (its items for a list), with an intersection's parts merged. */
function dataOf(op: Operation, status = 200): Schema {
  let data = jsonSchema(op.responses[String(status)])!.properties!['data']!
  if (data.items) data = data.items
  if (!data.allOf) return data
  return {
    properties: Object.assign({}, ...data.allOf.map((s) => s.properties)),
    required: data.allOf.flatMap((s) => s.required ?? []),
  }
}

/** A multipart form, as the browser sends it. */
function form(fields: Record<string, string>, file?: { name: string; field: string; bytes: Buffer; type?: string }) {
  const boundary = `----outbound${crypto.randomUUID()}`
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`))
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return { body: Buffer.concat(parts), headers: { 'content-type': `${MULTIPART}; boundary=${boundary}` } }
}

describe.each(testDatabaseKinds())('outbound contracts on %s', (_kind, open) => {
  let h: Harness
  let doc: Doc
  let operations: Map<string, Operation>
  let staff: { token: string; tenantId: string; dbName: string }
  /** A recipient's session for `outboundId` (the emailed link exchanged). */
  let recipient: string
  let capability: string
  let outboundId: string
  let otherOutboundId: string
  let questionId: string
  let attachmentId: string
  let templateId: string
  const op = (key: string): Operation => operations.get(key)!

  /** An outbound of the staff's tenant with two questions, the sent workbook in storage. */
  const seedOutbound = async () => {
    const bytes = await buildQuestionsWorkbook([
      { questionId: 'AIS-01', question: 'Do you encrypt data at rest?', answer: '', status: 'Not answered', sources: '' },
      { questionId: 'AIS-02', question: 'Do you run backups?', answer: '', status: 'Not answered', sources: '' },
    ])
    const blobKey = tenantKey(staff.tenantId, 'outboundFolder')
    await h.ctx.blobs!.put(blobKey, bytes, { contentType: XLSX })
    const id = await insertOutbound(h.db, staff.tenantId, {
      fileName: 'sent.xlsx',
      fileSize: bytes.length,
      mimeType: XLSX,
      format: 'xlsx',
      blobKey,
      dbName: staff.dbName,
      clientName: 'Big Bank',
      email: 'ciso@bigbank.example',
      templateId: null,
      createdBy: crypto.randomUUID(),
      senderName: 'Ada Lovelace',
      senderEmail: 'ada@acme.example',
      state: 'ready',
    })
    await replaceFileQuestions(h.db, staff.tenantId, 'outbound', id, [
      { questionRef: 'AIS-01', question: 'Do you encrypt data at rest?', sheet: 'Questions', row: 2, answerCells: [] },
      { questionRef: 'AIS-02', question: 'Do you run backups?', sheet: 'Questions', row: 3, answerCells: [] },
    ])
    return id
  }

  beforeAll(async () => {
    h = await buildHarness(open)
    doc = await readDoc(h.app)
    operations = operationsOf(doc)
    staff = await h.staff()
    outboundId = await seedOutbound()
    otherOutboundId = await seedOutbound()
    questionId = (await outboundQuestions(h.db, staff.tenantId, outboundId))[0]!.id
    const blobKey = tenantKey(staff.tenantId, 'inboundAttachments')
    await h.ctx.blobs!.put(blobKey, Buffer.from('%PDF-1.4\n%%EOF\n'), { contentType: 'application/pdf' })
    const added = await insertAttachment(
      h.db,
      staff.tenantId,
      { outboundId, questionId, fileName: 'policy.pdf', size: 15, mimeType: 'application/pdf', blobKey },
      h.ctx.config.attachmentCap,
    )
    if (typeof added === 'string') throw new Error(`attachment not seeded: ${added}`)
    attachmentId = added.id
    await insertComment(h.db, staff.tenantId, {
      outboundId,
      questionId,
      comment: 'See the policy',
      commentType: 'outbound',
      firstName: 'Ada',
      lastName: 'Lovelace',
    })
    const templateKey = tenantKey(staff.tenantId, 'outboundFolder')
    await h.ctx.blobs!.put(templateKey, Buffer.from('%PDF-1.4\n%%EOF\n'), { contentType: 'application/pdf' })
    templateId = await insertTemplate(h.db, staff.tenantId, {
      fileName: 'template.pdf',
      fileSize: 15,
      mimeType: 'application/pdf',
      format: 'pdf',
      blobKey: templateKey,
      createdBy: crypto.randomUUID(),
    })
    capability = newCapability()
    await insertLink(h.db, staff.tenantId, {
      outboundId,
      email: 'ciso@bigbank.example',
      tokenHash: hashCapability(capability),
      expiresAt: new Date(Date.now() + 30 * DAY_MS),
    })
    const exchanged = await call(h, 'GET', `/api/inbound/${capability}`)
    expect(exchanged.status).toBe(200)
    recipient = (exchanged.body.data as { token: string }).token
  })
  afterAll(async () => h?.close())

  it('publishes every route of the service, and only those, in the OpenAPI document', () => {
    const declared = h.routes
      .filter((r) => !r.url.endsWith('/healthz'))
      .map((r) => routeKey(r.method, r.url))
      .sort()
    expect(declared).toEqual(Object.keys(ROUTES).sort())
    expect(declared).toHaveLength(37)
    for (const key of declared) expect({ key, published: Boolean(op(key)) }).toEqual({ key, published: true })
  })

  it('declares a schema for each success status of every route, under its media type', () => {
    for (const [key, want] of Object.entries(ROUTES)) {
      const media = [...(want.media ?? [JSON_TYPE])].sort()
      // JSON: the envelope, with its payload declared field by field (never a bare object the serializer would empty); else bytes.
      const shapes = media.map((type) => (type === JSON_TYPE ? { type: 'object', requiresStatus: true, bareObjects: [] } : { type: 'string' }))
      expect({ key, ...successReply(op(key), want.ok) }).toEqual({ key, successes: [String(want.ok)], media, shapes })
    }
  })

  it('declares the error envelope for every error status a route answers', () => {
    for (const [key, want] of Object.entries(ROUTES)) {
      const errors = otherStatuses(op(key)).sort()
      expect({ key, errors }).toEqual({ key, errors: [...new Set(want.errors)].map(String).sort() })
      // A save someone else's came before carries the answer as it is now (issue 22).
      const data = (status: string) => (status === '409' && key === 'PUT /api/outbound/answer' ? ['data'] : [])
      const envelope = (status: string) => ({
        status,
        required: ['status', 'message', 'code'],
        properties: ['status', 'message', 'code', 'errors', ...data(status)],
      })
      expect({ key, replies: repliesOf(op(key), errors) }).toEqual({ key, replies: errors.map(envelope) })
    }
  })

  it('marks required what the handlers need: body fields, query fields and path params', () => {
    for (const [key, want] of Object.entries(ROUTES)) {
      const o = op(key)
      const body = jsonSchema(o.requestBody, want.form ? MULTIPART : JSON_TYPE)
      if (want.body) expect({ key, required: body?.required ?? [] }).toEqual({ key, required: want.body })
      else expect({ key, body }).toEqual({ key, body: undefined })
      const required = { query: requiredParameters(o, 'query'), params: requiredParameters(o, 'path') }
      expect({ key, ...required }).toEqual({ key, query: want.query ?? [], params: want.params ?? [] })
    }
  })

  it('declares the fields the web reads in the replies', () => {
    const need = (key: string, schema: Schema, fields: string[]) => expect({ key, undeclared: notRequired(schema, fields) }).toEqual({ key, undeclared: [] })
    const summary = [
      '_id',
      'clientName',
      'email',
      'status',
      'createdAt',
      'submittedAt',
      'collaborators',
      'fileName',
      'state',
      'error',
      'total',
      'answered',
      'link',
    ]
    need('list', dataOf(op('GET /api/outbound/list')), summary)
    const detail = dataOf(op('GET /api/outbound/{id}'))
    need('detail', detail, [...summary, 'outboundId', 'dbName', 'questionnairesBucket', 'file', 'readOnly'])
    need('detail.file', detail.properties!['file']!, ['fileName', 'questions'])
    need('detail.file.questions', detail.properties!['file']!.properties!['questions']!.items!, [
      '_id',
      'questionId',
      'question',
      'answer',
      'answeredAt',
      'attachments',
    ])
    need('answer', dataOf(op('PUT /api/outbound/answer')), ['_id', 'answer', 'answeredAt'])
    need('attachment', dataOf(op('PUT /api/outbound/attachment')).properties!['insertedAttachment']!, ['_id', 'fileName', 'size', 'createdAt'])
    need('comments', dataOf(op('GET /api/outbound/comment/list')), ['_id', 'comment', 'commentType', 'user', 'createdAt'])
    need('comment', dataOf(op('POST /api/outbound/comment/add')), ['_id', 'comment', 'commentType', 'user', 'createdAt'])
    need('link', dataOf(op('POST /api/outbound/{id}/resend')), ['expiresAt', 'revoked'])
    need('save', dataOf(op('POST /api/outbound/save'), 201), ['outboundId'])
    need('dashboard', dataOf(op('GET /api/outbound/dashboard')), ['awaiting', 'items'])
    need('dashboard.items', dataOf(op('GET /api/outbound/dashboard')).properties!['items']!.items!, [
      '_id',
      'clientName',
      'email',
      'createdAt',
      'total',
      'answered',
    ])
    need('templates', dataOf(op('GET /api/questionnaire-templates')), ['_id', 'fileName', 'fileSize', 'createdAt', 'state', 'error', 'total'])
    need('template questions', dataOf(op('GET /api/questionnaire-templates/{id}/questions')).properties!['questions']!.items!, [
      '_id',
      'questionId',
      'question',
    ])
    need('inbound', dataOf(op('GET /api/inbound/{capability}')), ['outboundId', 'dbName', 'token', 'expiresIn', 'email'])
    // Never a secret: no storage key and no capability hash in any reply.
    const text = JSON.stringify(doc.paths)
    for (const secret of ['blobKey', 'tokenHash', 'storageKey']) expect({ secret, published: text.includes(secret) }).toEqual({ secret, published: false })
  })

  it('writes every declared field of the list, the detail and the comments through their schemas', async () => {
    const { token } = staff
    const list = await call(h, 'GET', '/api/outbound/list?page=1&pageSize=10', { token })
    expect(list.status).toBe(200)
    const row = (list.body.data as Record<string, unknown>[]).find((r) => r['_id'] === outboundId)!
    expect(Object.keys(row).sort()).toEqual(fieldNames(dataOf(op('GET /api/outbound/list'))))
    const detail = await call(h, 'GET', `/api/outbound/${outboundId}`, { token: recipient })
    expect(detail.status).toBe(200)
    const data = detail.body.data as Record<string, unknown> & { file: { questions: Record<string, unknown>[] } }
    expect(Object.keys(data).sort()).toEqual(fieldNames(dataOf(op('GET /api/outbound/{id}'))))
    expect(data.file.questions.find((q) => q['_id'] === questionId)).toEqual({
      _id: questionId,
      questionId: 'AIS-01',
      question: 'Do you encrypt data at rest?',
      answer: '',
      answeredAt: null,
      attachments: [{ _id: attachmentId, fileName: 'policy.pdf', size: 15, createdAt: expect.any(String) }],
      version: 0,
    })
    const comments = await call(h, 'GET', `/api/outbound/comment/list?questionId=${questionId}&outboundId=${outboundId}`, { token: recipient })
    expect(comments.body.data).toEqual([
      {
        _id: expect.any(String),
        comment: 'See the policy',
        commentType: 'outbound',
        questionId,
        outboundId,
        user: { firstName: 'Ada', lastName: 'Lovelace' },
        createdAt: expect.any(String),
      },
    ])
    const template = await call(h, 'GET', `/api/questionnaire-templates/${templateId}`, { token })
    expect(template.body).toEqual({
      status: true,
      data: {
        template: expect.objectContaining({ _id: templateId, fileName: 'template.pdf', mimeType: 'application/pdf', state: 'queued', total: 0 }),
        questions: [],
        questionnairesBucket: 'outboundFolder',
      },
    })
    const removed = await call(h, 'DELETE', '/api/outbound/collaborator/remove', { token, body: { outboundId, collaboratorEmail: 'nobody@bank.example' } })
    expect([removed.status, removed.body]).toEqual([404, { status: false, message: 'Collaborator not found', code: 'NOT_FOUND' }])
  })

  describe('validation by the contract', () => {
    it("answers a field that fails its schema with the spec's message, naming the field", async () => {
      const staffToken = staff.token
      const cases: [string, string, Method, string, unknown, string, string][] = [
        ['no answer', staffToken, 'PUT', '/api/outbound/answer', { outboundId, questionId }, 'answer', 'Answer field is required'],
        ['a blank answer', staffToken, 'PUT', '/api/outbound/answer', { outboundId, questionId, answer: ' \n ' }, 'answer', 'Answer field is required'],
        ['no question id', staffToken, 'PUT', '/api/outbound/answer', { outboundId, answer: 'Yes' }, 'questionId', 'Question ID or Outbound ID is missing'],
        [
          'an empty outbound id',
          staffToken,
          'PUT',
          '/api/outbound/answer',
          { outboundId: '', questionId, answer: 'Yes' },
          'outboundId',
          'Question ID or Outbound ID is missing',
        ],
        [
          'no question id (recipient)',
          recipient,
          'PUT',
          '/api/outbound/answer',
          { outboundId, answer: 'Yes' },
          'questionId',
          'Question ID or Inbound ID is missing',
        ],
        ['no attachment id', staffToken, 'DELETE', '/api/outbound/attachment', { outboundId }, 'attachmentId', 'Question ID or Outbound ID is missing'],
        [
          'no attachment id (recipient)',
          recipient,
          'POST',
          '/api/outbound/attachment/download',
          { outboundId },
          'attachmentId',
          'Question ID or Inbound ID is missing',
        ],
        ['a blank comment', recipient, 'POST', '/api/outbound/comment/add', { outboundId, questionId, comment: '  ' }, 'comment', 'Comment field is required'],
        ['a comment with no question', staffToken, 'POST', '/api/outbound/comment/add', { outboundId, comment: 'Hi' }, 'questionId', 'Question ID is missing'],
        [
          'a comment with no outbound',
          staffToken,
          'POST',
          '/api/outbound/comment/add',
          { questionId, comment: 'Hi' },
          'outboundId',
          'Failed to add comment - no outbound ID',
        ],
        [
          'comments of no question',
          staffToken,
          'GET',
          `/api/outbound/comment/list?outboundId=${outboundId}`,
          undefined,
          'questionId',
          'Question ID is missing',
        ],
        [
          'comments of no outbound (recipient)',
          recipient,
          'GET',
          `/api/outbound/comment/list?questionId=${questionId}`,
          undefined,
          'outboundId',
          'Question ID or Inbound ID is missing',
        ],
        [
          'no collaborator address',
          staffToken,
          'POST',
          '/api/outbound/collaborator/add',
          { outboundId, collaboratorEmail: ' ' },
          'collaboratorEmail',
          'Email is required',
        ],
        [
          'a long collaborator address',
          staffToken,
          'DELETE',
          '/api/outbound/collaborator/remove',
          { outboundId, collaboratorEmail: `${'a'.repeat(250)}@b.example` },
          'collaboratorEmail',
          'Invalid email address',
        ],
        ['collaborators of no outbound', staffToken, 'GET', '/api/outbound/collaborators', undefined, 'outboundId', 'Outbound ID is missing'],
        [
          'a link for 400 days',
          staffToken,
          'POST',
          `/api/outbound/${outboundId}/resend`,
          { expiresInDays: 400 },
          'expiresInDays',
          'The link must work for 1 to 365 days',
        ],
      ]
      for (const [what, token, method, url, body, field, message] of cases) {
        const res = await call(h, method, url, { token, ...(body === undefined ? {} : { body }) })
        expect({ what, status: res.status, body: res.body }).toEqual({ what, status: 400, body: invalidRequest(field, message) })
      }
    })

    it("checks the upload forms' text fields against their contract, with the spec's words", async () => {
      // Fields are checked once the parts are read: an attachment that passes its own checks, and
      // no file for the questionnaire sent (it may name a template instead).
      const png = {
        name: 'evidence.png',
        field: 'file',
        bytes: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'),
        type: 'image/png',
      }
      const upload = (token: string, method: 'POST' | 'PUT', url: string, fields: Record<string, string>) => {
        const { body, headers } = form(fields, url.endsWith('/attachment') ? png : undefined)
        return call(h, method, url, { token, body, headers })
      }
      const staffToken = staff.token
      const cases: [string, string, 'POST' | 'PUT', string, Record<string, string>, string, string][] = [
        [
          'an attachment with no question',
          staffToken,
          'PUT',
          '/api/outbound/attachment',
          { outboundId },
          'questionId',
          'Question ID or Outbound ID is missing',
        ],
        [
          'an attachment with no question (recipient)',
          recipient,
          'PUT',
          '/api/outbound/attachment',
          { outboundId },
          'questionId',
          'Question ID or Inbound ID is missing',
        ],
        [
          'an attachment with an empty outbound id',
          staffToken,
          'PUT',
          '/api/outbound/attachment',
          { outboundId: '', questionId },
          'outboundId',
          'Question ID or Outbound ID is missing',
        ],
        ['a questionnaire sent to no client', staffToken, 'POST', '/api/outbound/save', { email: 'a@b.example' }, 'clientName', 'Client name is required'],
        ['a questionnaire sent to no address', staffToken, 'POST', '/api/outbound/save', { clientName: 'Acme' }, 'email', 'This field is required'],
        [
          'a link for too long',
          staffToken,
          'POST',
          '/api/outbound/save',
          { clientName: 'Acme', email: 'a@b.example', expiresInDays: '12345' },
          'expiresInDays',
          'The link must work for 1 to 365 days',
        ],
      ]
      for (const [what, token, method, url, fields, field, message] of cases) {
        const res = await upload(token, method, url, fields)
        expect({ what, status: res.status, body: res.body }).toEqual({ what, status: 400, body: invalidRequest(field, message) })
      }
      // A field with no spec message keeps the validator's words.
      const long = await upload(staffToken, 'PUT', '/api/outbound/attachment', { outboundId, questionId: 'q'.repeat(65) })
      expect([long.status, long.body.message]).toEqual([400, 'questionId must NOT have more than 64 characters'])
      // The path's id of an upload route is checked as any route's is: before the body is read.
      const { body, headers } = form({}, png)
      const badId = await call(h, 'PUT', `/api/questionnaire-templates/${'x'.repeat(65)}`, { token: staffToken, body, headers })
      expect([badId.status, badId.body.code]).toEqual([400, 'INVALID_REQUEST'])
    })

    it("answers other schema failures with the validator's words, and checks the token first", async () => {
      const long = await call(h, 'PUT', '/api/outbound/answer', { token: staff.token, body: { outboundId, questionId, answer: 'a'.repeat(20_001) } })
      expect([long.status, long.body.message]).toEqual([400, 'answer must NOT have more than 20000 characters'])
      const typed = await call(h, 'PUT', `/api/questionnaire-templates/${templateId}/questions`, {
        token: staff.token,
        body: { questions: [{ question: '' }] },
      })
      expect([typed.status, typed.body.code]).toEqual([400, 'INVALID_REQUEST'])
      const anonymous = await call(h, 'PUT', '/api/outbound/answer', { body: {} })
      expect([anonymous.status, anonymous.body.code]).toEqual([401, 'UNAUTHENTICATED'])
      // The recipient's session on a staff route is refused before its input is read.
      const staffOnly = await call(h, 'POST', '/api/outbound/collaborator/add', { token: recipient, body: {} })
      expect(staffOnly.status).toBe(403)
    })
  })

  it('answers bad input to every route, from staff, the recipient or nobody, with a status the document declares', async () => {
    const tooLong = 'x'.repeat(200)
    const unknown = crypto.randomUUID()
    const pathsOf = (path: string): string[] =>
      path.includes('{capability}')
        ? [path.replace('{capability}', tooLong), path.replace('{capability}', 'not-a-link'), path.replace('{capability}', unknown)]
        : path.includes('{id}')
          ? [tooLong, 'not-an-id', unknown, otherOutboundId].map((id) => path.replace('{id}', id))
          : [path, `${path}?page=0&pageSize=1000&questionId=&outboundId=${tooLong}`, `${path}?questionId=${unknown}&outboundId=${otherOutboundId}`]
    const bodies: unknown[] = [
      undefined,
      {},
      { outboundId: '', questionId: '', attachmentId: '', fileId: '', answer: '', comment: '', collaboratorEmail: '', questions: 'none', expiresInDays: 0 },
      { outboundId: 5, questionId: [], attachmentId: {}, answer: 7, comment: false, collaboratorEmail: 1, questions: [{}], expiresInDays: 'soon' },
      {
        outboundId: otherOutboundId,
        questionId: unknown,
        attachmentId: unknown,
        fileId: unknown,
        answer: 'Yes',
        comment: 'Hi',
        collaboratorEmail: 'not an address',
      },
      { outboundId: tooLong, questionId: tooLong, attachmentId: tooLong, answer: 'Yes', comment: 'Hi', collaboratorEmail: 'a@b.example', questions: [] },
    ]
    const forms = [
      form({}),
      form({ outboundId, questionId, clientName: 'Acme', email: 'a@b.example' }, { name: 'notes.txt', field: 'file', bytes: Buffer.from('plain text') }),
      form({ outboundId: otherOutboundId, questionId: unknown, clientName: ' ', email: 'nope' }, { name: 'empty.pdf', field: 'files', bytes: Buffer.alloc(0) }),
      form({ clientName: 'Acme', email: 'a@b.example', templateId: unknown, expiresInDays: '0' }),
    ]
    const undeclared: string[] = []
    const seen = new Map<number, number>()
    for (const [key, want] of Object.entries(ROUTES)) {
      // Not the routes that would end the fixtures' session or link for the next probes: their bad input only.
      const [method, path] = splitKey(key)
      const declared = Object.keys(op(key).responses).map(Number)
      const tokens: [string, string | undefined][] = [
        ['staff', staff.token],
        ['recipient', recipient],
        ['nobody', undefined],
      ]
      for (const [who, token] of tokens) {
        for (const url of pathsOf(path)) {
          const probes: { body?: unknown; headers?: Record<string, string> }[] = want.form
            ? [...forms.map((f) => ({ body: f.body, headers: f.headers })), { body: { outboundId } }]
            : method === 'GET'
              ? [{}]
              : bodies.map((body) => (body === undefined ? {} : { body }))
          for (const probe of probes) {
            // Valid requests, not bad input: a delete of the fixture, an event stream that stays open.
            if (who === 'staff' && url.includes(otherOutboundId) && (method === 'DELETE' || url.endsWith('/events'))) continue
            const res: Reply = await call(h, method, url, { ...(token ? { token } : {}), ...probe })
            seen.set(res.status, (seen.get(res.status) ?? 0) + 1)
            if (!declared.includes(res.status)) undeclared.push(`${key} as ${who} → ${url} ${JSON.stringify(probe.body ?? '').slice(0, 80)}: ${res.status}`)
            if (res.status >= 400 && res.type.startsWith(JSON_TYPE) && (res.body.status !== false || typeof res.body.message !== 'string' || !res.body.code))
              undeclared.push(`${key} as ${who}: ${res.status} without the error envelope`)
            if (res.status >= 500) undeclared.push(`${key} as ${who} → ${url}: ${res.status} ${res.body.message}`)
          }
        }
      }
    }
    expect(undeclared).toEqual([])
    // The probes reached past the token: refusals of every kind, and the valid requests among them.
    expect([...seen.keys()].sort()).toEqual(expect.arrayContaining([200, 400, 401, 403, 404, 415]))
    expect([...seen.values()].reduce((a, b) => a + b)).toBeGreaterThan(1000)
  }, 180_000)
})
