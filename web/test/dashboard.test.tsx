import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { mockFetch, type MockReply, renderApp, storeSession } from './test-utils'
import { viewerIn } from './time-zone'

beforeEach(() => {
  localStorage.clear()
  storeSession()
})
afterEach(() => {
  jest.restoreAllMocks()
  localStorage.clear()
})

const day = (date: string, views = 0, downloads = 0) => ({ date, views, downloads })
const days = (n: number, end = '2026-11-27') =>
  Array.from({ length: n }, (_, i) => day(new Date(Date.parse(`${end}T00:00:00Z`) - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10)))

const none = { drafted: 0, approvedUnchanged: 0, edited: 0, editedShare: 0, cleared: 0, choiceChanged: 0, pending: 0 }
const noQuality = { questionnaireId: null, bySource: { library: none, pair: none, sentence: none, model: none }, total: none }

const empty = {
  'GET /api/questionnaire/dashboard': { body: { status: true, data: { inProgress: 0, items: [] } } },
  'GET /api/accountsrequest': { body: { status: true, data: [], total: 0, totalPages: 0, currentPage: 1 } },
  'GET /api/outbound/dashboard': { body: { status: true, data: { awaiting: 0, items: [] } } },
  'GET /api/trust-center/dashboard': { body: { status: true, data: { timeZone: 'UTC', days: days(30), totals: { views: 0, downloads: 0 } } } },
  'GET /api/answer-quality': { body: { status: true, data: noQuality } },
  // The getting-started checklist's calls (getting-started.test.tsx tests it).
  'GET /api/companys': { body: { status: true, data: [] } },
  'GET /api/knowledge-base': { body: { status: true, data: [] } },
  'GET /api/overview': { body: { status: true, data: null } },
  'GET /api/security': { body: { status: true, data: [] } },
  'GET /api/domainnamestatus': { body: { status: true, data: [{ hostname: 'x.localhost', published: false, url: 'http://x.localhost' }] } },
  'GET /api/people': { body: { status: true, data: [], total: 1, totalPages: 1, currentPage: 1 } },
}

const card = (name: RegExp) => screen.getByRole('region', { name })

