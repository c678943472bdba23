// A questionnaire built for the review tests: security questions, some of which the minimal SOC 2
// policy answers, written into a questions workbook with every answer blank.
import path from 'node:path'
import { buildQuestionsWorkbook } from '@portal/sheets'

/** The policy the questions are drafted from. */
export const MINIMAL_SOC2_PDF = path.resolve(process.cwd(), 'tests/fixtures/policies/open_access_policies/minimal-soc2_compiled.pdf')

export const SECURITY_QUESTIONS = [
  'Is customer data encrypted at rest?',
  'Is data encrypted in transit?',
  'Is multi-factor authentication required for administrators?',
  'Are backups performed and tested?',
  'Is there an incident response plan?',
  'Are access reviews performed periodically?',
  'Are security events logged and monitored?',
  'Do employees receive security awareness training?',
  'Is there a vendor management program?',
  'Are changes to production reviewed and approved?',
]

/** A questions workbook of `questions`, none answered, their ids `${idPrefix}-1`, `${idPrefix}-2`, … */
export function unansweredWorkbook(questions: string[], idPrefix: string): Promise<Buffer> {
  return buildQuestionsWorkbook(
    questions.map((question, i) => ({ questionId: `${idPrefix}-${i + 1}`, question, answer: '', status: 'Not answered' as const, sources: '' })),
  )
}
