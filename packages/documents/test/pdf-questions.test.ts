import { describe, expect, it } from '@jest/globals'
import { findPdfQuestions } from '../src/extract/pdf-questions.js'

describe('questions of a PDF questionnaire', () => {
  it('takes numbered and question-shaped lines, joins wrapped lines, skips the rest', () => {
    const pages = [
      {
        page: 1,
        text: [
          'Vendor Security Questionnaire',
          'Please answer every question and return this form.',
          '1. General',
          '1.1 Do you have a documented information security',
          'policy approved by management?',
          '1.2 Describe how you manage security incidents.',
          '',
          'Q3. Are all employees trained on security awareness annually?',
          'AIS-01.1 Do you use industry standards to build in security?',
          'Page 1 of 2',
        ].join('\n'),
      },
      { page: 2, text: 'Is customer data encrypted at rest?\nThank you for completing the questionnaire.' },
    ]
    expect(findPdfQuestions(pages)).toEqual([
      { questionId: '1.1', question: 'Do you have a documented information security policy approved by management?', page: 1 },
      { questionId: '1.2', question: 'Describe how you manage security incidents.', page: 1 },
      { questionId: 'Q3', question: 'Are all employees trained on security awareness annually?', page: 1 },
      { questionId: 'AIS-01.1', question: 'Do you use industry standards to build in security?', page: 1 },
      { questionId: 'Q1', question: 'Is customer data encrypted at rest?', page: 2 },
    ])
  })
})
