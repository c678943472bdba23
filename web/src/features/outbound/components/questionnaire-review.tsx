// The review of one outbound questionnaire, for staff ('outbound') and for its recipient ('inbound'):
// header with client name and email, progress (share of questions with an answer), the question
// list, 'Question N of M' with the answer (saved by itself), attachments and comments. Staff export
// the answers; the recipient submits, after which the page is read-only. The selected question is in
// the address (?q=). All text is rendered as text.
import { type ReactNode, useRef, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { FormError } from '../../../components/ui/form-message'
import { useNotifications } from '../../../components/ui/notifications'
import { Spinner } from '../../../components/ui/spinner'
import { ApiError, errorMessage } from '../../../lib/api-client'
import { formatDateTime } from '../../../lib/format-date'
import { type OutboundDetail, type OutboundEvent, useOutbound, useOutboundEvents, useSubmit } from '../api/review'
import { TEXT } from '../api/text'
import { AnswerBox, type Flush, type ReviewMode } from './answer-box'
import { Attachments } from './attachments'
import { Comments } from './comments'
import { answeredShare, statusText } from './format'

interface ReviewProps {
  mode: ReviewMode
  outboundId: string
  /** Shown above the header (staff: 'Back to Outbound'). */
  top?: ReactNode
  /** Staff's buttons in the header (the exports), given by the staff page so the recipient's page never loads them. */
  actions?: (detail: OutboundDetail) => ReactNode
  /** Staff's "Check the columns" while the questions wait for it (state `check`), given by the staff page like `actions`. */
  columns?: (detail: OutboundDetail) => ReactNode
}

function NoQuestions({ outboundId }: { outboundId: string }) {
  return (
    <div className="card empty-state">
      <p className="empty-title">No questions found</p>
      <p className="empty-hint muted small">{`Check that the address holds the right questionnaire id (${outboundId}), or open the link from the email again.`}</p>
    </div>
  )
}

export function QuestionnaireReview({ mode, outboundId, top, actions, columns }: ReviewProps) {
  const live = useRef(false)
  const detail = useOutbound(outboundId, () => live.current)
  const { toast } = useNotifications()
  const onEvent = (e: OutboundEvent) => {
    if (e.type === 'completed') toast('info', 'The recipient submitted the questionnaire')
  }
  // Staff follow changes live (the recipient's answers, extraction) until the recipient submits.
  live.current = useOutboundEvents(outboundId, mode === 'outbound' && detail.data !== undefined && !detail.data.status, onEvent)
  const submit = useSubmit(outboundId)
  const [params, setParams] = useSearchParams()
  const flushRef = useRef<Flush | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [submitting, setSubmitting] = useState(false)

  const select = (id: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p)
        next.set('q', id)
        return next
      },
      { replace: true },
    )

  if (detail.isPending)
    return (
      <section className="review outbound-review">
        {top}
        <h1>Review</h1>
        <Spinner label="Loading questions" />
      </section>
    )
  if (detail.isError) {
    const missing = detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 400)
    return (
      <section className="review outbound-review">
        {top}
        <h1>Review</h1>
        {missing ? (
          <NoQuestions outboundId={outboundId} />
        ) : (
          <p className="form-error">{errorMessage(detail.error, 'The questionnaire could not be loaded. Please refresh the page.')}</p>
        )}
      </section>
    )
  }

  const d = detail.data
  const questions = d.file.questions
  const { answered, total, percent } = answeredShare(questions)
  const readOnly = d.readOnly
  /** Who asks: the company, or the sender for a questionnaire sent before companies were named. */
  const asker = d.company || d.sender || 'A company'
  const ready = d.state === 'ready'
  const index = Math.max(
    0,
    questions.findIndex((q) => q._id === params.get('q')),
  )
  const selected = questions[index]

  const doSubmit = async () => {
    setSubmitting(true)
    // What was typed last is saved first.
    try {
      await flushRef.current?.()
    } catch {
      setSubmitting(false)
      setConfirming(false)
      toast('error', 'Your last answer could not be saved. Please try again.')
      return
    }
    submit.mutate(undefined, {
      onSuccess: () => toast('success', 'Questionnaire submitted'),
      onError: (err) => toast('error', errorMessage(err, 'The questionnaire could not be submitted')),
      onSettled: () => {
        setSubmitting(false)
        setConfirming(false)
      },
    })
  }

  return (
    <section className="review outbound-review">
      {top}
      <div className="card review-head">
        <div className="review-title">
          {mode === 'inbound' ? (
            // The recipient is told who asks (issue 25); the client's own name and address follow.
            <>
              {d.logo && <img className="asker-logo" src={d.logo} alt={`${asker} logo`} />}
              <h1>{`${asker} asks you to complete a security questionnaire`}</h1>
              <p className="review-client">
                <span>{`For ${d.clientName}`}</span> <span className="muted">{d.email}</span>{' '}
                <span className={`badge ${d.status ? 'badge-active' : ''}`}>{statusText({ status: d.status, answered, total })}</span>
              </p>
            </>
          ) : (
            <>
              <h1>{d.clientName}</h1>
              <p className="review-client">
                <span className="muted">{d.email}</span>{' '}
                <span className={`badge ${d.status ? 'badge-active' : ''}`}>{statusText({ status: d.status, answered, total })}</span>
              </p>
            </>
          )}
          {ready && total > 0 && (
            <>
              <p className="muted small">{`${answered} of ${total} questions answered (${percent}%)`}</p>
              <div className="progress" role="progressbar" aria-label="Questions answered" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
                <span style={{ width: `${percent}%` }} />
              </div>
            </>
          )}
        </div>
        <div className="actions">
          {mode === 'outbound'
            ? actions?.(d)
            : !readOnly &&
              ready &&
              total > 0 &&
              // Nothing to submit until something is answered (issue 25): a hint in its place.
              (answered > 0 ? (
                <button className="primary" disabled={submitting} onClick={() => setConfirming(true)}>
                  Submit
                </button>
              ) : (
                <p className="muted small submit-hint">Answer a question to submit.</p>
              ))}
        </div>
      </div>

      {readOnly && (
        <div className="banner" role="status">
          <strong>{TEXT.alreadySubmitted}</strong>
          {d.submittedAt && <span>{` Submitted ${formatDateTime(d.submittedAt)}.`}</span>}
        </div>
      )}

      {(d.state === 'queued' || d.state === 'running') && (
        <div className="card extraction" role="status">
          <Spinner label="Reading the questionnaire" />
          <p>{d.state === 'queued' ? 'Waiting to read the questionnaire…' : 'Reading the questionnaire…'} The questions show here as soon as they are found.</p>
        </div>
      )}
      {d.state === 'failed' && <FormError>{d.error || 'The questionnaire could not be read.'}</FormError>}
      {d.state === 'check' &&
        (mode === 'outbound' ? (
          <section className="card layout-check" aria-labelledby="outbound-columns-title">
            <h2 id="outbound-columns-title">Check the columns</h2>
            <p>The product is unsure which columns hold the questions. The recipient sees them, and can answer, once the columns are saved.</p>
            {columns?.(d)}
          </section>
        ) : (
          <div className="card extraction" role="status">
            <p>This questionnaire is being prepared. Its questions show here once it is ready: open the link from the email again later.</p>
          </div>
        ))}
      {ready && questions.length === 0 && <NoQuestions outboundId={outboundId} />}

      {ready && selected && (
        <div className="outbound-review-grid">
          <nav className="card question-list" aria-label="Questions">
            {questions.map((q, i) => {
              const done = q.answer.trim() !== ''
              return (
                <button
                  key={q._id}
                  className={`question-item ${done ? 'approved' : 'none'}${q._id === selected._id ? ' selected' : ''}`}
                  aria-current={q._id === selected._id ? 'true' : undefined}
                  onClick={() => select(q._id)}
                >
                  <strong>Q{i + 1}</strong> <span>{q.question}</span>
                  <em className="visually-hidden">{done ? ' (answered)' : ' (no answer yet)'}</em>
                </button>
              )
            })}
          </nav>
          <div className="card answer-panel">
            <p className="muted small">
              {`Question ${index + 1} of ${questions.length}`}
              {selected.questionId ? ` · ${selected.questionId}` : ''}
            </p>
            <h2 className="question-text">{selected.question}</h2>
            <AnswerBox key={selected._id} outboundId={outboundId} question={selected} readOnly={readOnly} mode={mode} flushRef={flushRef} />
            <div className="question-nav">
              <button className="secondary small" disabled={index === 0} onClick={() => select(questions[index - 1]!._id)}>
                Previous question
              </button>
              <button className="secondary small" disabled={index >= questions.length - 1} onClick={() => select(questions[index + 1]!._id)}>
                Next question
              </button>
            </div>
            <Attachments key={`a-${selected._id}`} outboundId={outboundId} question={selected} readOnly={readOnly} />
            {/* The recipient's thread closes with the submit; staff may still note things. */}
            <Comments key={`c-${selected._id}`} outboundId={outboundId} questionId={selected._id} mode={mode} readOnly={readOnly && mode === 'inbound'} />
          </div>
        </div>
      )}

      {confirming && (
        <ConfirmDialog
          title="Submit Questionnaire"
          message={`Are you sure you want to submit? ${answered < total ? `${total - answered} of ${total} questions have no answer. ` : ''}After submitting, answers can no longer be changed.`}
          confirmLabel="Submit"
          busy={submitting}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void doSubmit()}
        />
      )}
    </section>
  )
}
