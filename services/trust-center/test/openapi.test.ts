// The trust-center service's contract as the OpenAPI document publishes it (issue 15, "contracts
// first"): every route is listed, declares a reply schema for each success status and the error
// envelope for each refusal it answers, and marks as required the fields its handler needs (body,
// query, path) and the reply fields the web app reads (web/src/features/trust-center,
// web/src/public-trust, web/src/features/dashboard). No reply schema may name a secret. The document
// is the one /api/docs/json serves, generated from the routes' TypeBox schemas (packages/contracts).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { testDatabaseKinds } from '@portal/db'
import { AppError } from '@portal/errors'
import type { ServiceContext } from '@portal/http'
import {
  badBodies,
  declaredStatuses,
  envelopeOf,
  inputOf,
  invalidRequest,
  isErrorEnvelope,
  jsonSchema as json,
  type Operation,
  readOperations,
  replyFields,
  replyPropertyNames,
  requiredPaths,
  sampleRequest,
  splitKey,
  staffPrincipal,
  successStatuses,
  taggedKeys,
} from '@portal/http/testing'
import { ensureSite, publishSite } from '../src/db/site.repo.js'
import { QUARANTINE_MS } from '../src/domain/hostnames.js'
import { buildHarness, type Harness } from './harness.js'

interface Contract {
  /** The success status and the reply fields (dotted, `[]` for array items) the web app reads; a media type for a file. */
  ok: [200 | 201 | 202, string[] | string]
  /** Another success status the route answers with the same reply (an access request already pending: 200). */
  alsoOk?: 200
  /** Refusals the route answers (413 and 415 are added for a route that reads a body). */
  refusals: number[]
  /** A refusal declared with its own reply instead of the bare envelope, and that reply's required fields. */
  ownReply?: { status: number; required: string[] }
  /** Required body fields; undefined: the route reads no JSON body. */
  body?: string[]
  query?: string[]
  params?: string[]
}

const STAFF = [400, 401, 403]
const STAFF_ROW = [400, 401, 403, 404]
const PUBLIC = [400, 404]
const PUBLIC_LIMITED = [400, 404, 429]
const MESSAGE = ['status', 'message']
const PAGED = ['status', 'data', 'total', 'totalPages', 'currentPage']
const COLOURS = ['headerColor', 'backgroundColor', 'textColor', 'buttonColor']
const THEME = ['status', 'data._id', ...COLOURS.map((c) => `data.${c}`)]
const OVERVIEW = ['status', 'data', 'data._id', 'data.subTitle', 'data.description', 'data.updatedAt']
const ITEM = ['_id', 'title', 'description']
const CATEGORY = [...ITEM, 'subdata', ...ITEM.map((f) => `subdata[].${f}`)]
const CATEGORIES = ['status', 'data', ...CATEGORY.map((f) => `data[].${f}`)]
const COMPLIANCE = ['_id', 'framework', 'status', 'badge', 'description']
const DOCUMENT = ['_id', 'title', 'fileName', 'visibility', 'size', 'mimeType', 'createdAt']
const NDA = ['status', 'data', 'data._id', 'data.description', 'data.updatedAt', 'data.version']
const SETTINGS = ['status', 'data._id', 'data.companyTitle', 'data.logo', 'data.contactEmail', 'data.updatedAt']
const COMPANY = ['status', 'data._id', 'data.companyTitle', 'data.logo']
const REQUESTER = ['firstName', 'lastName', 'companyName', 'workEmail', 'relationshpLinkedIn']
const ACCOUNT = [
  ...REQUESTER,
  '_id',
  'createdAt',
  'Approved',
  'approvedbyuser',
  'approvedbyuser.id',
  'approvedbyuser.userName',
  'expiresAt',
  'ndaAccepted',
  'ndaConfirmed',
  'document',
  'document._id',
  'document.title',
]
const PAGE = [
  'status',
  'data.companyTitle',
  'data.logo',
  ...COLOURS.map((c) => `data.theme.${c}`),
  'data.overview',
  'data.overview.subTitle',
  'data.overview.description',
  'data.overview.updatedAt',
  ...CATEGORY.map((f) => `data.security[].${f}`),
  ...COMPLIANCE.map((f) => `data.compliance[].${f}`),
  ...DOCUMENT.map((f) => `data.documents[].${f}`),
  'data.nda',
  'data.nda._id',
  'data.nda.updatedAt',
  'data.cname',
]
/** Reply paths are read through a nullable object (an `anyOf`) too. */
const NULLABLE = { throughAnyOf: true }
const TOKEN_LINK = { ok: [200, MESSAGE], refusals: PUBLIC_LIMITED, body: ['token'] } satisfies Contract

