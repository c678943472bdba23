// A PDF that cannot be read is refused at upload (422 with words), on every route that takes PDFs,
// and nothing of it is kept: no row, no stored object, no quota spent. pdf.js opens each one in a
// worker thread; an /Encrypt entry in the trailer makes it ask for a password.
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { textPdf } from '@portal/pdf-writer'
import { callWithToken, dbKinds, formOf, type SignedUp, signUp, startTestPortal, type TestPortal } from '../support/portal.js'

const good = textPdf([['Access to production requires multi-factor authentication.']])
/** The same PDF with a standard-security /Encrypt entry whose user password is not empty. */
const encrypted = Buffer.from(
  good
    .toString('latin1')
    .replace(
      '/Root 1 0 R >>',
      `/Root 1 0 R /Encrypt << /Filter /Standard /V 1 /R 2 /O <${'ab'.repeat(32)}> /U <${'cd'.repeat(32)}> /P -4 >> /ID [<${'01'.repeat(16)}><${'01'.repeat(16)}>] >>`,
    ),
  'latin1',
)
const garbage = Buffer.from(`%PDF-1.7\n${'this is not a PDF body '.repeat(200)}`)
const truncated = good.subarray(0, Math.floor(good.length / 2))

async function countFiles(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
  let n = 0
  for (const e of entries) n += e.isDirectory() ? await countFiles(path.join(dir, e.name)) : 1
  return n
}

describe.each(dbKinds())('PDF check at upload on %s', (db) => {
  let tp: TestPortal
  let user: SignedUp
  let companyId: string

  const api = (method: string, url: string, body?: unknown) => callWithToken(tp, user, method, url, body)
  const form = (field: string, fields: Record<string, string>, bytes: Buffer) => formOf(fields, [['policy.pdf', bytes]], field)
  const routes = () => [
    {
      name: 'compliance document',
      send: (b: Buffer) => api('POST', '/api/fs/enterpriseapps-compliance-uploadfile', form('files', { companyId }, b)),
      list: `/api/compliancefile/${companyId}`,
    },
    {
      name: 'PDF questionnaire',
      send: (b: Buffer) => api('POST', '/api/questionnaires/save', form('files', { company_id: companyId }, b)),
      list: `/api/questionnaires/${companyId}`,
    },
    {
      name: 'trust-center document',
      send: (b: Buffer) => api('POST', '/api/fs/upload-docs', form('file', { title: 'Policy' }, b)),
      list: '/api/documentslist',
    },
  ]

  beforeAll(async () => {
    // One file a day beyond the good ones: a refused upload must not spend the quota.
    tp = await startTestPortal({ db, listen: true, env: { TENANT_DAILY_FILES: '6' } })
    user = await signUp(tp, 'pdf@check-co.example')
    companyId = (
      (await api('POST', '/api/companys', { companyName: 'PDF Client', compliance_bucket: 'c', questionnaires_bucket: 'q' })).json.data as { _id: string }
    )._id
  })
  afterAll(async () => tp?.stop())

  it.each([
    ['password-protected', encrypted, 'This PDF is password-protected'],
    ['garbage after a %PDF- header', garbage, 'This PDF is damaged and cannot be read'],
    ['truncated', truncated, 'This PDF is damaged and cannot be read'],
  ])(
    'refuses a %s PDF with 422 on every PDF route, keeping nothing',
    async (_what, bytes, message) => {
      for (const route of routes()) {
        const blobsBefore = await countFiles(path.join(tp.dataDir, 'blobs'))
        const listed = ((await api('GET', route.list)).json.data as unknown[]).length
        const res = await route.send(bytes)
        expect([route.name, res.status, res.json.message]).toEqual([route.name, 422, message])
        expect(((await api('GET', route.list)).json.data as unknown[]).length).toBe(listed)
        expect(await countFiles(path.join(tp.dataDir, 'blobs'))).toBe(blobsBefore)
      }
    },
    60_000,
  )

  it('still accepts a readable PDF on every route, and the refused ones spent no quota', async () => {
    // 9 refused uploads above; with 6 files a day these succeed only if none of them was counted.
    for (const route of routes()) expect([route.name, (await route.send(good)).status]).toEqual([route.name, 201])
  }, 60_000)
})
