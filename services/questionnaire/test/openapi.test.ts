// Contracts first (issue 15): every route of the questionnaire service is published in the OpenAPI
// document with its params, query and body (the fields the handler needs required) and a schema for
// each status it answers: its success (JSON, a file or the event stream) and the error envelope.
// The schemas are enforced: a field that fails gets a 400 with the spec's own message where it has
// one, and the serializer writes every field the web reads.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { noReviewCounts } from '@portal/contracts'
import { testDatabaseKinds } from '@portal/db'
import { finishFile, insertCompany, insertFile, replaceQuestions } from '@portal/questionnaire-store'
import {
  fieldNames,
  invalidRequest,
  JSON_TYPE,
  jsonSchema,
  notRequired,
  type Operation,
  otherStatuses,
  readOperations,
  repliesOf,
  requiredParameters,
  routeKey,
  type Schema,
  successReply,
} from '@portal/http/testing'
import { buildHarness, call, type Harness } from './harness.js'

const PDF = 'application/pdf'
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const XLSM = 'application/vnd.ms-excel.sheet.macroEnabled.12'
const ERRORS = ['400', '401', '403', '500', '503']

/**
 * Every route the service has, with its success status and media type, the error statuses of its
 * own beyond ERRORS, and what it must require: body fields, query fields and path params.
 */
const ROUTES: Record<string, { ok: number; media?: string | string[]; errors?: number[]; body?: string[]; query?: string[]; params?: string[] }> = {
  'GET /api/companys': { ok: 200 },
  'POST /api/companys': { ok: 201, body: ['companyName', 'compliance_bucket', 'questionnaires_bucket'] },
  'DELETE /api/companys': { ok: 200, errors: [404], body: ['id'] },
  'POST /api/fs/enterpriseapps-compliance-uploadfile': { ok: 201, media: 'multipart/form-data', errors: [404, 413, 415, 429] },
  'POST /api/questionnaires/save': { ok: 201, media: 'multipart/form-data', errors: [404, 413, 415, 429] },
  'GET /api/compliancefile/{companyId}': { ok: 200, errors: [404], params: ['companyId'] },
  'GET /api/questionnaires/{companyId}': { ok: 200, errors: [404], params: ['companyId'] },
  'GET /api/compliancefile/{id}/download': { ok: 200, media: PDF, errors: [404], params: ['id'] },
  'GET /api/compliancefile/{id}/view': { ok: 200, media: PDF, errors: [404], params: ['id'] },
  'DELETE /api/compliancefile/{id}': { ok: 200, errors: [404], params: ['id'] },
  'DELETE /api/questionnaires/{id}': { ok: 200, errors: [404], params: ['id'] },
  'GET /api/getquestionlist/{questionnaireId}': { ok: 200, errors: [404], params: ['questionnaireId'] },
  'GET /api/questionnaires/question/{questionId}': { ok: 200, errors: [404], params: ['questionId'] },
  'GET /api/questionnaires/{questionnaireId}/details': { ok: 200, errors: [404], params: ['questionnaireId'] },
  'GET /api/questionnaires/count/{questionnaireId}': { ok: 200, errors: [404], params: ['questionnaireId'] },
  'PUT /api/questionnaires/answer': { ok: 200, errors: [404, 409], body: ['questionId', 'answer'] },
  'GET /api/questionnaires/{questionnaireId}/export-report': { ok: 200, errors: [404, 422], params: ['questionnaireId'] },
  'GET /api/questionnaires/{questionnaireId}/with-answers': { ok: 200, media: [XLSM, XLSX], errors: [404, 422], params: ['questionnaireId'] },
  'GET /api/downloadquestions/{questionnaireId}': { ok: 200, media: XLSX, errors: [404], params: ['questionnaireId'] },
  'GET /api/enterprise/comment/list': { ok: 200, errors: [404], query: ['questionId'] },
  'POST /api/enterprise/comment/add': { ok: 201, errors: [404], body: ['questionId', 'comment'] },
  'GET /api/questionnaires/{questionnaireId}/events': { ok: 200, media: 'text/event-stream', errors: [404], params: ['questionnaireId'] },
  'GET /api/fs/llm/questions': { ok: 200, errors: [404], query: ['file_name'] },
  'GET /api/fs/llm/answers': { ok: 200, errors: [404], query: ['collection_name'] },
  'POST /api/fs/get-llm-answer-of-questions': { ok: 202, errors: [404, 429], body: ['questionnaireId'] },
  'POST /api/fs/generate-answer': { ok: 200, errors: [429], body: ['question'] },
  'GET /api/fs/responsellm': { ok: 200, errors: [429], query: ['question'] },
  'GET /api/fs/test-collections': { ok: 200 },
  'POST /api/fs/enterpriseapps-compliance-pineconedata-delete': { ok: 200, errors: [404], body: ['id'] },
  'GET /api/questionnaire/dashboard': { ok: 200 },
  'GET /api/questionnaires/{questionnaireId}/layout': { ok: 200, errors: [404, 409, 422], params: ['questionnaireId'] },
  'PUT /api/questionnaires/{questionnaireId}/layout': {
    ok: 200,
    errors: [404, 409, 422],
    body: ['sheet', 'headerRow', 'columns'],
    params: ['questionnaireId'],
  },
  'GET /api/answer-quality': { ok: 200, errors: [404] },
  'POST /api/questionnaires/answer/clear': { ok: 200, errors: [404, 409], body: ['questionId'] },
  'POST /api/questionnaires/answer/approve-bulk': { ok: 200, errors: [404, 409], body: ['questions'] },
  'POST /api/questionnaires/answer/approve-bulk/undo': { ok: 200, errors: [404, 409], body: ['previous'] },
  'POST /api/answer-library/import': { ok: 201, media: 'multipart/form-data', errors: [404, 413, 415, 422, 429] },
  'PUT /api/answer-library/import/{id}/layout': { ok: 200, errors: [404, 409, 422], body: ['sheet', 'headerRow', 'columns'], params: ['id'] },
  'GET /api/answer-library': { ok: 200 },
  'PUT /api/answer-library/{id}': { ok: 200, errors: [404], body: [], params: ['id'] },
  'DELETE /api/answer-library/{id}': { ok: 200, errors: [404], params: ['id'] },
  'GET /api/knowledge-base': { ok: 200 },
  'POST /api/knowledge-base': { ok: 201, media: 'multipart/form-data', errors: [413, 415, 429] },
  'DELETE /api/knowledge-base/{id}': { ok: 200, errors: [404], params: ['id'] },
  'GET /api/drafter': { ok: 200 },
  'POST /api/drafter/test': { ok: 200, errors: [429] },
}

