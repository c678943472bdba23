// A client's questionnaires say how many questions have an answer, not how many drafting went
// through (issue 11: "294 of 294 answered" with 163 empty); the drawer shows approved, to review and
// without an answer apart; drafting that waits for the client's documents says so.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { fireEvent, screen, within } from '@testing-library/react'
import { mockFetch, renderApp, storeSession } from '../../../../test/test-utils'

const PAGE = '/enterprise-vendor-details?id=c1'
const file = (id: string, fileName: string, rest: object) => ({
  _id: id, company_id: 'c1', createdAt: '2026-03-02T09:00:00Z', files: [{ fileName, _id: id }], state: 'ready', error: null, total: 0, drafted: 0, ...rest,
})
const client = (compliance: object[], questionnaires: object[]) =>
  mockFetch({
    'GET /api/companys': { body: { status: true, data: [{ _id: 'c1', companyName: 'Global Bank', complianceFolder: 'c', questionnairesFolder: 'q' }] } },
    'GET /api/compliancefile/c1': { body: { status: true, data: compliance } },
    'GET /api/questionnaires/c1': { body: { status: true, data: questionnaires } },
  })

beforeEach(() => {
  localStorage.clear()
  storeSession()
})
afterEach(() => localStorage.clear())

describe('questionnaire counts on the client page', () => {
  it('counts answered questions only, and shows approved, to review and empty apart in the drawer', async () => {
    client(
      [file('d1', 'policy.pdf', { total: 12, drafted: 0 })],
      [file('q1', 'caiq.xlsx', { total: 294, drafted: 294, answered: 131, approved: 20 })],
    )
    renderApp(PAGE)
    expect(await screen.findByText('131 of 294 questions answered')).toBeTruthy()
    expect(screen.queryByText('294 of 294 questions answered')).toBeNull()

    fireEvent.click(screen.getByText('caiq.xlsx'))
    const drawer = await screen.findByRole('dialog', { name: 'caiq.xlsx' })
    expect(within(drawer).getByText('131 of 294 questions answered')).toBeTruthy()
    expect(within(drawer).getByText('20 approved · 111 to review · 163 without an answer')).toBeTruthy()
    const bar = within(drawer).getByRole('progressbar', { name: 'Answered' })
    expect(bar.getAttribute('aria-valuenow')).toBe('131')
  })

  it('says drafting waits for documents still being read', async () => {
    client(
      [file('d1', 'policy.pdf', { total: 12 }), file('d2', 'late.pdf', { state: 'running' })],
      [file('q1', 'caiq.xlsx', { total: 30, drafted: 0 }), file('q2', 'sig.xlsx', { total: 10, drafted: 10, answered: 0, approved: 0 })],
    )
    renderApp(PAGE)
    expect(await screen.findByText('Waiting for the documents to be read…')).toBeTruthy()
    expect(screen.getByText('0 of 10 questions answered')).toBeTruthy() // drafted in full, nothing found
  })

  it('shows drafting progress while the documents are all read', async () => {
    client([file('d1', 'policy.pdf', { total: 12 })], [file('q1', 'caiq.xlsx', { total: 30, drafted: 7, answered: 5 })])
    renderApp(PAGE)
    expect(await screen.findByText('Drafting answers: 7 of 30')).toBeTruthy()
  })
})
