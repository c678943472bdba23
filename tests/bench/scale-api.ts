// The public API as the web client calls it (web/src/features/*/api), for the scale bench: a company
// signs up and adds a client, uploads files one per request, watches their lists, opens its
// questionnaire's review. Every call goes to the gateway with the company's own X-Forwarded-For.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { jsonOf, type Reply, request } from './scale-http.js'

const PASSWORD = 'Str0ng!pass-scale'
/** Sessions older than this sign in again before a phase (access tokens live at most 15 minutes). */
const SESSION_MS = 10 * 60_000

export interface Company {
  n: number
  email: string
  /** Its address, as a load balancer would pass it on. */
  address: string
  token: string
  dbName: string
  tokenAt: number
  /** Its client (the web's "company" the files are uploaded for). */
  clientId: string
}

export const headersOf = (c: Company, extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${c.token}`,
  dbname: c.dbName,
  'x-forwarded-for': c.address,
  ...extra,
})

const check = (what: string, r: Reply, status: number) => {
  if (r.status !== status) throw new Error(`${what} answered ${r.status || 'nothing'}: ${r.body.toString('utf8').slice(0, 300)}`)
}

/** A company signed up (its own tenant) with one client, as the console makes them. */
export async function signUpCompany(base: string, run: string, n: number, label = String(n)): Promise<Company> {
  const address = `10.${26 + Math.floor(n / 62500)}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`
  const email = `admin@company-${label}-${run}.example`
  const signUp = await request(base, 'POST', '/api/usercreate', {
    headers: { 'x-forwarded-for': address },
    json: { firstName: 'Scale', lastName: `Bench ${label}`, email, password: PASSWORD, cnfpassword: PASSWORD },
  })
  check(`sign-up of ${email}`, signUp, 201)
  const { token, dbName } = jsonOf<{ data: { token: string; dbName: string } }>(signUp).data
  const company: Company = { n, email, address, token, dbName, tokenAt: Date.now(), clientId: '' }
  const client = await request(base, 'POST', '/api/companys', {
    headers: headersOf(company),
    json: { companyName: `Client ${label.replace(/[^a-z0-9 ]/gi, ' ')}`, compliance_bucket: 'compliance', questionnaires_bucket: 'questionnaires' },
  })
  check(`client of ${email}`, client, 201)
  company.clientId = jsonOf<{ data: { _id: string } }>(client).data._id
  return company
}

/** Signs in again when the session is old (phases after a long pipeline). */
export async function freshSession(base: string, c: Company): Promise<void> {
  if (Date.now() - c.tokenAt < SESSION_MS) return
  const r = await request(base, 'POST', '/api/userlogin', { headers: { 'x-forwarded-for': c.address }, json: { email: c.email, password: PASSWORD } })
  check(`sign-in of ${c.email}`, r, 200)
  const { token, dbName } = jsonOf<{ data: { token: string; dbName: string } }>(r).data
  Object.assign(c, { token, dbName, tokenAt: Date.now() })
}

const fileCache = new Map<string, Buffer>()
const bytesOf = async (file: string) => {
  const cached = fileCache.get(file)
  if (cached) return cached
  const b = await readFile(file)
  fileCache.set(file, b)
  return b
}

/**
 * One file uploaded as the console does (one per request), under `name`: a document uploaded again
 * under the same name is a new version of it (replacing the older once read). Throws unless 201.
 */
export async function upload(
  base: string,
  c: Company,
  kind: 'compliance' | 'questionnaire',
  file: string,
  name = path.basename(file),
): Promise<{ id: string; ms: number }> {
  const form = new FormData()
  form.append(kind === 'compliance' ? 'companyId' : 'company_id', c.clientId)
  form.append('files', new Blob([new Uint8Array(await bytesOf(file))]), name)
  const route = kind === 'compliance' ? '/api/fs/enterpriseapps-compliance-uploadfile' : '/api/questionnaires/save'
  const t0 = performance.now()
  const res = await fetch(new URL(route, base), { method: 'POST', headers: headersOf(c), body: form, signal: AbortSignal.timeout(120_000) })
  const text = await res.text()
  const ms = performance.now() - t0
  if (res.status !== 201) throw new Error(`upload of ${path.basename(file)} for ${c.email} answered ${res.status}: ${text.slice(0, 300)}`)
  return { id: (JSON.parse(text) as { data: { _id: string }[] }).data[0]!._id, ms }
}

export interface FileEntry {
  _id: string
  state: string
  total: number
  drafted: number
  error: string | null
}

/** A client's files of one kind (the console's lists, polled while anything is being processed). */
export async function filesOf(base: string, c: Company, kind: 'compliance' | 'questionnaire'): Promise<FileEntry[] | undefined> {
  const r = await request(base, 'GET', kind === 'compliance' ? `/api/compliancefile/${c.clientId}` : `/api/questionnaires/${c.clientId}`, {
    headers: headersOf(c, { 'accept-encoding': 'br, gzip' }),
  })
  return r.status === 200 ? jsonOf<{ data: FileEntry[] }>(r).data : undefined
}

/**
 * "Check the columns" confirmed as the product read them, as a person would when a questionnaire
 * stops in state `check` (the drawer's one click).
 */
export async function confirmColumns(base: string, c: Company, questionnaireId: string): Promise<void> {
  const at = `/api/questionnaires/${questionnaireId}/layout`
  const got = await request(base, 'GET', at, { headers: headersOf(c) })
  check('the layout', got, 200)
  const layout = jsonOf<{ data: { sheet: string; headerRow: number; columns: unknown } }>(got).data
  const saved = await request(base, 'PUT', at, { headers: headersOf(c), json: { sheet: layout.sheet, headerRow: layout.headerRow, columns: layout.columns } })
  check('the layout save', saved, 200)
}

export interface ListedQuestion {
  id: string
  /** The answer's version, sent back with a save (absent when the list no longer carries it). */
  version?: number
}

/**
 * The questions of a question-list reply, whatever its shape: today `data` is the array; a slimmer or
 * paged list may wrap it (`data.items`, `data.questions`, `data.rows`).
 */
export function questionsIn(body: unknown): ListedQuestion[] {
  const data = (body as { data?: unknown } | null)?.data
  const wrapped = data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined
  const rows = Array.isArray(data) ? data : [wrapped?.['items'], wrapped?.['questions'], wrapped?.['rows']].find(Array.isArray)
  if (!rows) throw new Error(`no question array in the list's reply: ${JSON.stringify(body).slice(0, 200)}`)
  return (rows as Record<string, unknown>[]).map((q) => ({
    id: String(q['_id'] ?? q['id']),
    ...(typeof q['version'] === 'number' ? { version: q['version'] } : {}),
  }))
}

export const listPath = (questionnaireId: string) => `/api/getquestionlist/${questionnaireId}`
export const countsPath = (questionnaireId: string) => `/api/questionnaires/count/${questionnaireId}`
