/**
 * @jest-environment-options {"url": "https://acme.localhost/"}
 */
// The public trust-center bundle: rich text rendered without raw HTML, the mailed access link kept
// out of the address bar, the NDA asked for before gated downloads, and downloads sent as POSTs.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { PublicApp } from '../src/public-trust/public-app'
import { RichText } from '../src/public-trust/rich-text'
import { htmlToMarkup, markupToHtml } from '../src/features/trust-center/components/rich-text-editor'
import { TRUST_DOCUMENTS } from './fixtures'
import { mockFetch, stored } from './test-utils'

const PAGE = {
  companyTitle: 'Acme',
  logo: '/api/logo/x.png',
  theme: { headerColor: '#123456', backgroundColor: '#222222', textColor: '#000000', buttonColor: '#0a66c2' },
  overview: { subTitle: 'Security at Acme', description: '<p>Data is <strong>encrypted</strong>.</p>', updatedAt: '2026-11-23T00:00:00.000Z' },
  security: [{ _id: 's1', title: 'Encryption', description: '', subdata: [{ _id: 'i1', title: 'At rest', description: 'AES-256' }] }],
  compliance: [{ _id: 'c1', framework: 'SOC 2 Type II', status: 'compliant', badge: 'soc2', description: '' }],
  documents: TRUST_DOCUMENTS,
  nda: { _id: 'n1', updatedAt: '2026-11-23T00:00:00.000Z' },
  cname: 'acme',
}
const NDA = { _id: 'n1', description: 'Keep it secret.', updatedAt: '2026-11-23T12:00:00.000Z', version: 2 }

beforeEach(() => localStorage.clear())
afterEach(() => {
  localStorage.clear()
  history.replaceState(null, '', '/')
})

