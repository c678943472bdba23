// Documents that require approval: shown as such (locked, "requires approval", Request access) until
// the visitor's access is granted, then as available (no such label, Download) — issue 14.
import { describe, expect, it, jest } from '@jest/globals'
import { fireEvent, render, screen, within } from '@testing-library/react'
import type { TrustPage } from '../src/public-trust/api'
import { TrustCenterView } from '../src/public-trust/trust-center-view'
import { TRUST_DOCUMENTS } from './fixtures'

const PAGE: TrustPage = {
  companyTitle: 'Acme',
  logo: null,
  theme: { headerColor: '#123456', backgroundColor: '#ffffff', textColor: '#000000', buttonColor: '#0a66c2' },
  overview: null,
  security: [],
  compliance: [],
  documents: TRUST_DOCUMENTS,
  nda: null,
  cname: 'acme',
}

const item = (title: string) => screen.getByText(title).closest('li') as HTMLElement

describe('documents that require approval', () => {
  it('are marked and locked before access is granted', () => {
    const onRequestAccess = jest.fn()
    render(<TrustCenterView page={PAGE} actions={{ granted: false, onDownload: jest.fn(), onRequestAccess }} />)
    expect(within(item('SOC 2 report')).getByText(/requires approval/)).toBeInTheDocument()
    fireEvent.click(within(item('SOC 2 report')).getByRole('button', { name: 'Request access to SOC 2 report' }))
    // The request names the document asked for (issue 25).
    expect(onRequestAccess).toHaveBeenCalledWith(PAGE.documents[1])
    expect(within(item('Overview')).queryByText(/requires approval/)).toBeNull()
  })

  it('no longer say "requires approval" once access was granted, and download', () => {
    const onDownload = jest.fn()
    render(<TrustCenterView page={PAGE} actions={{ granted: true, onDownload, onRequestAccess: jest.fn() }} />)
    expect(screen.queryByText(/requires approval/)).toBeNull()
    expect(screen.queryByRole('button', { name: /^Request access/ })).toBeNull()
    expect(item('SOC 2 report').querySelector('small')?.textContent).toBe('4.00 KB')
    fireEvent.click(screen.getByRole('button', { name: 'Download SOC 2 report' }))
    expect(onDownload).toHaveBeenCalledWith(PAGE.documents[1])
  })
})
