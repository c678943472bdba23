// Where the selected answer came from (the answer library, the documents, the language model, or a
// person) and why it needs review: what a reviewer weighs before approving it. Text only.
import type { MouseEvent } from 'react'
import { documentPath, type Question } from '../api'

type Origin = Pick<
  Question,
  | 'answer'
  | 'answerSource'
  | 'reviewReason'
  | 'documentName'
  | 'fileAndFolder'
  | 'retrievedNarrative'
  | 'llmReviewRespons'
  | 'llmstatus'
  | 'drafted'
  | 'answerHistory'
>

/** The page a cited document was drawn from ("compliance/policy.pdf#page=4" → 4). */
const pageOf = (fileAndFolder: string) => /#page=(\d+)$/.exec(fileAndFolder)?.[1]

export function originOf(q: Origin): string {
  const where = q.documentName ? `${q.documentName}${pageOf(q.fileAndFolder) ? `, page ${pageOf(q.fileAndFolder)}` : ''}` : 'your documents'
  switch (q.answerSource) {
    // The library line is written when the answer is reused: "From the answer library: approved answer of <file> — <question>".
    case 'library':
      return q.retrievedNarrative.split('\n')[0] || 'From the answer library'
    case 'pair':
      return `Answered by a question and answer in ${where}`
    case 'documents':
      return `Drafted from your documents (sentences quoted as written): ${where}`
    case 'model':
      return `Drafted by the language model from ${where}`
    default:
      if (q.answer) return 'Written by a reviewer'
      return q.drafted ? 'No answer was drafted: your documents do not answer this question' : 'Not drafted yet'
  }
}

/** Why the answer needs review, when it does: the saved reason, or the general warning for older drafts. */
export function reasonOf(q: Origin): string {
  if (q.llmstatus || q.llmReviewRespons !== 1) return ''
  return q.reviewReason || 'Drafted with weak or no evidence: check it before approving.'
}

export function AnswerOrigin({
  question,
  onOpenDocument,
}: {
  question: Origin & Pick<Question, 'sourceDocumentId' | 'sourcePage'>
  onOpenDocument?: (id: string, page: number | null) => void
}) {
  const editedBy = question.answerSource && question.answerHistory.length ? question.answerHistory[question.answerHistory.length - 1]!.name : ''
  const reason = reasonOf(question)
  const docId = question.answerSource !== 'library' ? question.sourceDocumentId : ''
  const page = question.sourcePage ?? null
  // The cited document opens at its page, in a new tab (the API needs the app's headers: onOpenDocument fetches it).
  const open = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!docId || !onOpenDocument || (e.type === 'auxclick' && e.button !== 1)) return
    e.preventDefault()
    onOpenDocument(docId, page)
  }
  return (
    <div className="answer-origin">
      <p>
        Source:{' '}
        {docId ? (
          <a
            href={documentPath(docId, page)}
            className="source-link"
            target="_blank"
            rel="noopener noreferrer"
            onClick={open}
            onAuxClick={open}
            title={`Opens ${question.documentName}${page ? ` at page ${page}` : ''} in a new tab`}
          >
            {originOf(question)}
          </a>
        ) : (
          <span title={question.fileAndFolder || undefined}>{originOf(question)}</span>
        )}
        {editedBy && <span className="muted"> · edited by {editedBy}</span>}
      </p>
      {reason && <p className="muted review-reason">Needs review: {reason}</p>}
    </div>
  )
}
