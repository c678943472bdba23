// The review page by keyboard (issue 14): the question list is one tab stop with arrow keys, the
// shortcuts (next, previous, save, approve, help) work and are listed, choosing a question moves
// focus to its answer box, unsaved changes are guarded (Save, Discard, Cancel), a save says so, an
// empty answer gets the spec's "Answer field is required", the header names the client, and the
// source links to the cited document at its page. Toasts are capped and merged.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MAX_TOASTS, NotificationsProvider, useNotifications, withToast } from '../src/components/ui/notifications'
import { nextIndex } from '../src/features/review/components/question-list'
import { shortcutOf } from '../src/features/review/components/shortcuts'
import { draftedQuestion } from './fixtures'
import { type MockCall, mockFetch, openedQuestions, renderApp, storeSession } from './test-utils'

const base = { ...draftedQuestion(), reviewReason: '', answerSource: '', sourceDocumentId: '', sourcePage: null }
const QUESTIONS = [
  {
    ...base,
    _id: 'q1',
    questionId: 'A-1',
    question: 'Is data encrypted at rest?',
    answer: 'Yes, with AES-256.',
    answerSource: 'documents',
    documentName: 'policy.pdf',
    fileAndFolder: 'compliance/policy.pdf#page=4',
    sourceDocumentId: 'd1',
    sourcePage: 4,
  },
  { ...base, _id: 'q2', questionId: 'A-2', question: 'Are backups tested?', answer: '' },
  {
    ...base,
    _id: 'q3',
    questionId: 'A-3',
    question: 'Is MFA enforced?',
    answer: 'MFA is enforced.',
    answerSource: 'model',
    documentName: 'gone.pdf',
    fileAndFolder: 'compliance/gone.pdf#page=2',
  },
]

let puts: MockCall[]
beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  storeSession()
  const list = QUESTIONS.map((q) => ({ ...q }))
  const mock = mockFetch({
    'GET /api/getquestionlist/qn1': () => ({ body: { status: true, data: list } }),
    ...openedQuestions(() => list),
    'GET /api/questionnaires/count/qn1': {
      body: { status: true, countOfApproved: 0, countOfReview: 3, total: 3, answered: 0, filled: 2, drafted: 3, empty: 1 },
    },
    'GET /api/questionnaires/qn1/details': { body: { status: true, data: { _id: 'qn1', fileName: 'caiq.xlsx', companyId: 'c1', clientName: 'Global Bank' } } },
    'GET /api/enterprise/comment/list': { body: { status: true, data: [] } },
    'PUT /api/questionnaires/answer': (call) => {
      const body = call.body as { questionId: string; answer: string; llmstatus: boolean; reviewstatus: boolean }
      const q = list.find((x) => x._id === body.questionId)!
      Object.assign(q, { answer: body.answer, llmstatus: body.llmstatus, reviewstatus: body.reviewstatus })
      return { body: { status: true, data: { ...q } } }
    },
  })
  puts = mock.calls
})
afterEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})

const options = () => screen.getAllByRole('option')
const selectedOption = () => options().find((o) => o.getAttribute('aria-selected') === 'true')!
const answerBox = () => screen.getByRole('textbox', { name: 'Answer' }) as HTMLTextAreaElement
const putsOf = () => puts.filter((c) => c.method === 'PUT')

async function openPage() {
  renderApp('/enterprise-apps/review/qn1')
  await screen.findByRole('listbox', { name: 'Questions' })
}

