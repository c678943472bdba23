// The dashboard's getting-started checklist (issue 25): ticked from the company's state on the
// server, "n of 6 done", each open step one click from its screen; only for admins.
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals'
import { fireEvent, screen, within } from '@testing-library/react'
import { STORAGE_PREFIX } from '../src/config/constants'
import { makeToken, mockFetch, renderApp, storeSession } from './test-utils'

const page = (data: unknown[]) => ({ body: { status: true, data, total: data.length, totalPages: 1, currentPage: 1 } })
const none = { drafted: 0, approvedUnchanged: 0, edited: 0, editedShare: 0, cleared: 0, choiceChanged: 0, pending: 0 }
const dashboard = {
  'GET /api/questionnaire/dashboard': { body: { status: true, data: { inProgress: 0, items: [] } } },
  'GET /api/accountsrequest': page([]),
  'GET /api/outbound/dashboard': { body: { status: true, data: { awaiting: 0, items: [] } } },
  'GET /api/trust-center/dashboard': { body: { status: true, data: { timeZone: 'UTC', days: [], totals: { views: 0, downloads: 0 } } } },
  'GET /api/answer-quality': {
    body: { status: true, data: { questionnaireId: null, bySource: { library: none, pair: none, sentence: none, model: none }, total: none } },
  },
}
const fresh = {
  ...dashboard,
  'GET /api/companys': { body: { status: true, data: [] } },
  'GET /api/knowledge-base': { body: { status: true, data: [] } },
  'GET /api/overview': { body: { status: true, data: null } },
  'GET /api/security': { body: { status: true, data: [] } },
  'GET /api/domainnamestatus': { body: { status: true, data: [{ hostname: 'xfiles.localhost', published: false, url: 'http://xfiles.localhost:3000' }] } },
  'GET /api/people': page([{ _id: 'u1' }]),
}
const file = (id: string) => ({ _id: id, fileName: `${id}.pdf` })

beforeEach(() => {
  localStorage.clear()
  storeSession()
})
afterEach(() => {
  jest.restoreAllMocks()
  localStorage.clear()
})

const checklist = () => screen.getByRole('region', { name: /Get started|You are all set/ })
const step = (title: string) => within(checklist()).getByText(title).closest('li')!

describe('getting-started checklist', () => {
  it('starts at 0 of 6 for a new company, every step one click from its screen', async () => {
    localStorage.setItem(`${STORAGE_PREFIX}token`, makeToken(3600, { ev: false }))
    mockFetch(fresh)
    renderApp('/dashboard')
    expect(await screen.findByText('0 of 6 done')).toBeInTheDocument()
    const links = within(checklist()).getAllByRole('link')
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Open the knowledge base', '/knowledge-base'],
      ['Go to clients', '/enterprise'],
      ['Open the trust center editor', '/trust-center-editor'],
      ['Publish from the editor', '/trust-center-editor#publish-title'],
      ['Invite people', '/people'],
    ])
    expect(within(step('Verify your email address')).getByRole('button', { name: 'Resend the link' })).toBeInTheDocument()
    expect(within(checklist()).getAllByText('(to do)')).toHaveLength(6)
    expect(checklist().querySelector('progress')).toHaveAttribute('value', '0')
  })

  it('ticks what the server says is done: 3 of 6', async () => {
    const api = mockFetch({
      ...fresh,
      'GET /api/companys': {
        body: {
          status: true,
          data: [
            { _id: 'c1', companyName: 'Acme' },
            { _id: 'c2', companyName: 'Beta' },
          ],
        },
      },
      'GET /api/knowledge-base': { body: { status: true, data: [file('d1'), file('d2')] } },
      'GET /api/questionnaires/c1': { body: { status: true, data: [] } },
      'GET /api/questionnaires/c2': { body: { status: true, data: [] } },
      'GET /api/overview': { body: { status: true, data: { _id: 'o1', subTitle: '', description: '<p>We keep data safe.</p>' } } },
    })
    renderApp('/dashboard')
    expect(await screen.findByText('3 of 6 done')).toBeInTheDocument()
    expect(within(step('Verify your email address')).getByText('(done)')).toBeInTheDocument()
    expect(within(step('Add a document to your knowledge base')).getByText('2 documents in your knowledge base.')).toBeInTheDocument()
    expect(within(step("Write your trust center's content")).getByText('(done)')).toBeInTheDocument()
    expect(within(step('Upload your first questionnaire')).getByText('(to do)')).toBeInTheDocument()
    expect(within(step('Publish your trust center')).getByRole('link', { name: 'Publish from the editor' })).toBeInTheDocument()
    // Done steps carry no link; open ones do.
    expect(within(step('Add a document to your knowledge base')).queryByRole('link')).toBeNull()
    expect(api.callsTo('GET', '/api/people')[0]?.path).toContain('pageSize=2')
  })

  it('says when all is done', async () => {
    mockFetch({
      ...fresh,
      'GET /api/companys': { body: { status: true, data: [{ _id: 'c1', companyName: 'Acme' }] } },
      'GET /api/knowledge-base': { body: { status: true, data: [file('d1')] } },
      'GET /api/questionnaires/c1': { body: { status: true, data: [file('q1')] } },
      'GET /api/security': { body: { status: true, data: [{ _id: 's1' }] } },
      'GET /api/domainnamestatus': { body: { status: true, data: [{ hostname: 'x.localhost', published: true, url: 'http://x.localhost' }] } },
      'GET /api/people': page([{ _id: 'u1' }, { _id: 'u2' }]),
    })
    renderApp('/dashboard')
    expect(await screen.findByText('6 of 6 done')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'You are all set' })).toBeInTheDocument()
    expect(screen.getByText('1 colleague invited.')).toBeInTheDocument()
  })

  it('says in words when the progress cannot be loaded, and tries again', async () => {
    let fail = true
    mockFetch({
      ...fresh,
      'GET /api/security': () => (fail ? { status: 500, body: { status: false, message: 'Server error' } } : { body: { status: true, data: [] } }),
    })
    renderApp('/dashboard')
    expect(await screen.findByText(/Your progress could not be loaded/)).toBeInTheDocument()
    fail = false
    fireEvent.click(within(checklist()).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('1 of 6 done')).toBeInTheDocument() // the address is verified
  })

  it('is not shown to colleagues who are not admins', async () => {
    localStorage.clear()
    storeSession({ admin: false })
    const api = mockFetch(fresh)
    renderApp('/dashboard')
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: /Get started/ })).toBeNull()
    expect(api.callsTo('GET', '/api/people')).toHaveLength(0)
  })
})