/** Every trust-center route: adding one without its contract here fails the first test. */
const ROUTES: Record<string, Contract> = {
  // site and publishing
  'GET /api/clientDetails': {
    ok: [200, ['status', 'data', 'data[]._id', 'data[].maindomain', 'data[].cname', 'data[].cnamepublish', 'data[].database']],
    refusals: STAFF,
  },
  'GET /api/clientDetailsOutside': { ok: [200, ['status', 'data[].cname', 'data[].cnamepublish', 'data[].maindomain']], refusals: PUBLIC },
  'POST /api/fs/add-cname': { ok: [200, [...MESSAGE, 'success', 'data.hostname', 'data.url']], refusals: [400, 401, 403, 409], body: ['subdomain'] },
  'POST /api/fs/remove-cname': { ok: [200, ['status']], refusals: STAFF },
  'GET /api/domainnamestatus': { ok: [200, ['status', 'data[].hostname', 'data[].published', 'data[].url']], refusals: STAFF },
  'GET /api/fs/check-hostname': {
    ok: [200, ['status', 'isSpecialDomain', 'dbName']],
    refusals: [400, 404, 429],
    ownReply: { status: 404, required: ['status', 'isSpecialDomain'] },
  },
  // branding
  'POST /api/fs/upload-logo': { ok: [201, ['status', 'data.logo']], refusals: [400, 401, 403, 413, 415, 422, 429] },
  'GET /api/logo/{file}': { ok: [200, 'image/png'], refusals: PUBLIC, params: ['file'] },
  'GET /api/companyinfo': { ok: [200, COMPANY], refusals: STAFF },
  'POST /api/companyinfo': { ok: [200, COMPANY], refusals: STAFF, body: [] },
  'GET /api/settings': { ok: [200, SETTINGS], refusals: STAFF },
  'GET /api/settingsOutside': { ok: [200, ['status', 'data.companyTitle', 'data.logo', 'data.contactEmail']], refusals: PUBLIC },
  'POST /api/settings/save': { ok: [201, SETTINGS], refusals: STAFF, body: [] },
  'PUT /api/settings/update/{id}': { ok: [200, SETTINGS], refusals: STAFF_ROW, body: [], params: ['id'] },
  'GET /api/themecolor': { ok: [200, THEME], refusals: STAFF },
  'POST /api/themecolor/save': { ok: [201, THEME], refusals: STAFF, body: COLOURS },
  'PUT /api/themecolor/update/{id}': { ok: [200, THEME], refusals: STAFF_ROW, body: COLOURS, params: ['id'] },
  // blocks
  'GET /api/overview': { ok: [200, OVERVIEW], refusals: STAFF },
  'GET /api/overviewuser': { ok: [200, ['status', 'data', 'data.subTitle', 'data.description', 'data.updatedAt']], refusals: PUBLIC },
  'POST /api/overview/save': { ok: [201, OVERVIEW], refusals: STAFF, body: [] },
  'PUT /api/overview/update/{id}': { ok: [200, OVERVIEW], refusals: STAFF_ROW, body: [], params: ['id'] },
  'GET /api/security': { ok: [200, CATEGORIES], refusals: STAFF },
  'GET /api/securityuser': { ok: [200, CATEGORIES], refusals: PUBLIC },
  'POST /api/security/save': { ok: [201, ['status', ...CATEGORY.map((f) => `data.${f}`)]], refusals: STAFF, body: ['title'] },
  'PUT /api/security/update/{id}': { ok: [200, ['status', ...CATEGORY.map((f) => `data.${f}`)]], refusals: STAFF_ROW, body: ['title'], params: ['id'] },
  'DELETE /api/security/delete/{id}': { ok: [200, MESSAGE], refusals: STAFF_ROW, params: ['id'] },
  'DELETE /api/security/delete/{id}/{itemId}': { ok: [200, MESSAGE], refusals: STAFF_ROW, params: ['id', 'itemId'] },
  'POST /api/security/addsubdata/{id}': { ok: [201, ['status', ...ITEM.map((f) => `data.${f}`)]], refusals: STAFF_ROW, body: ['title'], params: ['id'] },
  'PUT /api/security/subdata/{id}/{itemId}': {
    ok: [200, ['status', ...ITEM.map((f) => `data.${f}`)]],
    refusals: STAFF_ROW,
    body: ['title'],
    params: ['id', 'itemId'],
  },
  'GET /api/compliance': { ok: [200, ['status', 'data', ...COMPLIANCE.map((f) => `data[].${f}`)]], refusals: STAFF },
  'GET /api/complianceuser': { ok: [200, ['status', 'data', ...COMPLIANCE.map((f) => `data[].${f}`)]], refusals: PUBLIC },
  'POST /api/compliance/save': { ok: [201, ['status', ...COMPLIANCE.map((f) => `data.${f}`)]], refusals: STAFF, body: ['framework', 'status', 'badge'] },
  'PUT /api/compliance/update/{id}': {
    ok: [200, ['status', ...COMPLIANCE.map((f) => `data.${f}`)]],
    refusals: STAFF_ROW,
    body: ['framework', 'status', 'badge'],
    params: ['id'],
  },
  'DELETE /api/compliance/delete/{id}': { ok: [200, MESSAGE], refusals: STAFF_ROW, params: ['id'] },
  // documents
  'GET /api/documentslist': { ok: [200, ['status', 'data', ...DOCUMENT.map((f) => `data[].${f}`)]], refusals: STAFF },
  'GET /api/documentslistuser': { ok: [200, ['status', 'data', ...DOCUMENT.map((f) => `data[].${f}`)]], refusals: PUBLIC },
  'POST /api/fs/upload-docs': { ok: [201, ['status', ...DOCUMENT.map((f) => `data.${f}`)]], refusals: [400, 401, 403, 404, 413, 415, 422, 429] },
  'PUT /api/documents/{id}': { ok: [200, ['status', ...DOCUMENT.map((f) => `data.${f}`)]], refusals: STAFF_ROW, body: [], params: ['id'] },
  'DELETE /api/documents/{id}': { ok: [200, MESSAGE], refusals: STAFF_ROW, params: ['id'] },
  'POST /api/fs/delete-files': { ok: [201, ['status', 'data']], refusals: STAFF, body: [] },
  // downloads
  'POST /api/fs/download-docs': { ok: [200, 'application/pdf'], refusals: [400, 401, 403, 404, 429], body: ['fileKey'] },
  'POST /api/fs/bulk-download-docs': {
    ok: [200, 'application/zip'],
    refusals: [400, 401, 403, 404, 429],
    ownReply: { status: 404, required: ['status', 'message'] },
    body: ['fileKeys'],
  },
  // history
  'POST /api/trackdownloadreq': { ok: [201, ['status']], refusals: PUBLIC_LIMITED, body: [] },
  'POST /api/trustcenterhistroy/save': { ok: [201, ['status']], refusals: PUBLIC_LIMITED, body: ['type'] },
  'GET /api/trustcenterhistroy': {
    ok: [200, [...PAGED, ...['_id', 'type', 'email', 'fileName', 'detail', 'createdAt'].map((f) => `data[].${f}`)]],
    refusals: STAFF,
  },
  // NDA
  'GET /api/ndalist': { ok: [200, NDA], refusals: STAFF },
  'GET /api/ndauser': { ok: [200, NDA], refusals: PUBLIC },
  'POST /api/nda/save': { ok: [201, NDA], refusals: STAFF, body: ['description'] },
  'PUT /api/nda/update/{id}': { ok: [200, NDA], refusals: STAFF_ROW, body: ['description'], params: ['id'] },
  'POST /api/nda/accept': { ok: [201, MESSAGE], refusals: PUBLIC_LIMITED, body: ['name', 'email', 'ndaId'] },
  'GET /api/nda/acceptances': {
    ok: [
      200,
      [
        ...PAGED,
        ...['_id', 'ndaId', 'version', 'name', 'email', 'ip', 'userAgent', 'textHash', 'createdAt', 'confirmed', 'confirmedAt'].map((f) => `data[].${f}`),
      ],
    ],
    refusals: STAFF,
  },
  // the page
  'GET /api/trustcenteruser': { ok: [200, PAGE], refusals: PUBLIC },
  'GET /api/trustcenter': { ok: [200, PAGE], refusals: STAFF },
  // access requests
  'POST /api/useraccessrequest': { ok: [201, MESSAGE], alsoOk: 200, refusals: PUBLIC_LIMITED, body: REQUESTER },
  'GET /api/accountsrequest': { ok: [200, [...PAGED, ...ACCOUNT.map((f) => `data[].${f}`)]], refusals: STAFF },
  'PUT /api/accountsapprove/{id}': { ok: [200, MESSAGE], refusals: STAFF_ROW, body: ['Approved'], params: ['id'] },
  'DELETE /api/accountsrequest/{id}': { ok: [200, MESSAGE], refusals: STAFF_ROW, params: ['id'] },
  'POST /api/accounts/save': { ok: [201, MESSAGE], refusals: STAFF, body: REQUESTER },
  'GET /api/trust-center/request-notifications': { ok: [200, ['status', 'data.email']], refusals: STAFF },
  'PUT /api/trust-center/request-notifications': { ok: [200, [...MESSAGE, 'data.email']], refusals: STAFF, body: ['email'] },
  'POST /api/useraccesscheck': {
    ok: [200, ['status', 'data.email', 'data.expiresAt', 'data.ndaAccepted']],
    refusals: PUBLIC_LIMITED,
    ownReply: { status: 404, required: ['status'] },
    body: ['permissionToken'],
  },
  // subscriptions and changelog
  'POST /api/trust-center/updates/subscribe': { ok: [202, MESSAGE], refusals: PUBLIC_LIMITED, body: ['email'] },
  'POST /api/trust-center/updates/confirm': TOKEN_LINK,
  'POST /api/trust-center/updates/unsubscribe': TOKEN_LINK,
  'GET /api/trust-center/updates/changelog': {
    ok: [200, ['status', 'data', ...['_id', 'date', 'kind', 'action', 'title'].map((f) => `data[].${f}`)]],
    refusals: PUBLIC,
  },
  // the dashboard
  'GET /api/trust-center/dashboard': {
    ok: [
      200,
      ['status', 'data.timeZone', 'data.days', 'data.days[].date', 'data.days[].views', 'data.days[].downloads', 'data.totals.views', 'data.totals.downloads'],
    ],
    refusals: STAFF,
  },
}