describe('review page by keyboard', () => {
  it('names the client in the header and makes the list one tab stop moved with the arrow keys', async () => {
    await openPage()
    expect(await screen.findByRole('heading', { level: 1, name: 'Global Bank' })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Review' })).toBeNull()
    // One option in the tab order: the selected one.
    expect(options().map((o) => o.tabIndex)).toEqual([0, -1, -1])
    expect(selectedOption().textContent).toContain('Is data encrypted at rest?')
    selectedOption().focus()
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' })
    await waitFor(() => expect(selectedOption().textContent).toContain('Are backups tested?'))
    await waitFor(() => expect(document.activeElement).toBe(selectedOption())) // focus follows the selection
    expect(options().map((o) => o.tabIndex)).toEqual([-1, 0, -1])
    fireEvent.keyDown(document.activeElement!, { key: 'End' })
    await waitFor(() => expect(selectedOption().textContent).toContain('Is MFA enforced?'))
    fireEvent.keyDown(document.activeElement!, { key: 'Home' })
    await waitFor(() => expect(selectedOption().textContent).toContain('Is data encrypted at rest?'))
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' }) // stays on the first
    expect(selectedOption().textContent).toContain('Is data encrypted at rest?')
    // Enter chooses it: focus goes to the answer box.
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' })
    await waitFor(() => expect(document.activeElement).toBe(answerBox()))
    expect(answerBox().value).toBe('Yes, with AES-256.')
    // A click chooses too.
    fireEvent.click(options()[2]!)
    await waitFor(() => expect(document.activeElement).toBe(answerBox()))
    expect(answerBox().value).toBe('MFA is enforced.')
  })

  it('moves with Alt+↓ / Alt+↑ from the answer box, saves with Ctrl+S (a toast) and approves with Ctrl+Enter', async () => {
    await openPage()
    answerBox().focus()
    fireEvent.keyDown(answerBox(), { key: 'ArrowDown', altKey: true })
    await waitFor(() => expect(selectedOption().textContent).toContain('Are backups tested?'))
    expect(document.activeElement).toBe(answerBox())
    fireEvent.keyDown(answerBox(), { key: 'ArrowUp', altKey: true })
    await waitFor(() => expect(selectedOption().textContent).toContain('Is data encrypted at rest?'))

    fireEvent.change(answerBox(), { target: { value: 'Yes, AES-256 with keys in a KMS.' } })
    const save = fireEvent.keyDown(answerBox(), { key: 's', ctrlKey: true })
    expect(save).toBe(false) // the browser's own "save page" is prevented
    await screen.findByText('Answer saved')
    expect(putsOf()).toHaveLength(1)
    expect(putsOf()[0]!.body).toMatchObject({ questionId: 'q1', answer: 'Yes, AES-256 with keys in a KMS.', llmstatus: false })

    fireEvent.keyDown(answerBox(), { key: 'Enter', metaKey: true })
    await screen.findByText('Answer approved')
    expect(putsOf()[1]!.body).toMatchObject({ questionId: 'q1', llmstatus: true })
    await waitFor(() => expect((screen.getByRole('checkbox', { name: /Mark as approved/i }) as HTMLInputElement).checked).toBe(true))

    // In the comment box, Ctrl+Enter adds the comment (and approves nothing).
    const comment = screen.getByRole('textbox', { name: 'Add Comment' })
    fireEvent.change(comment, { target: { value: '' } })
    fireEvent.keyDown(comment, { key: 'Enter', ctrlKey: true })
    expect(await screen.findByText('Comment field is required')).toBeTruthy()
    expect(putsOf()).toHaveLength(2)
  })

  it('says "Answer field is required" when saving an empty answer, and sends nothing', async () => {
    await openPage()
    fireEvent.click(options()[1]!) // no answer yet
    await waitFor(() => expect(document.activeElement).toBe(answerBox()))
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!)
    expect(await screen.findByText('Answer field is required')).toBeTruthy()
    expect(answerBox().getAttribute('aria-invalid')).toBe('true')
    fireEvent.keyDown(answerBox(), { key: 's', ctrlKey: true })
    fireEvent.keyDown(answerBox(), { key: 'Enter', ctrlKey: true }) // nothing to approve either
    expect(putsOf()).toHaveLength(0)
    fireEvent.change(answerBox(), { target: { value: 'Quarterly.' } })
    expect(screen.queryByText('Answer field is required')).toBeNull()
  })

  it('asks before leaving a question with unsaved changes: Cancel stays, Discard drops them, Save saves and moves', async () => {
    await openPage()
    fireEvent.change(answerBox(), { target: { value: 'Edited, not saved.' } })
    fireEvent.keyDown(answerBox(), { key: 'ArrowDown', altKey: true })
    let dialog = await screen.findByRole('dialog', { name: 'Unsaved answer' })
    expect(within(dialog).getByText(/The answer to Q1 has changes that are not saved/)).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved answer' })).toBeNull())
    expect(selectedOption().textContent).toContain('Is data encrypted at rest?')
    expect(answerBox().value).toBe('Edited, not saved.')

    // From the list's arrows, and a click on another question: the same question.
    fireEvent.click(options()[2]!)
    dialog = await screen.findByRole('dialog', { name: 'Unsaved answer' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard' }))
    await waitFor(() => expect(selectedOption().textContent).toContain('Is MFA enforced?'))
    fireEvent.click(options()[0]!)
    await waitFor(() => expect(answerBox().value).toBe('Yes, with AES-256.')) // the change is gone
    expect(putsOf()).toHaveLength(0)

    fireEvent.change(answerBox(), { target: { value: 'Saved on the way out.' } })
    selectedOption().focus()
    fireEvent.keyDown(selectedOption(), { key: 'ArrowDown' })
    dialog = await screen.findByRole('dialog', { name: 'Unsaved answer' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    await screen.findByText('Answer saved')
    await waitFor(() => expect(selectedOption().textContent).toContain('Are backups tested?'))
    expect(putsOf()[0]!.body).toMatchObject({ questionId: 'q1', answer: 'Saved on the way out.' })
  })

  it('lists the shortcuts from the button and from "?" outside text fields', async () => {
    await openPage()
    const button = screen.getByRole('button', { name: 'Keyboard shortcuts' })
    expect(button.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(button)
    const help = screen.getByRole('dialog', { name: 'Keyboard shortcuts' })
    expect(within(help).getByText('Next question')).toBeTruthy()
    expect(within(help).getByText('Save the answer')).toBeTruthy()
    expect(within(help).getByText('Mark as approved (again: undo)')).toBeTruthy()
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull()
    expect(document.activeElement).toBe(button)
    // "?" in the answer box is typing; elsewhere it opens the list.
    fireEvent.keyDown(answerBox(), { key: '?', shiftKey: true })
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull()
    fireEvent.keyDown(selectedOption(), { key: '?', shiftKey: true })
    expect(screen.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeTruthy()
  })

  it('links the source to the cited document at its page, and leaves it text when the document is gone', async () => {
    await openPage()
    const link = await screen.findByRole('link', { name: 'Drafted from your documents (sentences quoted as written): policy.pdf, page 4' })
    expect(link.getAttribute('href')).toBe('/api/compliancefile/d1/view#page=4')
    fireEvent.click(options()[2]!)
    await screen.findByText('Drafted by the language model from gone.pdf, page 2')
    expect(screen.queryByRole('link', { name: /gone\.pdf/ })).toBeNull()
  })
})

describe('shortcut keys', () => {
  const key = (k: string, mods: Partial<{ altKey: boolean; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }> = {}) => ({
    key: k,
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    ...mods,
  })
  it('never takes a key that types text', () => {
    expect(shortcutOf(key('ArrowDown', { altKey: true }), true)).toBe('next')
    expect(shortcutOf(key('ArrowUp', { altKey: true }), true)).toBe('previous')
    expect(shortcutOf(key('Enter', { ctrlKey: true }), true)).toBe('approve')
    expect(shortcutOf(key('Enter', { metaKey: true }), true)).toBe('approve')
    expect(shortcutOf(key('S', { ctrlKey: true }), true)).toBe('save')
    expect(shortcutOf(key('?', { shiftKey: true }), false)).toBe('help')
    expect(shortcutOf(key('?', { shiftKey: true }), true)).toBeNull()
    for (const k of ['a', 'Enter', 'ArrowDown', 's', ' ']) expect(shortcutOf(key(k), true)).toBeNull()
    expect(shortcutOf(key('ArrowDown', { altKey: true, ctrlKey: true }), true)).toBeNull()
  })
  it('moves within the list', () => {
    expect(nextIndex('ArrowDown', 0, 3)).toBe(1)
    expect(nextIndex('ArrowDown', 2, 3)).toBe(2)
    expect(nextIndex('ArrowUp', 0, 3)).toBe(0)
    expect(nextIndex('End', 0, 3)).toBe(2)
    expect(nextIndex('Home', 2, 3)).toBe(0)
    expect(nextIndex('a', 1, 3)).toBeNull()
    expect(nextIndex('ArrowDown', 0, 0)).toBeNull()
  })
})

let api: ReturnType<typeof useNotifications> | undefined
function Probe() {
  api = useNotifications()
  return null
}

describe('toasts', () => {
  it(`shows at most ${MAX_TOASTS}, the newest, and merges a repeat`, () => {
    let list = withToast([], { id: 1, kind: 'success', message: 'a' })
    list = withToast(list, { id: 2, kind: 'success', message: 'b' })
    list = withToast(list, { id: 3, kind: 'success', message: 'a' })
    expect(list.map((t) => [t.id, t.message, t.count])).toEqual([
      [2, 'b', 1],
      [3, 'a', 2],
    ])
    for (const [i, m] of ['c', 'd', 'e'].entries()) list = withToast(list, { id: 4 + i, kind: 'info', message: m })
    expect(list.map((t) => t.message)).toEqual(['c', 'd', 'e'])
  })

  it('caps the shown toasts and dismisses them after a while', () => {
    const realTimers = [globalThis.setTimeout, globalThis.clearTimeout] as const
    const pending: (() => void)[] = []
    globalThis.setTimeout = ((fn: () => void) => pending.push(fn)) as unknown as typeof setTimeout
    globalThis.clearTimeout = (() => undefined) as typeof clearTimeout
    try {
      render(
        <NotificationsProvider>
          <Probe />
        </NotificationsProvider>,
      )
      act(() => {
        for (const m of ['one', 'two', 'three', 'four', 'five', 'five']) api!.toast('success', `Saved ${m}`)
      })
      const shown = screen.getAllByRole('status').map((t) => t.textContent)
      expect(shown).toHaveLength(MAX_TOASTS)
      expect(shown.join('|')).toMatch(/Saved three.*\|.*Saved four.*\|.*Saved five.*×2/)
      act(() => {
        for (const fn of pending) fn()
      })
      expect(screen.queryAllByRole('status')).toHaveLength(0)
    } finally {
      ;[globalThis.setTimeout, globalThis.clearTimeout] = realTimers
    }
  })
})
