// Issue 25: the logo is saved for real (a chosen file is a preview marked "not saved yet" until
// Upload or Save), and the trust center is published and unpublished from the editor in plain words.
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { mockFetch, renderApp, storeSession } from './test-utils'

const status = (published: boolean) => ({
  body: { status: true, data: [{ hostname: 'acme.localhost', published, url: 'http://acme.localhost:3000' }] },
})
const details = { body: { status: true, data: [{ _id: 's1', cname: 'acme', maindomain: 'localhost', cnamepublish: false }] } }
const editorBlocks = {
  'GET /api/overview': { body: { status: true, data: null } },
  'GET /api/compliance': { body: { status: true, data: [] } },
  'GET /api/documentslist': { body: { status: true, data: [] } },
  'GET /api/security': { body: { status: true, data: [] } },
}

beforeEach(() => {
  localStorage.clear()
  storeSession({ admin: true })
  URL.createObjectURL = jest.fn(() => 'blob:preview') as unknown as typeof URL.createObjectURL
  URL.revokeObjectURL = jest.fn() as unknown as typeof URL.revokeObjectURL
})
afterEach(() => {
  jest.restoreAllMocks()
  localStorage.clear()
})

describe('the logo', () => {
  it('shows a chosen file as a preview that says it is not saved, and Save uploads and keeps it', async () => {
    let saved: string | null = null
    const api = mockFetch({
      'GET /api/companyinfo': () => ({ body: { status: true, data: { _id: 'i1', companyTitle: 'AcmeCloud Inc.', logo: saved } } }),
      'POST /api/fs/upload-logo': { body: { status: true, data: { logo: '/api/logo/new.png' } } },
      'POST /api/companyinfo': (call) => {
        saved = (call.body as { logo: string }).logo
        return { body: { status: true, message: 'Updated Successfully', data: { _id: 'i1', companyTitle: 'AcmeCloud Inc.', logo: saved } } }
      },
      'GET /api/themecolor': { body: { status: true, data: null } },
      'GET /api/clientDetails': details,
      'GET /api/domainnamestatus': status(false),
    })
    renderApp('/settings')
    expect(await screen.findByText('No logo yet')).toBeInTheDocument()
    const input = screen.getByLabelText('Logo (.png or .jpg)') as HTMLInputElement
    fireEvent.change(input, { target: { files: [new File(['png'], 'logo.png', { type: 'image/png' })] } })
    expect(screen.getByRole('img', { name: 'Chosen logo (not saved yet)' })).toHaveAttribute('src', 'blob:preview')
    expect(screen.getByText('Not saved yet: click Upload or Save to keep it.')).toBeInTheDocument()
    expect(api.callsTo('POST', '/api/fs/upload-logo')).toHaveLength(0)

    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Logo saved: it shows on your trust center')).toBeInTheDocument()
    expect(api.callsTo('POST', '/api/companyinfo')[0]?.body).toEqual({ companyTitle: 'AcmeCloud Inc.', logo: '/api/logo/new.png' })
    await waitFor(() => expect(screen.getByRole('img', { name: 'Logo' })).toHaveAttribute('src', '/api/logo/new.png'))
    expect(screen.queryByText(/Not saved yet/)).toBeNull()
  })

  it('Upload saves at once; Cancel drops a chosen file; a wrong type is refused in words', async () => {
    const api = mockFetch({
      'GET /api/companyinfo': { body: { status: true, data: { _id: 'i1', companyTitle: 'Acme', logo: null } } },
      'POST /api/fs/upload-logo': { body: { status: true, data: { logo: '/api/logo/up.png' } } },
      'POST /api/companyinfo': { body: { status: true, message: 'Updated Successfully', data: { _id: 'i1', companyTitle: 'Acme', logo: '/api/logo/up.png' } } },
      'GET /api/themecolor': { body: { status: true, data: null } },
      'GET /api/clientDetails': details,
      'GET /api/domainnamestatus': status(false),
    })
    renderApp('/settings')
    const input = (await screen.findByLabelText('Logo (.png or .jpg)')) as HTMLInputElement
    fireEvent.change(input, { target: { files: [new File(['gif'], 'logo.gif', { type: 'image/gif' })] } })
    expect(await screen.findByText('Only .png or .jpg images are accepted')).toBeInTheDocument()
    fireEvent.change(input, { target: { files: [new File(['png'], 'logo.png', { type: 'image/png' })] } })
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.getByText('No logo yet')).toBeInTheDocument()
    fireEvent.change(input, { target: { files: [new File(['png'], 'logo.png', { type: 'image/png' })] } })
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }))
    expect(await screen.findByText('Logo saved: it shows on your trust center')).toBeInTheDocument()
    expect(api.callsTo('POST', '/api/companyinfo')[0]?.body).toEqual({ companyTitle: 'Acme', logo: '/api/logo/up.png' })
  })
})

