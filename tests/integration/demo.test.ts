// The demo of `npm start`: a sample client whose questionnaire is drafted from its sample document
// within seconds of the first start, ready to review; and a questionnaire sent to a client, half
// answered, with a link (printed at start-up) to answer it as that client.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { call, startTestPortal, type TestPortal } from '../support/portal.js'

describe('demo tenant', () => {
  let tp: TestPortal
  beforeAll(async () => {
    tp = await startTestPortal({ env: { SEED_DEMO: 'true' } })
  })
  afterAll(async () => tp.stop())

  it('has a sample client with a drafted questionnaire', async () => {
    const login = await call(tp, 'POST', '/api/userlogin', { body: { email: 'admin@demo.example', password: tp.portal.demo!.password } })
    const token = (login.body.data as { token: string }).token
    const [client] = (await call(tp, 'GET', '/api/companys', { token })).body.data as { _id: string; companyName: string }[]
    expect(client?.companyName).toBe('Sample Customer')
    let questionnaire: { _id: string; total: number; drafted: number } | undefined
    for (let i = 0; i < 150 && !(questionnaire && questionnaire.total > 0 && questionnaire.drafted === questionnaire.total); i++) {
      await new Promise((r) => setTimeout(r, 200))
      questionnaire = ((await call(tp, 'GET', `/api/questionnaires/${client!._id}`, { token })).body.data as (typeof questionnaire)[])[0]
    }
    expect(questionnaire).toMatchObject({ total: 16, drafted: 16 })
    // Each question as opened: its source comes with it, not with the list (issue 26).
    const rows = (await call(tp, 'GET', `/api/getquestionlist/${questionnaire!._id}`, { token })).body.data as { _id: string }[]
    const questions = (await Promise.all(rows.map(async (r) => (await call(tp, 'GET', `/api/questionnaires/question/${r._id}`, { token })).body.data))) as {
      questionId: string
      answer: string
      choiceValue: string | null
      llmReviewRespons: number
      documentName: string
    }[]
    const atRest = questions.find((q) => q.questionId === '2.1')!
    expect(atRest.answer).toContain('AES-256')
    expect(atRest.documentName).toBe('Demo-Company-Security-Overview.pdf')
    const fedramp = questions.find((q) => q.questionId === '8.2')!
    expect(fedramp).toMatchObject({ answer: '', llmReviewRespons: 1 })
    expect(questions.filter((q) => q.answer).length).toBeGreaterThanOrEqual(10)
  })

  it('has a questionnaire sent to a client, half answered, and a working link to answer it', async () => {
    const link = tp.portal.inboundUrl!
    const capability = link.match(/\/inbound\/review\/([\w-]+)$/)![1]!
    const session = await call(tp, 'GET', `/api/inbound/${capability}`)
    expect(session.status).toBe(200)
    const { token, outboundId } = session.body.data as { token: string; outboundId: string }
    const outbound = (await call(tp, 'GET', `/api/outbound/${outboundId}`, { token })).body.data as {
      clientName: string
      total: number
      answered: number
      status: boolean
    }
    expect(outbound).toMatchObject({ clientName: 'Northwind Traders', total: 16, answered: 8, status: false })
  })
})