describe('rich text', () => {
  it('renders allowed tags as elements and everything else as inert text', () => {
    const { container } = render(
      <RichText
        html={
          '<p>Hi <strong>there</strong><img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">bad</a><a href="https://ok.example">ok</a><iframe srcdoc="<b>x</b>"></iframe></p>'
        }
      />,
    )
    expect(container.querySelector('strong')?.textContent).toBe('there')
    expect(container.querySelector('img, script, iframe, [onerror]')).toBeNull()
    expect(container.innerHTML).not.toContain('javascript:')
    expect([...container.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['https://ok.example'])
  })

  it('round-trips the editor markup through allowlisted HTML, escaping what people type', () => {
    const html = markupToHtml('We use **AES-256** and <script>x</script>.\n\n- one\n- [docs](https://docs.example)')
    expect(html).toBe(
      '<p>We use <strong>AES-256</strong> and &lt;script&gt;x&lt;/script&gt;.</p><ul><li>one</li><li><a href="https://docs.example">docs</a></li></ul>',
    )
    expect(markupToHtml('[x](javascript:alert(1))')).not.toContain('href')
    expect(htmlToMarkup(html)).toBe('We use **AES-256** and <script>x</script>.\n\n- one\n- [docs](https://docs.example)')
  })
})

describe('the public trust center', () => {
  it('shows the page from one call, with gated documents locked', async () => {
    const api = mockFetch({ 'GET /api/trustcenteruser': { body: { status: true, data: PAGE } } })
    render(<PublicApp />)
    expect(await screen.findByRole('heading', { name: 'Security at Acme' })).toBeInTheDocument()
    expect(screen.getByText('Acme Trust Center')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Download Overview' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Download SOC 2 report' })).toBeNull()
    expect(api.calls.map((c) => c.path)).toEqual(['/api/trustcenteruser'])
  })

  it('asks for access to the document it was opened from, and lets the keyboard reach the NDA (issue 25)', async () => {
    const api = mockFetch({
      'GET /api/trustcenteruser': { body: { status: true, data: PAGE } },
      'GET /api/ndauser': { body: { status: true, data: NDA } },
      'POST /api/useraccessrequest': { status: 201, body: { status: true, message: 'Request submitted' } },
    })
    render(<PublicApp />)
    fireEvent.click(await screen.findByRole('button', { name: 'Request access to SOC 2 report' }))
    const dialog = await screen.findByRole('dialog', { name: 'Request access to SOC 2 report' })
    // The scrolling NDA is a named region in the tab order.
    const box = await screen.findByRole('region', { name: 'Non-disclosure agreement' })
    expect(box).toHaveAttribute('tabindex', '0')
    expect(dialog).toContainElement(box)
    for (const [name, value] of [
      ['firstName', 'Vera'],
      ['lastName', 'Visitor'],
      ['companyName', 'Buyer Inc'],
      ['workEmail', 'vera@buyer.example'],
    ])
      fireEvent.change(dialog.querySelector(`input[name=${name}]`)!, { target: { value } })
    fireEvent.click(dialog.querySelector('input[name=ndaAccepted]')!)
    fireEvent.click(screen.getByRole('button', { name: 'Submit request' }))
    expect(await screen.findByText(/Your request has been sent/)).toBeInTheDocument()
    expect(api.callsTo('POST', '/api/useraccessrequest')[0]!.body).toMatchObject({ workEmail: 'vera@buyer.example', ndaId: 'n1', documentId: 'd2' })
  })

  it('takes the mailed link out of the address bar, asks for the NDA, then downloads with the token', async () => {
    history.replaceState(null, '', '/#access=tok_123&email=vera%40buyer.example')
    const api = mockFetch({
      'GET /api/trustcenteruser': { body: { status: true, data: PAGE } },
      'POST /api/useraccesscheck': { body: { status: true, data: { email: 'vera@buyer.example', expiresAt: '2026-12-23T00:00:00.000Z', ndaAccepted: false } } },
      'GET /api/ndauser': { body: { status: true, data: NDA } },
      'POST /api/nda/accept': { status: 201, body: { status: true } },
      'POST /api/fs/download-docs': { status: 404, body: { status: false, message: 'Document not found' } },
    })
    render(<PublicApp />)
    expect(await screen.findByRole('heading', { name: 'Accept the NDA to download' })).toBeInTheDocument()
    expect(window.location.hash).toBe('')
    expect(stored('fileAccess')).toBe('tok_123')
    expect(stored('userAccessEmail')).toBe('vera@buyer.example')
    expect(api.callsTo('POST', '/api/useraccesscheck')[0]?.body).toEqual({ permissionToken: 'tok_123' })

    await screen.findByText('Keep it secret.')
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }))
    expect(await screen.findByText('This field is required')).toBeInTheDocument()
    fireEvent.change(screen.getByLabelText('Your full name'), { target: { value: 'Vera Visitor' } })
    fireEvent.click(screen.getByLabelText(/I accept the NDA/))
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }))
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/nda/accept')[0]?.body).toEqual({
        ndaId: 'n1',
        name: 'Vera Visitor',
        email: 'vera@buyer.example',
        permissionToken: 'tok_123',
      }),
    )

    fireEvent.click(await screen.findByRole('button', { name: 'Download SOC 2 report' }))
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/fs/download-docs')[0]?.body).toEqual({
        fileKey: 'd2',
        newFileName: 'soc2.pdf',
        userAccessEmail: 'vera@buyer.example',
        permissionToken: 'tok_123',
      }),
    )
    expect(await screen.findByText('Document not found')).toBeInTheDocument()
  })

  it('forgets a link that is no longer valid', async () => {
    history.replaceState(null, '', '/#access=old&email=a%40b.example')
    mockFetch({ 'GET /api/trustcenteruser': { body: { status: true, data: PAGE } }, 'POST /api/useraccesscheck': { status: 404, body: { status: false } } })
    render(<PublicApp />)
    expect(await screen.findByText('Your access link is no longer valid. Please request access again.')).toBeInTheDocument()
    expect(stored('fileAccess')).toBeNull()
  })
})
