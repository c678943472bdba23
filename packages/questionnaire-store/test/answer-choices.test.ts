import { describe, expect, it } from '@jest/globals'
import { choicesOf, markOf } from '../src/answer-choices.js'

describe('the choices of a question', () => {
  it('are the dropdown values when the answer cells have a dropdown', () => {
    expect(choicesOf([{ address: 'C2', header: 'Answer', choices: ['Yes', 'No', 'N/A'] }, { address: 'D2', header: 'Comments' }])).toEqual(['Yes', 'No', 'N/A'])
  })

  it('are the Yes / No / N.A. columns otherwise, as the sheet names them', () => {
    const cells = [{ address: 'F5', header: 'Yes' }, { address: 'G5', header: ' No ' }, { address: 'H5', header: 'Not Applicable' }, { address: 'I5', header: 'Notes' }]
    expect(choicesOf(cells)).toEqual(['Yes', 'No', 'Not Applicable'])
    // A mark column's own dropdown (an "x") is not the question's choice list.
    expect(choicesOf([{ address: 'F5', header: 'Yes', choices: ['x'] }, { address: 'G5', header: 'No', choices: ['x'] }])).toEqual(['Yes', 'No'])
  })

  it('are none for a free-text answer', () => {
    expect(choicesOf([{ address: 'D9', header: 'Response' }])).toEqual([])
  })

  it('map N/A and Not Applicable to the same mark', () => {
    expect([markOf('N/A'), markOf('NA'), markOf('not applicable'), markOf('Yes'), markOf('Notes')]).toEqual(['na', 'na', 'na', 'yes', undefined])
  })
})