/** The item schema of a `{ status, data: [...] }` reply. */
const itemsOf = (op: Operation, status: number): Schema => jsonSchema(op.responses[String(status)])!.properties!['data']!.items!

describe.each(testDatabaseKinds())('questionnaire contracts on %s', (_kind, open) => {
  let h: Harness
  let operations: Map<string, Operation>
  const op = (key: string): Operation => operations.get(key)!

  beforeAll(async () => {
    h = await buildHarness(open)
    operations = await readOperations(h.app)
  })
  afterAll(async () => h?.close())

  it('publishes every route of the service, and only those, in the OpenAPI document', () => {
    const declared = h.routes.map((r) => routeKey(r.method, r.url)).sort()
    expect(declared).toEqual(Object.keys(ROUTES).sort())
    expect(declared).toHaveLength(46)
    for (const key of declared) expect({ key, published: Boolean(op(key)) }).toEqual({ key, published: true })
  })

  it('declares a schema for each success status of every route, under its media type', () => {
    for (const [key, want] of Object.entries(ROUTES)) {
      const media = Array.isArray(want.media) ? want.media : [want.media === 'multipart/form-data' || !want.media ? JSON_TYPE : want.media]
      // JSON: the envelope, with its payload declared field by field (never a bare object the serializer would empty); else bytes.
      const shapes = media.map((type) => (type === JSON_TYPE ? { type: 'object', requiresStatus: true, bareObjects: [] } : { type: 'string' }))
      expect({ key, ...successReply(op(key), want.ok) }).toEqual({ key, successes: [String(want.ok)], media, shapes })
    }
  })

  it('declares the error envelope for every error status a route answers', () => {
    for (const [key, want] of Object.entries(ROUTES)) {
      const errors = otherStatuses(op(key)).sort()
      expect({ key, errors }).toEqual({ key, errors: [...ERRORS, ...(want.errors ?? []).map(String)].sort() })
      // A save someone else's came before carries the answer as it is now (issue 22).
      const data = (status: string) =>
        status === '409' && (key === 'PUT /api/questionnaires/answer' || key === 'POST /api/questionnaires/answer/clear') ? ['data'] : []
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
      const body = jsonSchema(o.requestBody, want.media === 'multipart/form-data' ? 'multipart/form-data' : JSON_TYPE)
      if (want.body) expect({ key, required: body?.required ?? [] }).toEqual({ key, required: want.body })
      else if (want.media !== 'multipart/form-data') expect({ key, body }).toEqual({ key, body: undefined })
      const required = { query: requiredParameters(o, 'query'), params: requiredParameters(o, 'path') }
      expect({ key, ...required }).toEqual({ key, query: want.query ?? [], params: want.params ?? [] })
    }
    // The uploads' multipart form is described, files required.
    for (const key of [
      'POST /api/fs/enterpriseapps-compliance-uploadfile',
      'POST /api/questionnaires/save',
      'POST /api/answer-library/import',
      'POST /api/knowledge-base',
    ]) {
      expect(jsonSchema(op(key).requestBody, 'multipart/form-data')?.required).toEqual(['files'])
    }
  })

  it('declares the fields the web reads in the replies', () => {
    const need = (schema: Schema, fields: string[]) => expect(notRequired(schema, fields)).toEqual([])
    // The list carries what its rows show (issue 26); the rest comes with the question opened.
    need(itemsOf(op('GET /api/getquestionlist/{questionnaireId}'), 200), [
      '_id',
      'questionId',
      'question',
      'answer',
      'choiceValue',
      'choices',
      'reviewstatus',
      'llmstatus',
      'llmReviewRespons',
      'drafted',
      'reviewReason',
      'state',
      'answerSource',
      'draftedBy',
      'draftedAt',
      'personAnswer',
      'version',
      'updatedAt',
    ])
    need(jsonSchema(op('GET /api/questionnaires/question/{questionId}').responses['200'])!.properties!['data']!, [
      '_id',
      'questionId',
      'question',
      'answer',
      'choiceValue',
      'choices',
      'reviewstatus',
      'llmstatus',
      'llmReviewRespons',
      'drafted',
      'comment',
      'answerHistory',
      'retrievedNarrative',
      'documentName',
      'fileAndFolder',
      'updatedAt',
      'reviewReason',
      'answerSource',
      'sourceDocumentId',
      'sourcePage',
      'personAnswer',
      'historyTotal',
    ])
    need(itemsOf(op('GET /api/questionnaires/{companyId}'), 200), [
      '_id',
      'files',
      'state',
      'error',
      'total',
      'drafted',
      'answered',
      'approved',
      'filled',
      'review',
    ])
    need(itemsOf(op('GET /api/compliancefile/{companyId}'), 200), ['_id', 'files', 'state', 'error', 'total', 'drafted'])
    need(itemsOf(op('GET /api/companys'), 200), ['_id', 'companyName', 'complianceFolder', 'questionnairesFolder'])
    need(itemsOf(op('GET /api/knowledge-base'), 200), ['_id', 'fileName', 'clientId', 'clientName', 'state', 'error', 'pages', 'createdAt'])
    need(jsonSchema(op('GET /api/drafter').responses['200'])!.properties!['data']!, ['drafter', 'model', 'host'])
    need(jsonSchema(op('POST /api/drafter/test').responses['200'])!.properties!['data']!, ['ok', 'model', 'latencyMs', 'message'])
    need(itemsOf(op('GET /api/enterprise/comment/list'), 200), ['_id', 'comment', 'commentType', 'questionId', 'questionnairesId', 'user', 'createdAt'])
    need(jsonSchema(op('GET /api/questionnaires/count/{questionnaireId}').responses['200'])!, [
      'countOfApproved',
      'countOfReview',
      'total',
      'answered',
      'filled',
      'drafted',
      'empty',
    ])
  })

  describe('validation by the contract', () => {
    let token: string

    beforeAll(async () => {
      token = (await h.staff()).token
    })

    it("answers a field that fails its schema with the spec's message, naming the field", async () => {
      const question = crypto.randomUUID()
      const cases: [string, 'GET' | 'POST' | 'PUT', string, unknown, string, string][] = [
        ['no question id', 'POST', '/api/enterprise/comment/add', { comment: 'Looks right' }, 'questionId', 'Question ID is missing'],
        ['an empty question id', 'POST', '/api/enterprise/comment/add', { questionId: '', comment: 'Looks right' }, 'questionId', 'Question ID is missing'],
        ['a blank comment', 'POST', '/api/enterprise/comment/add', { questionId: question, comment: ' \n ' }, 'comment', 'Comment field is required'],
        ['no comment', 'POST', '/api/enterprise/comment/add', { questionId: question }, 'comment', 'Comment field is required'],
        ['no question id in the query', 'GET', '/api/enterprise/comment/list', undefined, 'questionId', 'Question ID is missing'],
        [
          'a blank answer',
          'PUT',
          '/api/questionnaires/answer',
          { questionId: question, answer: '   ', reviewstatus: false, llmstatus: false },
          'answer',
          'Answer field is required',
        ],
        ['no answer', 'PUT', '/api/questionnaires/answer', { questionId: question }, 'answer', 'Answer field is required'],
        ['an answer with no question', 'PUT', '/api/questionnaires/answer', { answer: 'Yes' }, 'questionId', 'Question ID is missing'],
        ['a blank one-off question', 'POST', '/api/fs/generate-answer', { question: '  ' }, 'question', 'Question is required'],
        ['no one-off question', 'GET', '/api/fs/responsellm', undefined, 'question', 'Question is required'],
        ['no client name', 'POST', '/api/companys', { compliance_bucket: 'c', questionnaires_bucket: 'q' }, 'companyName', 'This field is required'],
        [
          'a padded client name',
          'POST',
          '/api/companys',
          { companyName: ' Acme', compliance_bucket: 'c', questionnaires_bucket: 'q' },
          'companyName',
          'Company name cannot have leading or trailing whitespace.',
        ],
        [
          'a short client name',
          'POST',
          '/api/companys',
          { companyName: 'Ac', compliance_bucket: 'c', questionnaires_bucket: 'q' },
          'companyName',
          'Company name must be between 3 and 63 characters.',
        ],
        [
          'a long client name',
          'POST',
          '/api/companys',
          { companyName: 'A'.repeat(64), compliance_bucket: 'c', questionnaires_bucket: 'q' },
          'companyName',
          'Company name must be between 3 and 63 characters.',
        ],
        [
          'markup in a client name',
          'POST',
          '/api/companys',
          { companyName: 'Acme<script>', compliance_bucket: 'c', questionnaires_bucket: 'q' },
          'companyName',
          'Company name can only contain alphabets, numbers, and spaces.',
        ],
        ['no bucket', 'POST', '/api/companys', { companyName: 'Acme', questionnaires_bucket: 'q' }, 'compliance_bucket', 'This field is required'],
      ]
      for (const [what, method, url, body, field, message] of cases) {
        const res = await call(h, method, url, { token, ...(body === undefined ? {} : { body }) })
        expect({ what, status: res.status, body: res.body }).toEqual({ what, status: 400, body: invalidRequest(field, message) })
      }
    })

    it("answers other schema failures with the validator's words", async () => {
      const res = await call(h, 'DELETE', '/api/companys', { token, body: {} })
      expect([res.status, res.body.code, res.body.errors]).toEqual([400, 'INVALID_REQUEST', [{ field: 'id', message: "must have required property 'id'" }]])
      const typed = await call(h, 'PUT', '/api/questionnaires/answer', {
        token,
        body: { questionId: crypto.randomUUID(), answer: 'Yes', reviewstatus: 'maybe' },
      })
      expect([typed.status, typed.body.code, (typed.body.errors as { field: string }[])[0]?.field]).toEqual([400, 'INVALID_REQUEST', 'reviewstatus'])
      // A text too long is not "missing": the spec's message is for an empty field only.
      const long = await call(h, 'POST', '/api/fs/generate-answer', { token, body: { question: 'q'.repeat(2001) } })
      expect([long.status, long.body.message]).toEqual([400, 'question must NOT have more than 2000 characters'])
      const longAnswer = await call(h, 'PUT', '/api/questionnaires/answer', { token, body: { questionId: crypto.randomUUID(), answer: 'a'.repeat(20001) } })
      expect([longAnswer.status, longAnswer.body.message]).toEqual([400, 'answer must NOT have more than 20000 characters'])
    })

    it('checks the token before the input: no token is a 401 whatever the body', async () => {
      const res = await call(h, 'POST', '/api/enterprise/comment/add', { body: {} })
      expect([res.status, res.body.code]).toEqual([401, 'UNAUTHENTICATED'])
    })

    it('creates a client from a valid body (201, the declared reply) and answers an unknown id with 404', async () => {
      const created = await call(h, 'POST', '/api/companys', {
        token,
        body: { companyName: 'Big Bank 2', compliance_bucket: 'compliance', questionnaires_bucket: 'questionnaires' },
      })
      expect(created.status).toBe(201)
      expect(created.body).toEqual({
        status: true,
        message: 'Added Successfully',
        data: { _id: expect.any(String), companyName: 'Big Bank 2', complianceFolder: 'compliance', questionnairesFolder: 'questionnaires' },
      })
      const gone = await call(h, 'DELETE', '/api/companys', { token, body: { id: crypto.randomUUID() } })
      expect([gone.status, gone.body]).toEqual([404, { status: false, message: 'Client not found', code: 'NOT_FOUND' }])
    })
  })

  it('writes every field of a question row and of the file list through the declared schemas', async () => {
    const { token, tenantId } = await h.staff()
    const company = await insertCompany(h.db, tenantId, { companyName: 'Serial Co', complianceBucket: 'c', questionnairesBucket: 'q' })
    const file = await insertFile(h.db, tenantId, {
      companyId: company.id,
      kind: 'questionnaire',
      fileName: 'q.xlsx',
      storageKey: `${tenantId}/q/${crypto.randomUUID()}`,
      format: 'xlsx',
    })
    await replaceQuestions(h.db, tenantId, file.id, [
      { sheet: 'S', row: 2, questionRef: 'AIS-01.1', question: 'Do you encrypt data at rest?', answerCells: [] },
    ])
    await finishFile(h.db, tenantId, file.id, { state: 'ready', total: 1 })

    const list = await call(h, 'GET', `/api/getquestionlist/${file.id}`, { token })
    expect(list.status).toBe(200)
    const rows = list.body.data as Record<string, unknown>[]
    expect(Object.keys(rows[0]!).sort()).toEqual(fieldNames(itemsOf(op('GET /api/getquestionlist/{questionnaireId}'), 200)))
    expect(rows[0]).toMatchObject({
      questionId: 'AIS-01.1',
      answer: '',
      choiceValue: null,
      choices: [],
      llmReviewRespons: 0,
      state: 'empty',
      personAnswer: false,
    })
    const opened = await call(h, 'GET', `/api/questionnaires/question/${rows[0]!['_id']}`, { token })
    const detail = opened.body.data as Record<string, unknown>
    expect(Object.keys(detail).sort()).toEqual(
      fieldNames(jsonSchema(op('GET /api/questionnaires/question/{questionId}').responses['200'])!.properties!['data']!),
    )
    expect(detail).toMatchObject({ questionId: 'AIS-01.1', answerHistory: [], historyTotal: 0, sourceDocumentId: '', sourcePage: null, retrievedNarrative: '' })

    const saved = await call(h, 'PUT', '/api/questionnaires/answer', {
      token,
      body: { questionId: rows[0]!['_id'], answer: 'Yes, AES-256.', reviewstatus: true, llmstatus: true, comment: 'Checked', answerHistory: [] },
    })
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({
      status: true,
      message: 'Updated Successfully',
      data: { answer: 'Yes, AES-256.', llmstatus: true, personAnswer: true, comment: 'Checked' },
    })

    const files = await call(h, 'GET', `/api/questionnaires/${company.id}`, { token })
    expect(files.body.data).toEqual([
      {
        _id: file.id,
        company_id: company.id,
        createdAt: expect.any(String),
        files: [{ fileName: 'q.xlsx', _id: file.id }],
        state: 'ready',
        error: null,
        total: 1,
        drafted: 0,
        answered: 1,
        approved: 1,
        filled: 1,
        review: { ...noReviewCounts(1), approved: 1, empty: 0 },
      },
    ])
    const comments = await call(h, 'GET', `/api/enterprise/comment/list?questionId=${rows[0]!['_id']}&questionnairesId=${file.id}`, { token })
    expect(comments.body.data).toEqual([
      {
        _id: expect.any(String),
        comment: 'Checked',
        commentType: 'enterprise',
        questionId: rows[0]!['_id'],
        questionnairesId: file.id,
        user: { firstName: 'Ada', lastName: 'Lovelace' },
        createdAt: expect.any(String),
      },
    ])
  })
})