describe('dashboard', () => {
  it('says what it is loading, in words, while the data is on its way', async () => {
    const never = new Promise<Response>(() => {})
    globalThis.fetch = jest.fn(() => never) as unknown as typeof fetch
    renderApp('/dashboard')
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument()
    expect(screen.getByText('Loading questionnaires…')).toBeInTheDocument()
    expect(screen.getByText('Loading access requests…')).toBeInTheDocument()
    expect(screen.getByText('Loading outbound questionnaires…')).toBeInTheDocument()
    expect(screen.getByText('Loading trust center activity…')).toBeInTheDocument()
  })

  it('shows an empty state on every card when there is nothing to do', async () => {
    mockFetch(empty)
    renderApp('/dashboard')
    expect(await screen.findByText('No questionnaires in progress')).toBeInTheDocument()
    expect(await screen.findByText('No pending access requests')).toBeInTheDocument()
    expect(screen.getByText('No outbound questionnaires awaiting answers')).toBeInTheDocument()
    expect(await screen.findByText('No views or downloads in the last 30 days')).toBeInTheDocument()
    expect(within(card(/Questionnaires in progress/)).getByRole('link', { name: 'All clients and questionnaires' })).toHaveAttribute('href', '/enterprise')
    expect(within(card(/Pending access requests/)).getByRole('link', { name: 'Review access requests' })).toHaveAttribute('href', '/account')
    expect(within(card(/awaiting answers/)).getByRole('link', { name: 'All outbound questionnaires' })).toHaveAttribute('href', '/outbound')
    expect(document.querySelector('svg')).toBeNull()
  })

  it('says which card failed, and loads it again on Try again', async () => {
    let fail = true
    const api = mockFetch({
      ...empty,
      'GET /api/outbound/dashboard': (): MockReply =>
        fail ? { status: 500, body: { status: false, message: 'Server error (request 7f3a)' } } : { body: { status: true, data: { awaiting: 0, items: [] } } },
    })
    renderApp('/dashboard')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The outbound questionnaires could not be loaded. Server error (request 7f3a)')
    // The other cards are not held up by it.
    expect(await screen.findByText('No questionnaires in progress')).toBeInTheDocument()
    fail = false
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('No outbound questionnaires awaiting answers')).toBeInTheDocument()
    expect(api.callsTo('GET', '/api/outbound/dashboard')).toHaveLength(2)
  })

  it('lists the work with its counts, each item linking to its screen, and charts the last 30 days', async () => {
    viewerIn('America/New_York')
    const series = days(30)
    series[29] = day('2026-11-27', 12, 3)
    series[20] = day(series[20]!.date, 40, 0)
    const api = mockFetch({
      'GET /api/questionnaire/dashboard': {
        body: {
          status: true,
          data: {
            inProgress: 7,
            items: [
              {
                _id: 'qn1',
                fileName: 'caiq-lite.xlsx',
                companyId: 'c1',
                companyName: 'Global Bank',
                state: 'ready',
                createdAt: '2026-11-26T15:00:00.000Z',
                total: 120,
                approved: 30,
                drafted: 110,
                needsReview: 90,
              },
            ],
          },
        },
      },
      'GET /api/accountsrequest': {
        body: {
          status: true,
          total: 2,
          totalPages: 1,
          currentPage: 1,
          data: [
            {
              _id: 'r1',
              firstName: 'Vera',
              lastName: 'Buyer',
              companyName: 'Buyer Inc',
              workEmail: 'vera@buyer.example',
              createdAt: '2026-11-27T07:11:00.000Z',
            },
          ],
        },
      },
      'GET /api/outbound/dashboard': {
        body: {
          status: true,
          data: {
            awaiting: 1,
            items: [{ _id: 'ob1', clientName: 'Acme Supplies', email: 'ciso@acme.example', createdAt: '2026-11-20T12:00:00.000Z', total: 40, answered: 12 }],
          },
        },
      },
      'GET /api/trust-center/dashboard': { body: { status: true, data: { timeZone: 'America/New_York', days: series, totals: { views: 52, downloads: 3 } } } },
    })
    renderApp('/dashboard')

    const questionnaire = await screen.findByRole('link', { name: 'caiq-lite.xlsx' })
    expect(questionnaire).toHaveAttribute('href', '/enterprise-apps/review/qn1')
    const qCard = card(/Questionnaires in progress/)
    expect(within(qCard).getByText('7')).toBeInTheDocument()
    expect(within(qCard).getByText('120 questions')).toBeInTheDocument()
    expect(within(qCard).getByText('30 approved')).toBeInTheDocument()
    expect(within(qCard).getByText('110 drafted')).toBeInTheDocument()
    expect(within(qCard).getByText('90 need review')).toBeInTheDocument()
    expect(within(qCard).getByText('and 6 more')).toBeInTheDocument()
    expect(within(qCard).getByRole('progressbar', { name: 'caiq-lite.xlsx: 30 of 120 approved' })).toHaveAttribute('aria-valuenow', '25')

    const request = await screen.findByRole('link', { name: 'Vera Buyer' })
    expect(request).toHaveAttribute('href', '/account')
    // In the viewer's zone, labelled: 07:11 UTC is 2:11 AM in New York.
    expect(screen.getByText('Requested Nov 27, 2026, 2:11 AM EST')).toBeInTheDocument()
    expect(within(card(/Pending access requests/)).getByText('and 1 more')).toBeInTheDocument()

    expect(screen.getByRole('link', { name: 'Acme Supplies' })).toHaveAttribute('href', '/outbound/review/ob1')
    expect(screen.getByText('12 of 40 questions answered')).toBeInTheDocument()

    const chart = await screen.findByRole('img', { name: /^Views: 52 views over 30 days, most on/ })
    expect(chart.getAttribute('aria-label')).toBe(
      `Views: 52 views over 30 days, most on ${new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' }).format(new Date(`${series[20]!.date}T00:00:00Z`))} (40)`,
    )
    const bars = chart.querySelectorAll('rect')
    expect(bars).toHaveLength(30)
    // The busiest day is the tallest bar; a day without views has none.
    const heights = [...bars].map((b) => Number(b.getAttribute('height')))
    expect(heights.indexOf(Math.max(...heights))).toBe(20)
    expect(heights[0]).toBe(0)
    expect(bars[29]!.textContent).toBe('Nov 27: 12 views')
    expect(screen.getByRole('img', { name: 'Downloads: 3 downloads over 30 days, most on Nov 27 (3)' })).toBeInTheDocument()
    expect(api.callsTo('GET', '/api/trust-center/dashboard')[0]!.path).toBe('/api/trust-center/dashboard?days=30&tz=America%2FNew_York')
    expect(api.callsTo('GET', '/api/accountsrequest')[0]!.path).toBe('/api/accountsrequest?page=1&pageSize=5')
  })

  it('follows an item to its screen', async () => {
    mockFetch({
      ...empty,
      'GET /api/outbound/dashboard': {
        body: {
          status: true,
          data: {
            awaiting: 1,
            items: [{ _id: 'ob9', clientName: 'Acme Supplies', email: 'ciso@acme.example', createdAt: '2026-11-20T12:00:00.000Z', total: 4, answered: 1 }],
          },
        },
      },
    })
    const app = renderApp('/dashboard')
    fireEvent.click(await screen.findByRole('link', { name: 'Acme Supplies' }))
    await waitFor(() => expect(app.location()).toBe('/outbound/review/ob9'))
  })
})