describe('publishing from the editor', () => {
  it('publishes with "Publish your trust center" and says where it is live', async () => {
    const api = mockFetch({
      ...editorBlocks,
      'GET /api/clientDetails': details,
      'GET /api/domainnamestatus': [status(false), status(true)],
      'POST /api/fs/add-cname': {
        body: {
          success: true,
          status: true,
          message: 'Cname record has been created, allow 5 minutes for dns to propagate.',
          data: { hostname: 'acme.localhost', url: 'http://acme.localhost:3000' },
        },
      },
    })
    renderApp('/trust-center-editor')
    const card = await screen.findByRole('region', { name: 'Publish your trust center' })
    expect(within(card).getByText(/not public yet/)).toBeInTheDocument()
    expect(within(card).getByLabelText('Address (subdomain of localhost)')).toHaveValue('acme')
    fireEvent.click(within(card).getByRole('button', { name: 'Publish your trust center' }))
    expect(await screen.findByText('Your trust center is live at http://acme.localhost:3000')).toBeInTheDocument()
    expect(api.callsTo('POST', '/api/fs/add-cname')[0]?.body).toEqual({ subdomain: 'acme' })
    expect(screen.queryByText(/Cname record/)).toBeNull()
    const live = await screen.findByRole('region', { name: 'Your trust center is public' })
    expect(within(live).getByRole('link', { name: 'http://acme.localhost:3000' })).toHaveAttribute('href', 'http://acme.localhost:3000/')
  })

  it('unpublishes after a confirm, and says it is no longer public', async () => {
    const api = mockFetch({
      ...editorBlocks,
      'GET /api/clientDetails': details,
      'GET /api/domainnamestatus': [status(true), status(false)],
      'POST /api/fs/remove-cname': { body: { status: true, message: 'Your trust center is no longer public' } },
    })
    renderApp('/trust-center-editor')
    const card = await screen.findByRole('region', { name: 'Your trust center is public' })
    fireEvent.click(within(card).getByRole('button', { name: 'Unpublish' }))
    const dialog = await screen.findByRole('dialog', { name: 'Unpublish your trust center?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(api.callsTo('POST', '/api/fs/remove-cname')).toHaveLength(0)
    fireEvent.click(within(card).getByRole('button', { name: 'Unpublish' }))
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Unpublish' }))
    expect(await screen.findByText('Your trust center is no longer public')).toBeInTheDocument()
    expect(await screen.findByRole('region', { name: 'Publish your trust center' })).toBeInTheDocument()
  })

  it('shows colleagues who are not admins whether it is public, without the buttons', async () => {
    localStorage.clear()
    storeSession({ admin: false })
    mockFetch({ ...editorBlocks, 'GET /api/clientDetails': details, 'GET /api/domainnamestatus': status(false) })
    renderApp('/trust-center-editor')
    const card = await screen.findByRole('region', { name: 'Publish your trust center' })
    expect(within(card).getByText('Only admins can publish it.')).toBeInTheDocument()
    expect(within(card).queryByRole('button')).toBeNull()
  })
})
