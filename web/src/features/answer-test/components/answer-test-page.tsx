// The spec's test page (/responsellm): ask one question, see the answer drafted from the tenant's
// documents and the evidence it cites. Not a product feature, so not in the menu.
import type { GeneratedAnswer, GeneratedAnswerReply, GenerateAnswerInput } from '@portal/contracts'
import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Spinner } from '../../../components/ui/spinner'
import { ApiError, api, errorMessage } from '../../../lib/api-client'
import { useDraft } from '../../../lib/drafts'

const SOURCE: Record<GeneratedAnswer['answerSource'], string> = {
  '': '',
  library: 'Reused from the answer library',
  pair: 'Answered by a question and answer in your documents',
  documents: 'Drafted from your documents (sentences quoted as written)',
  model: 'Drafted by the language model from your documents',
}

export function AnswerTestPage() {
  const draft = useDraft('answer-test:question', '') // survives a forced sign-in (lib/drafts)
  const question = draft.value
  const [error, setError] = useState('')
  const ask = useMutation({
    mutationFn: (q: string) => api.post<GeneratedAnswerReply>('/api/fs/generate-answer', { question: q } satisfies GenerateAnswerInput).then((r) => r.data),
    // A 429 is either the per-minute limit or the company's daily quota, whose message says when to return.
    onError: (e) =>
      setError(
        e instanceof ApiError && e.status === 429 && (e.body as { code?: string } | undefined)?.code !== 'QUOTA_EXCEEDED'
          ? 'Too many questions in a minute: please wait a moment.'
          : errorMessage(e, 'An error occurred'),
      ),
  })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    setError('')
    if (!question.trim()) return setError('Question is required')
    ask.mutate(question.trim())
    return undefined
  }
  const result = ask.data
  return (
    <section className="card">
      <h1>Test an answer</h1>
      <p className="muted">Asks one question against all of your compliance documents, as the questionnaire drafting does.</p>
      <form onSubmit={submit}>
        <label htmlFor="question">Question</label>
        <textarea id="question" name="question" rows={3} value={question} onChange={(e) => draft.set(e.target.value)} />
        {error && <p className="field-error">{error}</p>}
        <div className="actions">
          <button className="primary" type="submit" disabled={ask.isPending} aria-busy={ask.isPending || undefined}>
            {ask.isPending ? 'Drafting…' : 'Generate answer'}
          </button>
        </div>
      </form>
      {ask.isPending && <Spinner label="Drafting the answer" />}
      {result && (
        <div className="generated">
          <h2>Answer</h2>
          {result.answer ? <p className="answer-text">{result.answer}</p> : <p className="muted">No answer could be drafted from your documents.</p>}
          <p className="muted">
            Confidence {Math.round(result.confidence * 100)}%{result.choice ? ` · ${result.choice.toUpperCase()}` : ''}
            {result.llmReviewRespons === 1 ? ' · needs review' : ''}
          </p>
          {SOURCE[result.answerSource] && (
            <p className="muted">{result.answerSource === 'library' && result.source ? result.source : SOURCE[result.answerSource]}</p>
          )}
          {result.llmReviewRespons === 1 && result.reviewReason && <p className="muted review-reason">Needs review: {result.reviewReason}</p>}
          {result.flaggedDocuments.length > 0 && (
            <>
              <h2>Flagged documents</h2>
              <p className="muted">
                Lines in these passages try to steer the drafting (instructions, active markup or formulas): they were left out of the answer. Check the
                documents.
              </p>
              <ul className="history">
                {result.flaggedDocuments.map((f) => (
                  <li key={`${f.documentName}:${f.page}:${f.reason}`}>
                    {f.documentName}, page {f.page}: {f.reason}
                  </li>
                ))}
              </ul>
            </>
          )}
          <h2>Sources</h2>
          {result.citations.length ? (
            <ul className="history">
              {result.citations.map((c) => (
                <li key={c.chunkId}>
                  <p className="muted">
                    {c.documentName}, page {c.page}
                  </p>
                  <p>{c.text}</p>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">No Context Found</p>
          )}
        </div>
      )}
    </section>
  )
}