/** The route's refusals: a route that reads a body also refuses one too large (413) or not JSON (415). */
const refusals = (key: string, contract: Contract) =>
  [...new Set(key.startsWith('GET ') ? contract.refusals : [...contract.refusals, 413, 415])].sort((a, b) => a - b)

describe('the trust-center service in the OpenAPI document', () => {
  let h: Harness
  let operations: Map<string, Operation>
  let adminToken: string
  const dbName = 'openapi_co'
  const tenantId = crypto.randomUUID()

  beforeAll(async () => {
    const principal = staffPrincipal(tenantId, dbName)
    // A verifier that knows one token: an admin of the tenant whose trust center is published below.
    adminToken = crypto.randomUUID()
    const tokens = {
      verifyAccess: async (token: string) => (token === adminToken ? principal : Promise.reject(new AppError('UNAUTHENTICATED'))),
    } as unknown as ServiceContext['tokens']
    h = await buildHarness(testDatabaseKinds()[0]![1], {}, tokens)
    // A published trust center, so that visitors' calls get past the site lookup.
    await ensureSite(h.db, tenantId, dbName, h.config.trustCenterDomain)
    await publishSite(h.db, tenantId, 'openapi-co', h.config.trustCenterDomain, new Date(Date.now() - QUARANTINE_MS), new Date())
    operations = await readOperations(h.app)
  })
  afterAll(async () => h?.close())

  it('lists every trust-center route, and only those, under the trust-center tag', () => {
    const routes = taggedKeys(operations, 'trust-center')
    expect(routes).toEqual(Object.keys(ROUTES).sort())
    expect(routes).toHaveLength(66)
  })

  it.each(Object.entries(ROUTES))('%s declares its success reply with the fields the web app reads', (key, contract) => {
    const op = operations.get(key)!
    const [status, fields] = contract.ok
    if (typeof fields === 'string') {
      // A file: its bytes under their media type.
      expect(op.responses[String(status)]?.content?.[fields]?.schema).toMatchObject({ type: 'string', format: 'binary' })
    } else {
      expect(replyFields(op, status, NULLABLE)).toEqual({ type: 'object', required: expect.arrayContaining(fields) })
      if (contract.alsoOk) expect(json(op.responses[String(contract.alsoOk)])).toEqual(json(op.responses[String(status)]))
    }
    const success = [status, ...(contract.alsoOk ? [contract.alsoOk] : [])].map(String).sort()
    expect(successStatuses(op)).toEqual(success)
  })

  it.each(Object.entries(ROUTES))('%s declares the error envelope for each refusal it answers', (key, contract) => {
    const op = operations.get(key)!
    expect(declaredStatuses(op).filter((s) => s >= 400)).toEqual(refusals(key, contract))
    for (const status of refusals(key, contract)) {
      const reply = json(op.responses[String(status)])
      if (contract.ownReply?.status === status) {
        expect([status, requiredPaths(reply, NULLABLE)]).toEqual([status, contract.ownReply.required])
        continue
      }
      // The errors declared, so the serialiser keeps the field list of a 400.
      const envelope = { required: ['status', 'message', 'code'], status: [false], errors: ['[].field', '[].message'] }
      expect([status, envelopeOf(reply, NULLABLE)]).toEqual([status, envelope])
    }
  })

  it.each(Object.entries(ROUTES))('%s requires the input its handler needs', (key, contract) => {
    const body = contract.body && { type: 'object', required: contract.body }
    const path = (contract.params ?? []).map((name) => [name, true])
    expect(inputOf(operations.get(key)!)).toEqual({ body, query: contract.query ?? [], path })
  })

  it('answers bad input on every route only with statuses its document declares, in the envelope', async () => {
    const probes = badBodies([
      [
        'wrong types',
        {
          email: 1,
          title: [1],
          description: { a: 1 },
          token: null,
          permissionToken: 7,
          fileKey: [],
          fileKeys: 'x',
          subdomain: 5,
          headerColor: 1,
          name: {},
          ndaId: false,
          type: 1,
          Approved: 1,
          firstName: [],
          status: 3,
          badge: {},
          visibility: 9,
          logo: 4,
          companyTitle: [],
        },
      ],
      ['blank fields', { email: ' ', title: ' ', token: ' ', subdomain: ' ', name: ' ', ndaId: '', firstName: ' ', framework: ' ' }],
    ])
    const callers: [string, Record<string, string>][] = [
      ['admin', { authorization: `Bearer ${adminToken}` }],
      ['bad token', { authorization: 'Bearer nope' }],
      ['visitor', { dbname: dbName }],
      ['nobody', {}],
    ]
    const undeclared: string[] = []
    let n = 0
    for (const key of Object.keys(ROUTES)) {
      const [method] = splitKey(key)
      const declared = declaredStatuses(operations.get(key)!)
      const own = ROUTES[key]!.ownReply
      for (const [who, auth] of callers) {
        for (const [input, headers, payload] of method === 'GET' ? probes.slice(0, 1) : probes) {
          const res = await h.app.inject({
            ...sampleRequest(key, method === 'GET' ? '?page=0&pageSize=x&days=0&tz=%3Cb%3E&hostname=' : ''),
            remoteAddress: `10.8.${(n >> 8) & 255}.${n++ & 255}`,
            headers: { ...headers, ...auth },
            ...(payload !== undefined ? { payload } : {}),
          })
          const body = (res.headers['content-type'] ?? '').toString().startsWith('application/json') ? (res.json() as Record<string, unknown>) : {}
          const enveloped = res.statusCode < 400 || own?.status === res.statusCode || isErrorEnvelope(body)
          if (!declared.includes(res.statusCode) || !enveloped) undeclared.push(`${key} ${input} (${who}) → ${res.statusCode} ${res.body.slice(0, 100)}`)
        }
      }
    }
    expect(undeclared).toEqual([])
  })

  it('names no secret in any reply', () => {
    for (const key of Object.keys(ROUTES)) {
      const names = replyPropertyNames(operations.get(key)!)
      // textHash is the SHA-256 of the NDA's public text, shown to staff as proof of what was accepted.
      expect([key, names.filter((n) => /tokenHash|token_hash|password|secret|tenantId|blobKey|storageKey|blob|key$/i.test(n))]).toEqual([key, []])
    }
  })

  it("validates with the declared schema and answers its refusals with the spec's message", async () => {
    const admin = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' }
    const send = async (method: 'POST' | 'PUT', url: string, body: unknown, headers: Record<string, string> = admin) =>
      h.app.inject({ method, url, headers, payload: JSON.stringify(body), remoteAddress: `10.7.0.${n++}` })
    let n = 1
    const refused = invalidRequest
    const visitor = { dbname: dbName, 'content-type': 'application/json' }

    expect((await send('POST', '/api/nda/save', {})).json()).toEqual(refused('description', 'This field is required'))
    expect(
      (await send('POST', '/api/themecolor/save', { headerColor: '#fff', backgroundColor: '#000000', textColor: '#000000', buttonColor: '#000000' })).json(),
    ).toEqual(refused('headerColor', 'Invalid colour'))
    expect((await send('POST', '/api/compliance/save', { framework: 'SOC 2', status: 'done', badge: 'soc2' })).json()).toEqual(
      refused('status', 'Invalid status'),
    )
    expect((await send('POST', '/api/compliance/save', { framework: 'SOC 2', status: 'planned', badge: 'nope' })).json()).toEqual(
      refused('badge', 'Invalid badge'),
    )
    expect((await send('POST', '/api/security/save', { description: 'x' })).json()).toEqual(refused('title', 'This field is required'))
    expect((await send('PUT', `/api/accountsapprove/${crypto.randomUUID()}`, { Approved: 'pending' })).json()).toEqual(refused('Approved', 'Invalid status'))
    expect((await send('POST', '/api/fs/add-cname', {})).json()).toEqual(refused('subdomain', 'Invalid subdomain'))
    expect(
      (await send('POST', '/api/useraccessrequest', { firstName: 'A', lastName: 'B', companyName: 'C', relationshpLinkedIn: 'x' }, visitor)).json(),
    ).toEqual(refused('workEmail', 'This field is required'))
    expect((await send('POST', '/api/nda/accept', { name: 'A B', email: 'a@b.example', ndaId: '' }, visitor)).json()).toEqual(
      refused('ndaId', 'This field is required'),
    )
    expect((await send('POST', '/api/useraccesscheck', { permissionToken: 'short' }, visitor)).json()).toEqual(
      refused('permissionToken', 'Invalid permission token'),
    )
    expect((await send('POST', '/api/useraccesscheck', {}, visitor)).json()).toEqual(refused('permissionToken', 'This field is required'))
    expect((await send('POST', '/api/trustcenterhistroy/save', { type: 'download' }, visitor)).json()).toEqual(refused('type', 'Invalid type'))
    expect((await send('POST', '/api/trust-center/updates/subscribe', {}, visitor)).json()).toEqual(refused('email', 'This field is required'))
    expect((await send('POST', '/api/settings/save', { contactEmail: `${'a'.repeat(250)}@b.example` })).json()).toEqual(
      refused('contactEmail', 'Invalid email address'),
    )
    // A visitor's valid token of an unknown grant: the one 404 of every refusal.
    const unknown = await send('POST', '/api/useraccesscheck', { permissionToken: 'a'.repeat(43) }, visitor)
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { status: false }])
    // Colours are stored trimmed and lowercased, as before.
    const saved = await send('POST', '/api/themecolor/save', {
      headerColor: ' #AABBCC ',
      backgroundColor: '#000000',
      textColor: '#000000',
      buttonColor: '#000000',
    })
    expect([saved.statusCode, saved.json().data.headerColor]).toEqual([201, '#aabbcc'])
  })
})
