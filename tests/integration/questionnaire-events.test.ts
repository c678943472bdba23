// Live progress: the events stream of a questionnaire reports n of N drafted and ends when done.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { buildQuestionsWorkbook } from '@portal/sheets'
import { callWithToken, formOf, type SignedUp, signUp, startTestPortal, type TestPortal } from '../support/portal.js'

const DATA = path.resolve(process.cwd(), 'tests/fixtures')

describe('questionnaire progress events', () => {
  let tp: TestPortal
  let user: SignedUp
  let other: SignedUp
  beforeAll(async () => {
    tp = await startTestPortal({ listen: true })
    user = await signUp(tp, 'eve@events-co.example')
    other = await signUp(tp, 'mal@other-co.example')
  })
  afterAll(async () => tp.stop())

  const auth = (u: SignedUp) => ({ authorization: `Bearer ${u.token}` })
  /** A new client of the user's with one questionnaire uploaded: the questionnaire's id. */
  const clientWithQuestionnaire = async (companyName: string, fileName: string, bytes: Buffer) => {
    const company = (await callWithToken(tp, user, 'POST', '/api/companys', { companyName, compliance_bucket: 'c', questionnaires_bucket: 'q' })).json.data as {
      _id: string
    }
    const saved = await callWithToken(tp, user, 'POST', '/api/questionnaires/save', formOf({ company_id: company._id }, [[fileName, bytes]]))
    return (saved.json.data as { _id: string }[])[0]!._id
  }

  it('streams progress until every question is drafted, and only to the tenant', async () => {
    const id = await clientWithQuestionnaire('Events Client', 'caiq.xlsx', await readFile(path.join(DATA, 'questionnaires/csa-caiq-v3.0.1-09-01-2017.xlsx')))

    expect((await fetch(`${tp.url}/api/questionnaires/${id}/events`, { headers: auth(other) })).status).toBe(404)
    const res = await fetch(`${tp.url}/api/questionnaires/${id}/events`, { headers: auth(user) })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/event-stream')
    const text = await res.text() // the server ends the stream when drafting is done
    const events = [...text.matchAll(/event: (\w+)\ndata: (.*)\n/g)].map((m) => ({
      event: m[1],
      data: JSON.parse(m[2]!) as { drafted: number; total: number },
    }))
    expect(events.at(-1)).toMatchObject({ event: 'drafted', data: { drafted: 294, total: 294 } })
    const progress = events.filter((e) => e.event === 'progress' && e.data.total === 294).map((e) => e.data.drafted)
    expect(progress).toEqual([...progress].sort((a, b) => a - b))
  }, 60_000)

  it('tells the stream when a file fails, with the reason, and ends it', async () => {
    // A real workbook with no questions in it: extraction fails for good.
    const id = await clientWithQuestionnaire('Failing Client', 'empty.xlsx', await buildQuestionsWorkbook([]))
    const text = await (await fetch(`${tp.url}/api/questionnaires/${id}/events`, { headers: auth(user) })).text()
    expect(text).toMatch(/event: failed\ndata: .*No questions were found in this file/)
  }, 60_000)
})
