// "Check the columns": each column of the sheet's preview shows its role; choosing another question
// column and saving sends the sheet, header row and columns; the server's refusal is said in its
// own words; another sheet is mapped with typed letters. The file's text is shown as text, never HTML.
import { beforeEach, describe, expect, it } from '@jest/globals'
import { QueryClient } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { mockFetch, storeSession } from '../../../../test/test-utils'
import { AppProvider } from '../../../app/provider'
import type { Layout } from '../api/layout'
import { LayoutPanel } from './layout-form'
import { assign, columnsOf, toBody } from './layout-roles'

const PATH = '/api/questionnaires/q1/layout'

const layout: Layout = {
  sheets: [
    { name: 'CAIQ', rows: 40, questions: 30 },
    { name: 'Notes', rows: 5, questions: 0 },
  ],
  sheet: 'CAIQ',
  headerRow: 2,
  columns: { id: 'A', question: 'C', answer: 'D' },
  confidence: 0.42,
  confirmed: false,
  needsCheck: true,
  total: 30,
  preview: [
    { row: 2, cells: ['Control ID', 'Question', 'Guidance', 'Answer'] },
    { row: 3, cells: ['AIS-01.1', 'Do you <b>encrypt</b> data at rest?', 'See the policy', ''] },
  ],
  read: [{ row: 3, id: 'AIS-01.1', question: 'See the policy' }],
}

function renderPanel() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  return render(
    <MemoryRouter>
      <AppProvider queryClient={queryClient}>
        <LayoutPanel questionnaireId="q1" />
      </AppProvider>
    </MemoryRouter>,
  )
}

const role = (letter: string) => (screen.getByLabelText(`Column ${letter}`) as HTMLSelectElement).value

beforeEach(() => {
  localStorage.clear()
  storeSession()
})

describe('the columns form', () => {
  it('shows each column of the preview with its role, the confidence, and the questions as read', async () => {
    mockFetch({ [`GET ${PATH}`]: { body: { status: true, data: layout } } })
    renderPanel()
    await screen.findByLabelText('Column A')
    expect(['A', 'B', 'C', 'D'].map(role)).toEqual(['id', 'none', 'question', 'answer'])
    expect(screen.getByText('The product is unsure of these columns: check them')).toBeInTheDocument()
    // The customer's text is text: no element is made of it.
    expect(screen.getByText('Do you <b>encrypt</b> data at rest?')).toBeInTheDocument()
    expect(document.querySelector('.layout-preview b')).toBeNull()
    const read = screen.getByRole('region', { name: 'First questions as read' })
    expect(within(read).getByText('See the policy')).toBeInTheDocument()
    expect((screen.getByLabelText('Sheet') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('CAIQ (30 questions)')
    expect((screen.getByLabelText('Header row') as HTMLInputElement).value).toBe('2')
  })

  it('moves the question role to the column chosen and saves the new letters', async () => {
    const saved: Layout = { ...layout, columns: { id: 'A', question: 'B', answer: 'D' }, confirmed: true, needsCheck: false, total: 31 }
    const fetch = mockFetch({
      [`GET ${PATH}`]: [{ body: { status: true, data: layout } }, { body: { status: true, data: saved } }],
      [`PUT ${PATH}`]: { body: { status: true, message: 'Columns saved', data: saved } },
    })
    renderPanel()
    await screen.findByLabelText('Column B')
    fireEvent.change(screen.getByLabelText('Column B'), { target: { value: 'question' } })
    expect(['B', 'C'].map(role)).toEqual(['question', 'none'])
    fireEvent.change(screen.getByLabelText('Column C'), { target: { value: 'context' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save columns' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Columns saved: 31 questions read')
    expect(fetch.callsTo('PUT', PATH).map((c) => c.body)).toEqual([
      { sheet: 'CAIQ', headerRow: 2, columns: { id: 'A', question: 'B', answer: 'D', context: ['C'] } },
    ])
    await waitFor(() => expect(screen.getByText('Confirmed')).toBeInTheDocument())
  })

  it('says in words why the server refused the columns', async () => {
    mockFetch({
      [`GET ${PATH}`]: { body: { status: true, data: layout } },
      [`PUT ${PATH}`]: { status: 422, body: { status: false, message: 'No questions were found with these columns' } },
    })
    renderPanel()
    await screen.findByLabelText('Column A')
    fireEvent.click(screen.getByRole('button', { name: 'Save columns' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('No questions were found with these columns')
    expect(screen.getByRole('button', { name: 'Save columns' })).toBeEnabled()
  })

  it('asks for the question column before sending anything', async () => {
    const fetch = mockFetch({ [`GET ${PATH}`]: { body: { status: true, data: layout } } })
    renderPanel()
    await screen.findByLabelText('Column C')
    fireEvent.change(screen.getByLabelText('Column C'), { target: { value: 'none' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save columns' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose the question column')
    expect(fetch.callsTo('PUT', PATH)).toEqual([])
  })

  it('maps another sheet with typed letters, its preview shown once saved', async () => {
    const fetch = mockFetch({
      [`GET ${PATH}`]: { body: { status: true, data: layout } },
      [`PUT ${PATH}`]: { body: { status: true, message: 'Columns saved', data: { ...layout, sheet: 'Notes', total: 4 } } },
    })
    renderPanel()
    await screen.findByLabelText('Column A')
    fireEvent.change(screen.getByLabelText('Sheet'), { target: { value: 'Notes' } })
    expect(screen.queryByRole('region', { name: 'Preview of CAIQ' })).toBeNull()
    expect(screen.getByText(/The preview of Notes shows once its columns are saved/)).toBeInTheDocument()
    fireEvent.change(screen.getByLabelText('Question column'), { target: { value: 'b' } })
    fireEvent.change(screen.getByLabelText('Answer column (optional)'), { target: { value: '' } })
    fireEvent.change(screen.getByLabelText('Header row'), { target: { value: '1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save columns' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Columns saved: 4 questions read')
    expect(fetch.callsTo('PUT', PATH)[0]?.body).toEqual({ sheet: 'Notes', headerRow: 1, columns: { question: 'B', id: 'A' } })
  })
})

describe('column roles', () => {
  it('gives each role but Context to one column, and Context to several', () => {
    let c = columnsOf(layout)
    c = assign(c, 'A', 'answer')
    expect(toBody(c)).toEqual({ question: 'C', answer: 'A' })
    c = assign(assign(c, 'B', 'context'), 'D', 'context')
    expect(toBody(c)).toEqual({ question: 'C', answer: 'A', context: ['B', 'D'] })
    c = assign(c, 'C', 'none')
    expect(toBody(c)).toBeUndefined()
  })
})
