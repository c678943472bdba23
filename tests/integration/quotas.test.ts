// Daily quotas per company (security.md B29): a company that floods uploads or drafting is refused
// with 429 QUOTA_EXCEEDED and words saying when to come back; nothing of a refused upload is kept;
// other companies are not affected. Each service counts its own uploads.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { textPdf } from '@portal/pdf-writer'
import { callAs, type SignedUp, signUp, startTestPortal, type TestPortal } from '../support/portal.js'

describe('daily quotas per company', () => {
  let tp: TestPortal
  let alice: SignedUp
  let bob: SignedUp
  const pdf = textPdf([['Access to production systems requires multi-factor authentication for every engineer.']])

  const api = (user: SignedUp, method: string, url: string, body?: unknown) => callAs(tp, user, method, url, body)
  const upload = (user: SignedUp, companyId: string, files: Buffer[]) => {
    const fd = new FormData()
    fd.append('companyId', companyId)
    for (const [i, bytes] of files.entries()) fd.append('files', new Blob([new Uint8Array(bytes)]), `policy-${i}.pdf`)
    return api(user, 'POST', '/api/fs/enterpriseapps-compliance-uploadfile', fd)
  }
  const clientOf = async (user: SignedUp) =>
    (
      (await api(user, 'POST', '/api/companys', { companyName: 'Quota Client', compliance_bucket: 'compliance', questionnaires_bucket: 'questionnaires' })).json
        .data as { _id: string }
    )._id

  beforeAll(async () => {
    tp = await startTestPortal({ listen: true, env: { TENANT_DAILY_FILES: '3', TENANT_DAILY_UPLOAD_MB: '1', TENANT_DAILY_DRAFTS: '2' } })
    alice = await signUp(tp, 'alice@quota-a.example')
    bob = await signUp(tp, 'bob@quota-b.example')
  })
  afterAll(async () => tp?.stop())

  it("refuses uploads past the day's file count, keeping none of the refused request", async () => {
    const client = await clientOf(alice)
    expect((await upload(alice, client, [pdf, pdf])).status).toBe(201)
    const refused = await upload(alice, client, [pdf, pdf]) // 4 > 3
    expect([refused.status, refused.json.code, refused.json.message]).toEqual([
      429,
      'QUOTA_EXCEEDED',
      "Your company has reached today's limit of uploads. Please try again tomorrow.",
    ])
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(86_400)
    expect((await api(alice, 'GET', `/api/compliancefile/${client}`)).json.data).toHaveLength(2)
    expect((await upload(alice, client, [pdf])).status).toBe(201) // the third still fits
    expect((await upload(alice, client, [pdf])).status).toBe(429)
  })

  it('counts bytes too, and each company on its own', async () => {
    const client = await clientOf(bob)
    expect((await upload(bob, client, [pdf])).status).toBe(201) // alice's full day does not touch bob's
    const big = Buffer.concat([pdf, Buffer.alloc(1024 * 1024)]) // a valid PDF signature, over 1 MB in all
    const refused = await upload(bob, client, [big])
    expect([refused.status, refused.json.code]).toEqual([429, 'QUOTA_EXCEEDED'])
  })

  it('counts trust-center document uploads against the same daily limits, per service', async () => {
    const document = () => {
      const fd = new FormData()
      fd.append('title', 'Security Overview')
      fd.append('visibility', 'public')
      fd.append('file', new Blob([new Uint8Array(pdf)]), 'overview.pdf')
      return api(alice, 'POST', '/api/fs/upload-docs', fd)
    }
    // Alice's questionnaire-side day is full; the trust center keeps its own count.
    for (let i = 0; i < 3; i++) expect((await document()).status).toBe(201)
    const refused = await document()
    expect([refused.status, refused.json.code, refused.json.message]).toEqual([
      429,
      'QUOTA_EXCEEDED',
      "Your company has reached today's limit of uploads. Please try again tomorrow.",
    ])
    expect((await api(alice, 'GET', '/api/documentslist')).json.data).toHaveLength(3)
  })

  it('limits drafting runs that cost model calls', async () => {
    for (let i = 0; i < 2; i++) expect((await api(bob, 'POST', '/api/fs/generate-answer', { question: 'Is MFA required?' })).status).toBe(200)
    const refused = await api(bob, 'POST', '/api/fs/generate-answer', { question: 'Is MFA required?' })
    expect([refused.status, refused.json.message]).toEqual([429, "Your company has reached today's limit of drafting runs. Please try again tomorrow."])
    expect((await api(alice, 'POST', '/api/fs/generate-answer', { question: 'Is MFA required?' })).status).toBe(200)
  })
})
