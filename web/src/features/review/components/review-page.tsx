// Review page (spec §2, §4): progress, tabs, question list, answer editor, comments, history,
// context, the approval toggle, and the export (export-dialog.tsx). User and model text is always
// rendered as text. The selected question is in the address (?q=) and typed answers and comments
// are drafts (lib/drafts), so a forced sign-in comes back to the same question with the same text.
import { useMemo, useState } from 'react'
import { useParams, useSearchParams } from 'react-router-dom'
import { DraftNotice } from '../../../components/ui/draft-notice'
import { useNotifications } from '../../../components/ui/notifications'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import { useDraft, useHasDraft } from '../../../lib/drafts'
import { formatDateEST } from '../../../lib/format-date'
import { type Question, useCounts, useQuestions, useSaveAnswer } from '../api'
import { useAddComment, useComments } from '../api/comments'
import { questionnaireExport } from '../api/export'
import { AnswerOrigin } from './answer-origin'
import { ExportDialog } from './export-dialog'
import { flagOf, inTab, type Tab, toggled, toggleLabel } from './flags'

const TABS: [Tab, string][] = [[1, 'VIEW ALL'], [2, 'NEEDS REVIEW'], [3, 'APPROVED']]

export function ReviewPage() {
  const { questionnareId = '' } = useParams()
  const questions = useQuestions(questionnareId)
  const counts = useCounts(questionnareId)
  const save = useSaveAnswer(questionnareId)
  const addComment = useAddComment(questionnareId)
  const { toast } = useNotifications()
  const [tab, setTab] = useState<Tab>(1)
  const [params, setParams] = useSearchParams()
  const selectedId = params.get('q')
  const select = (id: string | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p)
      if (id) next.set('q', id)
      else next.delete('q')
      return next
    }, { replace: true })
  const [sub, setSub] = useState<'history' | 'comments' | 'context'>('context')
  const [commentError, setCommentError] = useState('')
  const [exporting, setExporting] = useState(false)

  const listed = useMemo(() => (questions.data ?? []).filter((q) => inTab(q, tab)), [questions.data, tab])
  const selected: Question | undefined = listed.find((q) => q._id === selectedId) ?? listed[0]
  const comments = useComments(questionnareId, selected?._id)
  const answer = useDraft(selected ? `answer:${selected._id}` : null, selected?.answer ?? '')
  const choice = useDraft(selected ? `choice:${selected._id}` : null, selected?.choiceValue ?? '')
  const comment = useDraft(selected ? `comment:${selected._id}` : null, '')
  const hasDraft = useHasDraft()
  const draft = answer.value

  const persist = (q: Question, patch: Partial<Pick<Question, 'answer' | 'llmstatus' | 'reviewstatus' | 'choiceValue'>>) => {
    const sent = { answer: answer.value, choice: choice.value }
    save.mutate(
      {
        questionId: q._id, answer: patch.answer ?? q.answer, reviewstatus: patch.reviewstatus ?? q.reviewstatus, llmstatus: patch.llmstatus ?? q.llmstatus,
        ...(patch.choiceValue !== undefined ? { choiceValue: patch.choiceValue } : {}),
      },
      {
        onSuccess: () => {
          if (patch.answer === sent.answer) answer.clear(sent.answer)
          if (patch.choiceValue !== undefined) choice.clear(sent.choice)
          toast('success', 'Answer saved')
        },
        onError: (err) => toast('error', errorMessage(err, 'Failed to update answer')),
      },
    )
  }
  const submitComment = () => {
    if (!selected) return setCommentError('Question ID is missing')
    if (!comment.value.trim()) return setCommentError('Comment field is required')
    addComment.mutate({ questionId: selected._id, comment: comment.value.trim() }, {
      onSuccess: () => {
        comment.set('')
        setSub('comments')
      },
      onError: (err) => toast('error', errorMessage(err, 'Failed to add comment')),
    })
    return undefined
  }

  if (questions.isPending) return <Spinner label="Loading questions" />
  if (questions.isError) return <p className="form-error">The questions could not be loaded. Please refresh the page.</p>
  const c = counts.data
  const percent = c?.total ? Math.round((c.countOfApproved / c.total) * 100) : 0

  return (
    <section className="review">
      <div className="card review-head">
        <div>
          <h2>Review</h2>
          <p className="muted">{c ? `${c.countOfApproved}/${c.total} questions approved` : ''} ({percent}%)</p>
          <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}><span style={{ width: `${percent}%` }} /></div>
        </div>
        <div className="actions">
          <button className="primary" onClick={() => setExporting(true)}>Export</button>
        </div>
      </div>
      <div className="tabs" role="tablist">
        {TABS.map(([t, label]) => (
          <button key={t} role="tab" aria-selected={tab === t} className={tab === t ? 'active' : ''} onClick={() => { setTab(t); select(null) }}>{label}</button>
        ))}
      </div>
      <div className="review-grid">
        <nav className="card question-list" aria-label="Questions">
          {listed.length === 0 && <p className="muted">{tab === 2 ? 'No Reviewed List found' : tab === 3 ? 'No Approved List found' : 'No Data found'}</p>}
          {listed.map((q) => (
            <button key={q._id} className={`question-item ${flagOf(q)}${q._id === selected?._id ? ' selected' : ''}`} onClick={() => select(q._id)}>
              <strong>Q{(questions.data ?? []).indexOf(q) + 1}</strong> <span>{q.question}</span>
              {hasDraft(`answer:${q._id}`) && <em className="muted small"> (unsaved answer)</em>}
            </button>
          ))}
        </nav>
        {selected && (
          <div className="card answer-panel">
            <p className="muted">{selected.questionId}</p>
            <h3>{selected.question}</h3>
            <label htmlFor="answer">Answer</label>
            <DraftNotice draft={answer} what="answer" />
            <textarea id="answer" name="answer" rows={6} value={draft} onChange={(e) => answer.set(e.target.value)} />
            {selected.choices.length > 0 && (
              // The workbook's own options (a dropdown, or Yes / No / N.A. columns marked with an x).
              <label className="field choice">Choice
                <select name="choice" value={choice.value} onChange={(e) => choice.set(e.target.value)}>
                  <option value="">Not set</option>
                  {selected.choices.map((o) => <option key={o} value={o}>{o}</option>)}
                </select>
              </label>
            )}
            <div className="actions">
              <button className="primary" disabled={save.isPending || !draft.trim()} aria-busy={save.isPending || undefined} onClick={() => persist(selected, { answer: draft, ...(selected.choices.length ? { choiceValue: choice.value || null } : {}) })}>{save.isPending ? 'Saving…' : 'Save'}</button>
            </div>
            <label htmlFor="comment">Add Comment</label>
            <DraftNotice draft={comment} what="comment" />
            <textarea id="comment" name="comment" rows={2} value={comment.value} onChange={(e) => { comment.set(e.target.value); setCommentError('') }} />
            {commentError && <p className="field-error">{commentError}</p>}
            <div className="actions">
              <button disabled={addComment.isPending} aria-busy={addComment.isPending || undefined} onClick={submitComment}>{addComment.isPending ? 'Saving…' : 'Save'}</button>
            </div>
            <div className="tabs small" role="tablist">
              {(['history', 'comments', 'context'] as const).map((s) => (
                <button key={s} role="tab" aria-selected={sub === s} className={sub === s ? 'active' : ''} onClick={() => setSub(s)}>{s[0]!.toUpperCase() + s.slice(1)}</button>
              ))}
            </div>
            {sub === 'history' && (selected.answerHistory.length ? (
              <ul className="history">{selected.answerHistory.map((h, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: history entries have no id and never reorder
                <li key={i}><p>{h.answer}</p><p className="muted">{formatDateEST(h.createdAt)} · {h.name}</p></li>
              ))}</ul>
            ) : <p className="muted">No History Found</p>)}
            {sub === 'comments' && (comments.isPending ? <Spinner label="Loading comments" /> : comments.data?.length ? (
              <ul className="history comments">{comments.data.map((c) => (
                <li key={c._id}><p className="comment">{c.comment}</p><p className="muted">{formatDateEST(c.createdAt)} · {`${c.user.firstName} ${c.user.lastName}`.trim()}</p></li>
              ))}</ul>
            ) : <p className="muted">No Comments Found</p>)}
            {sub === 'context' && (selected.retrievedNarrative ? <pre className="context">{selected.retrievedNarrative}</pre> : <p className="muted">No Context Found</p>)}
          </div>
        )}
        {selected && (
          <aside className="card approval">
            <label className="toggle">
              <input type="checkbox" name="approved" checked={flagOf(selected) === 'approved'} onChange={() => persist(selected, { answer: draft.trim() ? draft : selected.answer, ...toggled(selected) })} disabled={!selected.answer && !draft.trim()} />
              {toggleLabel(selected)}
            </label>
            <AnswerOrigin question={selected} />
          </aside>
        )}
      </div>
      {exporting && <ExportDialog source={questionnaireExport(questionnareId)} onClose={() => setExporting(false)} />}
    </section>
  )
}
