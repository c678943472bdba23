// Questionnaires that arrive as PDF: their questions are numbered lines ("1.2 Do you ...",
// "Q4. Describe ...", "AIS-01.1 ...") or lines shaped like questions. Answers go back as a sheet.
import type { PdfPage } from '../pdf/extract-text.js'
import { isQuestionShaped } from './find-questions.mjs'

export interface PdfQuestion {
  questionId: string
  question: string
  page: number
}

const NUMBERED = /^(?:(Q\s?\d{1,4}[a-z]?)|(\d{1,3}(?:\.\d{1,3}){0,4})|([A-Z]{2,6}-\d{2}(?:\.\d{1,2})?))[.):\s-]+\s*(.{10,})$/

/** Joins the wrapped lines of one item: a line that continues a question has no number of its own. */
export function findPdfQuestions(pages: PdfPage[]): PdfQuestion[] {
  const out: PdfQuestion[] = []
  let open: PdfQuestion | undefined
  let auto = 0
  const close = () => {
    if (open && (isQuestionShaped(open.question) || /^\S+\s/.test(open.question))) out.push(open)
    open = undefined
  }
  for (const { page, text } of pages) {
    for (const raw of text.split('\n')) {
      const line = raw.trim()
      if (!line) {
        close()
        continue
      }
      const m = NUMBERED.exec(line)
      if (m && (isQuestionShaped(m[4]!) || m[4]!.trim().endsWith('?') || /^(Q\s?\d)/.test(line))) {
        close()
        open = { questionId: (m[1] ?? m[2] ?? m[3]!).replace(/\s/g, ''), question: m[4]!.trim(), page }
      } else if (!m && isQuestionShaped(line) && line.endsWith('?') && !open) {
        out.push({ questionId: `Q${++auto}`, question: line, page })
      } else if (open && !m && !open.question.endsWith('?')) {
        open.question = `${open.question} ${line}`
      } else {
        close()
      }
    }
    close()
  }
  return out
}
