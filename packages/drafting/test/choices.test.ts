import { describe, expect, it } from '@jest/globals'
import { carryChoice, choicesOf, markOf } from '../src/choices.js'

describe('the choices of a question', () => {
  it('are the dropdown values when the answer cells have a dropdown', () => {
    expect(choicesOf([{ header: 'Answer', choices: ['Yes', 'No', 'N/A'] }, { header: 'Comments' }])).toEqual(['Yes', 'No', 'N/A'])
  })

  it('are the Yes / No / N.A. columns otherwise, as the sheet names them', () => {
    const cells = [{ header: 'Yes' }, { header: ' No ' }, { header: 'Not Applicable' }, { header: 'Notes' }]
    expect(choicesOf(cells)).toEqual(['Yes', 'No', 'Not Applicable'])
    // A mark column's own dropdown (an "x") is not the question's choice list.
    expect(
      choicesOf([
        { header: 'Yes', choices: ['x'] },
        { header: 'No', choices: ['x'] },
      ]),
    ).toEqual(['Yes', 'No'])
  })

  it('are none for a free-text answer', () => {
    expect(choicesOf([{ header: 'Response' }])).toEqual([])
  })

  it('map N/A and Not Applicable to the same mark', () => {
    expect([markOf('N/A'), markOf('NA'), markOf('not applicable'), markOf('Yes'), markOf('Notes')]).toEqual(['na', 'na', 'na', 'yes', undefined])
  })

  it('carry over from another sheet as the same value, or the same mark', () => {
    expect(carryChoice('N/A', ['Yes', 'No', 'Not Applicable'])).toBe('Not Applicable')
    expect(carryChoice('Partially', ['Yes', 'No', 'Partially'])).toBe('Partially')
    expect(carryChoice('Partially', ['Yes', 'No'])).toBeUndefined()
    expect(carryChoice('Yes', [])).toBeUndefined()
    expect(carryChoice(null, ['Yes'])).toBeUndefined()
  })
})
