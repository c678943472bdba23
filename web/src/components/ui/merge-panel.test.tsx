// The merge panel of a save someone else's came before (issue 22): both texts as text, focus on it,
// and the three ways on; conflictOf reads the 409 that carries the answer as it is now.
import { describe, expect, it, jest } from '@jest/globals'
import { fireEvent, render, screen, within } from '@testing-library/react'
import { ApiError } from '../../lib/api-client'
import { type Conflict, conflictOf, MergePanel } from './merge-panel'

const MESSAGE = 'Someone else saved this answer while you were editing it.'
const THEIRS = { _id: 'q1', answer: 'Reviewed <img src=x onerror=alert(1)> by the board', choiceValue: null, version: 4, savedBy: 'Dana Scully', savedAt: '' }
const CONFLICT: Conflict = { mine: 'Reviewed yearly\nby the CISO', theirs: THEIRS, message: MESSAGE }

function renderPanel() {
  const onResolve = jest.fn<(text: string, save: boolean) => void>()
  render(<MergePanel conflict={CONFLICT} onResolve={onResolve} />)
  return { onResolve, panel: screen.getByRole('region', { name: 'Your answer was not saved' }) }
}

describe('merge panel', () => {
  it('shows both texts as text, says who saved theirs, and takes the focus', () => {
    const { panel } = renderPanel()
    expect(screen.getByRole('heading', { name: 'Your answer was not saved' })).toHaveFocus()
    expect(panel).toHaveAccessibleDescription(`${MESSAGE} Compare the two texts, then choose which to keep.`)
    const figure = (caption: string | RegExp) => screen.getByText(caption, { selector: 'figcaption' }).closest('figure')!
    expect(within(figure('Your text')).getByText(/Reviewed yearly/)).toHaveTextContent('Reviewed yearly by the CISO')
    expect(figure(/^Their text/)).toHaveTextContent(/^Their text \(saved by Dana Scully\)/)
    expect(within(figure(/^Their text/)).getByText(THEIRS.answer)).toBeInTheDocument()
    expect(panel.querySelector('img')).toBeNull()
  })

  it('keeps mine or takes theirs', () => {
    const { onResolve } = renderPanel()
    fireEvent.click(screen.getByRole('button', { name: 'Keep mine' }))
    fireEvent.click(screen.getByRole('button', { name: 'Take theirs' }))
    expect(onResolve.mock.calls).toEqual([
      [CONFLICT.mine, true],
      [THEIRS.answer, false],
    ])
  })

  it('edits a merged text, starting from both, and saves it', () => {
    const { onResolve } = renderPanel()
    fireEvent.click(screen.getByRole('button', { name: 'Edit a merged text' }))
    const merged = screen.getByRole('textbox', { name: 'Merged text' })
    expect(merged).toHaveFocus()
    expect(merged).toHaveValue(`${THEIRS.answer}\n\n${CONFLICT.mine}`)
    fireEvent.change(merged, { target: { value: '   ' } })
    expect(screen.getByRole('button', { name: 'Save merged text' })).toBeDisabled()
    fireEvent.change(merged, { target: { value: 'Reviewed yearly by the CISO and the board' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save merged text' }))
    expect(onResolve).toHaveBeenCalledWith('Reviewed yearly by the CISO and the board', true)
  })

  it('reads a conflict from a 409 with the answer as it is now, and nothing else', () => {
    const body = { status: false, code: 'CONFLICT', message: MESSAGE, data: THEIRS }
    expect(conflictOf(new ApiError(409, MESSAGE, body), 'mine')).toEqual({ mine: 'mine', theirs: THEIRS, message: MESSAGE })
    // Submitted meanwhile (outbound): a 409 without the answer is no conflict to merge.
    expect(conflictOf(new ApiError(409, 'submitted', { status: false, code: 'ALREADY_SUBMITTED' }), 'mine')).toBeUndefined()
    expect(conflictOf(new ApiError(400, MESSAGE, body), 'mine')).toBeUndefined()
    expect(conflictOf(new Error(MESSAGE), 'mine')).toBeUndefined()
  })
})
