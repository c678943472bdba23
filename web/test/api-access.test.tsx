// The admins' API keys and Webhooks pages (issue 27): a new key or signing secret is shown once with
// a copy button, lists never hold them, revoking asks first, and a delivery can be replayed.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { mockFetch, renderApp, storeSession } from './test-utils'

beforeEach(() => localStorage.clear())
afterEach(() => localStorage.clear())

const KEY = `tpk_${'a'.repeat(43)}`
const listed = { id: 'k1', name: 'CI', scopes: ['questionnaires:read'], start: KEY.slice(0, 10), createdAt: '2026-03-02T09:00:00Z', lastUsedAt: null }

describe('API keys page', () => {
  it('creates a key, shows it once with a copy button, and revokes one after asking', async () => {
    storeSession({ admin: true })
    const api = mockFetch({
      'GET /api/api-keys': [{ body: { status: true, data: [] } }, { body: { status: true, data: [listed] } }],
      'POST /api/api-keys': { status: 201, body: { status: true, data: { id: 'k1', key: KEY } } },
      'DELETE /api/api-keys/k1': { body: { status: true, message: 'The key was revoked' } },
    })
    renderApp('/settings/api-keys')
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'New API key' }))
    const dialog = await screen.findByRole('dialog', { name: 'New API key' })
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'CI' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }))
    expect(await within(dialog).findByText('Please choose at least one scope')).toBeInTheDocument()
    fireEvent.click(within(dialog).getByLabelText('questionnaires:read'))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }))
    expect(await within(dialog).findByTestId('shown-once')).toHaveTextContent(KEY)
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument()
    expect(api.callsTo('POST', '/api/api-keys')[0]!.body).toEqual({ name: 'CI', scopes: ['questionnaires:read'] })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }))

    expect(await screen.findByText('tpk_aaaaaa…')).toBeInTheDocument()
    expect(screen.getByText('Never')).toBeInTheDocument()
    expect(document.body.textContent).not.toContain(KEY)
    fireEvent.click(screen.getByRole('button', { name: 'Revoke CI' }))
    const confirm = await screen.findByRole('dialog', { name: 'Revoke API key' })
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }))
    await waitFor(() => expect(api.callsTo('DELETE', '/api/api-keys/k1')).toHaveLength(1))
  })
})

describe('Webhooks page', () => {
  it('shows the signing secret once, lists deliveries as text and replays one', async () => {
    storeSession({ admin: true })
    const hook = { id: 'w1', url: 'https://hooks.example.com/in', events: ['questionnaire.drafted'], createdAt: '2026-03-02T09:00:00Z' }
    const api = mockFetch({
      'GET /api/webhooks': [{ body: { status: true, data: [] } }, { body: { status: true, data: [hook] } }],
      'POST /api/webhooks': { status: 201, body: { status: true, data: { id: 'w1', secret: 'whsec_s3cret' } } },
      'GET /api/webhooks/w1/deliveries': {
        body: {
          status: true,
          data: [
            {
              id: 'd1',
              eventId: 'e1',
              event: 'questionnaire.drafted',
              attempt: 1,
              ok: false,
              statusCode: 500,
              responseExcerpt: '<b>down</b>',
              error: 'The receiver answered 500',
              at: '2026-03-02T09:00:00Z',
            },
          ],
        },
      },
      'POST /api/webhooks/w1/deliveries/d1/replay': { status: 202, body: { status: true, data: { eventId: 'e1' } } },
    })
    renderApp('/settings/webhooks')
    expect(await screen.findByText('No webhooks yet')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'New webhook' }))
    const dialog = await screen.findByRole('dialog', { name: 'New webhook' })
    fireEvent.change(within(dialog).getByLabelText('URL'), { target: { value: hook.url } })
    fireEvent.click(within(dialog).getByLabelText('questionnaire.drafted'))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create webhook' }))
    expect(await within(dialog).findByTestId('shown-once')).toHaveTextContent('whsec_s3cret')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }))

    fireEvent.click(await screen.findByRole('button', { name: 'Deliveries' }))
    const log = await screen.findByRole('dialog', { name: `Deliveries to ${hook.url}` })
    expect(await within(log).findByText('The receiver answered 500')).toBeInTheDocument()
    // The receiver's answer is text, never markup.
    expect(within(log).getByText('<b>down</b>')).toBeInTheDocument()
    fireEvent.click(within(log).getByRole('button', { name: 'Replay' }))
    await waitFor(() => expect(api.callsTo('POST', '/api/webhooks/w1/deliveries/d1/replay')).toHaveLength(1))
  })
})
