// Review page (spec §2, §4): the client's name, progress, tabs, question list, answer editor,
// comments, history, context, the approval toggle, and the export (export-dialog.tsx). User and
// model text is always rendered as text. The selected question is in the address (?q=) and typed
// answers and comments are drafts (lib/drafts), so a forced sign-in comes back to the same question
// with the same text. Keyboard (issue 14): the question list is one tab stop with arrow keys
// (question-list.tsx), shortcuts for next / previous / approve / save (shortcuts.tsx), focus goes
// to the answer box when a question is chosen; leaving a question with unsaved changes asks first.
// A save carries the version the answer was edited from; when someone else saved first (409), the
// merge panel shows both texts (issue 22). The questionnaire's columns (layout-form.tsx) open from the
// header; while the product is unsure of them a banner says so, since drafting waits for them.
// Issue 25: the header, the filters and each question say who drafted what (the server's review
// counts, one way everywhere); several answers can be approved at once, with an undo; Ctrl+Enter
// submits the box it is typed in (said under each box); on a phone the approval comes before the
// long evidence (history, comments and context are a card of their own after it). Issue 26: the list
// carries what its rows show; the question opened is fetched on its own (evidence, source, the last
// entries of its history, the rest on "Show all").
import { SpecText } from '@portal/contracts/spec-text'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useParams, useSearchParams } from 'react-router-dom'
import { DraftNotice } from '../../../components/ui/draft-notice'
import { type Conflict, conflictOf, MergePanel } from '../../../components/ui/merge-panel'
import { Modal } from '../../../components/ui/modal'
import { useNotifications } from '../../../components/ui/notifications'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import { useDraft, useHasDraft } from '../../../lib/drafts'
import { formatDateTime } from '../../../lib/format-date'
import { draftedByLine } from '@portal/contracts/drafts-text'
import {
  openDocument,
  type QuestionListItem,
  useBulkApproval,
  useCounts,
  useQuestionnaireDetails,
  useClearAnswer,
  useQuestion,
  useQuestions,
  useSaveAnswer,
} from '../api'
import { useAddComment, useComments } from '../api/comments'
import { questionnaireExport } from '../api/export'
import { useLayout } from '../api/layout'
import { QuestionnaireTrackRecord } from '../../answer-library/components/track-record'
import { AnswerOrigin } from './answer-origin'
import { ExportDialog } from './export-dialog'
import { type BulkDone, BulkBar, BulkList } from './bulk-approval'
import { flagOf, inTab, TABS, type Tab, tabCount, toggled, toggleLabel } from './flags'
import { LayoutPanel } from './layout-form'
import { type Move, optionId, QuestionList } from './question-list'
import { DraftersLine, reviewFigures } from './review-figures'
import { isMac, isTextField, ShortcutsHelp, shortcutOf } from './shortcuts'
import { UnsavedDialog } from './unsaved-dialog'

const EMPTY_TEXT: Record<Tab, string> = {
  all: 'No Data found',
  review: 'No Reviewed List found',
  flagged: 'No flagged answers',
  approved: 'No Approved List found',
  empty: 'Every question has an answer',
}
export const ANSWER_REQUIRED = SpecText.answerRequired

/** Where the reviewer asked to go: another question (focus to the list or the answer box), or another tab. */
type Navigation = Move | { tab: Tab }

export function ReviewPage() {
  const { questionnareId = '' } = useParams()
  const questions = useQuestions(questionnareId)
  const counts = useCounts(questionnareId)
  const details = useQuestionnaireDetails(questionnareId)
  // A questionnaire without columns to show (not a spreadsheet) answers an error: no button, no banner.
  const layout = useLayout(questionnareId)
  const [columnsOpen, setColumnsOpen] = useState(false)
  const save = useSaveAnswer(questionnareId)
  const clear = useClearAnswer(questionnareId)
  const addComment = useAddComment(questionnareId)
  const { toast } = useNotifications()
  const [tab, setTab] = useState<Tab>('all')
  const bulk = useBulkApproval(questionnareId)
  const [selecting, setSelecting] = useState(false)
  const [picked, setPicked] = useState<Set<string>>(new Set())
  const [bulkDone, setBulkDone] = useState<BulkDone | null>(null)
  const [params, setParams] = useSearchParams()
  const selectedId = params.get('q')
  const select = useCallback(
    (id: string | null) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p)
          if (id) next.set('q', id)
          else next.delete('q')
          return next
        },
        { replace: true },
      ),
    [setParams],
  )
  const [sub, setSub] = useState<'history' | 'comments' | 'context'>('context')
  const [commentError, setCommentError] = useState('')
  const [answerError, setAnswerError] = useState('')
  const [exporting, setExporting] = useState(false)
  const [helpOpen, setHelpOpen] = useState(false)
  const [pending, setPending] = useState<Navigation | null>(null)
  // Where focus goes once question `id` is on screen (the address changes a render after the request).
  const [focusTo, setFocusTo] = useState<{ where: 'list' | 'answer'; id: string } | null>(null)
  const answerBox = useRef<HTMLTextAreaElement>(null)
  // The version each question's answer was edited from (set when editing starts from the saved text).
  const editedFrom = useRef(new Map<string, number>())
  const [conflict, setConflict] = useState<(Conflict & { questionId: string }) | null>(null)

  const listed = useMemo(() => (questions.data ?? []).filter((q) => inTab(q, tab)), [questions.data, tab])
  const numbers = useMemo(() => new Map((questions.data ?? []).map((q, i) => [q._id, i + 1])), [questions.data])
  const selected: QuestionListItem | undefined = listed.find((q) => q._id === selectedId) ?? listed[0]
  // The whole history of the question opened, once the reviewer asks for it.
  const [allHistoryOf, setAllHistoryOf] = useState<string | null>(null)
  const opened = useQuestion(selected?._id, allHistoryOf !== null && allHistoryOf === selected?._id)
  const detail = opened.data?._id === selected?._id ? opened.data : undefined
  const comments = useComments(questionnareId, selected?._id)
  const answer = useDraft(selected ? `answer:${selected._id}` : null, selected?.answer ?? '')
  const choice = useDraft(selected ? `choice:${selected._id}` : null, selected?.choiceValue ?? '')
  const comment = useDraft(selected ? `comment:${selected._id}` : null, '')
  const hasDraft = useHasDraft()
  const draft = answer.value
  const label = selected ? `Q${numbers.get(selected._id) ?? ''}` : ''
  /** The answer (or its choice) differs from the saved one. */
  const dirty = Boolean(selected) && (draft !== selected!.answer || (selected!.choices.length > 0 && choice.value !== (selected!.choiceValue ?? '')))

  // Focus follows a move once the question is on screen: the answer box, or the list's option.
  useEffect(() => {
    if (!focusTo || selected?._id !== focusTo.id) return
    if (focusTo.where === 'answer') answerBox.current?.focus()
    else document.getElementById(optionId(selected._id))?.focus()
    setFocusTo(null)
  }, [focusTo, selected])

  const go = (to: Navigation) => {
    setAnswerError('')
    if ('tab' in to) {
      setTab(to.tab)
      select(null)
      return
    }
    select(to.id)
    setFocusTo({ where: to.focus, id: to.id })
  }
  /** Goes where asked, unless the answer has unsaved changes: then the reviewer decides first. */
  const request = (to: Navigation) => {
    if ('id' in to && to.id === selected?._id) return setFocusTo({ where: to.focus, id: to.id })
    if (dirty) return setPending(to)
    return go(to)
  }
  const step = (by: 1 | -1) => {
    const at = listed.findIndex((q) => q._id === selected?._id)
    const next = listed[at + by]
    if (next) request({ id: next._id, focus: 'answer' })
  }

  const persist = (
    q: QuestionListItem,
    patch: Partial<Pick<QuestionListItem, 'answer' | 'llmstatus' | 'reviewstatus' | 'choiceValue'>>,
    opts: { message?: string; then?: () => void } = {},
  ) => {
    const sent = { answer: answer.value, choice: choice.value }
    const text = patch.answer ?? q.answer
    save.mutate(
      {
        questionId: q._id,
        answer: text,
        reviewstatus: patch.reviewstatus ?? q.reviewstatus,
        llmstatus: patch.llmstatus ?? q.llmstatus,
        ...(patch.choiceValue !== undefined ? { choiceValue: patch.choiceValue } : {}),
        version: editedFrom.current.get(q._id) ?? q.version,
      },
      {
        onSuccess: () => {
          editedFrom.current.delete(q._id)
          setConflict((c) => (c?.questionId === q._id ? null : c))
          if (patch.answer === sent.answer) answer.clear(sent.answer)
          if (patch.choiceValue !== undefined) choice.clear(sent.choice)
          toast('success', opts.message ?? 'Answer saved')
          opts.then?.()
        },
        onError: (err) => {
          // Someone else saved first: both texts side by side; the reviewer's stays in the box.
          const refused = conflictOf(err, text)
          if (refused) return setConflict({ ...refused, questionId: q._id })
          toast('error', errorMessage(err, 'Failed to update answer'))
        },
      },
    )
  }
  /** Saves the typed answer (spec §5: an empty one is refused with the spec's words). */
  const saveAnswer = (then?: () => void): boolean => {
    if (!selected) return false
    if (!draft.trim()) {
      setAnswerError(ANSWER_REQUIRED)
      answerBox.current?.focus()
      return false
    }
    setAnswerError('')
    persist(selected, { answer: draft, ...(selected.choices.length ? { choiceValue: choice.value || null } : {}) }, then ? { then } : {})
    return true
  }
  /** The reviewer's way out of a conflict: their text or a merged one saved against the other's version, or the other's kept. */
  const resolve = (text: string, keep: boolean) => {
    if (!selected || !conflict) return
    const { theirs } = conflict
    if (!keep) {
      editedFrom.current.delete(selected._id)
      answer.discard()
      choice.discard()
      setConflict(null)
      answerBox.current?.focus()
      return
    }
    editedFrom.current.set(selected._id, theirs.version)
    answer.set(text)
    // Saved: back to the answer box, the panel gone.
    const then = () => answerBox.current?.focus()
    persist(selected, { answer: text, ...(selected.choices.length ? { choiceValue: choice.value || null } : {}) }, { then })
  }
  /** Editing starts from the saved text: the version it is, for the save. */
  const editing = () => {
    if (selected && !dirty) editedFrom.current.set(selected._id, selected.version)
  }
  const toggleApproval = () => {
    if (!selected) return
    if (!selected.answer && !draft.trim()) {
      setAnswerError(ANSWER_REQUIRED)
      answerBox.current?.focus()
      return
    }
    const next = toggled(selected)
    persist(selected, { answer: draft.trim() ? draft : selected.answer, ...next }, { message: next.llmstatus ? 'Answer approved' : 'Approval removed' })
  }
  /** A wrong draft cleared: the question waits for a person's answer, and the drafter's track record counts it. */
  const clearDraft = () => {
    if (!selected) return
    clear.mutate(
      { questionId: selected._id, version: editedFrom.current.get(selected._id) ?? selected.version },
      {
        onSuccess: () => {
          editedFrom.current.delete(selected._id)
          answer.discard()
          choice.discard()
          toast('success', 'Draft cleared')
          answerBox.current?.focus()
        },
        onError: (err) => toast('error', errorMessage(err, 'Failed to clear the draft')),
      },
    )
  }
  const submitComment = () => {
    if (!selected) return setCommentError(SpecText.questionIdMissing)
    if (!comment.value.trim()) return setCommentError(SpecText.commentRequired)
    addComment.mutate(
      { questionId: selected._id, comment: comment.value.trim() },
      {
        onSuccess: () => {
          comment.set('')
          setSub('comments')
        },
        onError: (err) => toast('error', errorMessage(err, 'Failed to add comment')),
      },
    )
    return undefined
  }

  const approvePicked = () => {
    const chosen = (questions.data ?? []).filter((q) => picked.has(q._id))
    bulk.approve.mutate(chosen, {
      onSuccess: (data) => {
        setPicked(new Set())
        setSelecting(false)
        setBulkDone({ previous: data.previous, count: data.changed })
      },
      onError: (err) => toast('error', errorMessage(err, 'Failed to approve the answers')),
    })
  }
  const undoBulk = () => {
    if (!bulkDone) return
    bulk.undo.mutate(bulkDone.previous, {
      onSuccess: (data) => {
        setBulkDone(null)
        toast('success', `Approval undone for ${data.changed} answer${data.changed === 1 ? '' : 's'}`)
      },
      onError: (err) => toast('error', errorMessage(err, 'Failed to undo the approval')),
    })
  }
  /** The filters are one tab stop: ← / → / Home / End move between them. */
  const onTabKey = (e: React.KeyboardEvent<HTMLDivElement>) => {
    const at = TABS.findIndex(([t]) => t === tab)
    const to = e.key === 'ArrowRight' ? at + 1 : e.key === 'ArrowLeft' ? at - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? TABS.length - 1 : null
    if (to === null) return
    e.preventDefault()
    const next = TABS[(to + TABS.length) % TABS.length]![0]
    request({ tab: next })
    setTimeout(() => document.getElementById(`tab-${next}`)?.focus())
  }

  // The page's shortcuts, read through a ref so the listener is added once.
  const onShortcut = useRef<(e: KeyboardEvent) => void>(() => {})
  onShortcut.current = (e: KeyboardEvent) => {
    if (e.defaultPrevented || pending || exporting || document.querySelector('[aria-modal="true"]')) return
    const what = shortcutOf(e, isTextField(e.target))
    // Alt+↑ / Alt+↓ open a focused dropdown (the Choice): left to it.
    if (!what || (e.target instanceof HTMLSelectElement && (what === 'next' || what === 'previous'))) return
    e.preventDefault()
    if (what === 'help') return setHelpOpen((o) => !o)
    if (what === 'next') return step(1)
    if (what === 'previous') return step(-1)
    // In the comment box, Ctrl/Cmd+Enter adds the comment.
    if (what === 'approve' && e.target instanceof HTMLTextAreaElement && e.target.name === 'comment') return void submitComment()
    if (save.isPending) return undefined
    if (what === 'save') return void saveAnswer()
    return toggleApproval()
  }
  useEffect(() => {
    const listener = (e: KeyboardEvent) => onShortcut.current(e)
    document.addEventListener('keydown', listener)
    return () => document.removeEventListener('keydown', listener)
  }, [])

  if (questions.isPending) return <Spinner label="Loading questions" />
  if (questions.isError) return <p className="form-error">The questions could not be loaded. Please refresh the page.</p>
  const c = counts.data
  const mod = isMac() ? '⌘' : 'Ctrl'
  const percent = c?.total ? Math.round((c.countOfApproved / c.total) * 100) : 0
  const clientName = details.data?.clientName || (details.isPending ? 'Loading…' : 'NA')

  return (
    <section className="review">
      <div className="card review-head">
        <div className="review-title">
          <h1>{clientName}</h1>
          {details.data?.fileName && <p className="muted review-file">{details.data.fileName}</p>}
          <p className="muted">
            {c ? `${c.countOfApproved}/${c.total} questions approved` : ''} ({percent}%)
          </p>
          <div className="progress" role="progressbar" aria-label="Questions approved" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
            <span style={{ width: `${percent}%` }} />
          </div>
          {c?.review && <p className="muted small review-figures">{reviewFigures(c.review).join(' · ')}</p>}
          <DraftersLine counts={c?.review} />
          <QuestionnaireTrackRecord questionnaireId={questionnareId} />
        </div>
        <div className="actions">
          <ShortcutsHelp open={helpOpen} onOpenChange={setHelpOpen} />
          {layout.data && (
            <button className="secondary" onClick={() => setColumnsOpen(true)}>
              Columns
            </button>
          )}
          <button className="primary" onClick={() => setExporting(true)}>
            Export
          </button>
        </div>
      </div>
      {layout.data?.needsCheck && !layout.data.confirmed && (
        <section className="banner warn" aria-labelledby="check-columns-title">
          <div>
            <h2 id="check-columns-title">Check the columns</h2>
            <p>The product is unsure which columns of the file hold the questions. Drafting waits until the columns are confirmed.</p>
          </div>
          <button className="primary" onClick={() => setColumnsOpen(true)}>
            Check the columns
          </button>
        </section>
      )}
      <div className="tabs" role="tablist" aria-label="Filter the questions" onKeyDown={onTabKey}>
        {TABS.map(([t, name]) => (
          <button
            key={t}
            id={`tab-${t}`}
            role="tab"
            tabIndex={tab === t ? 0 : -1}
            aria-selected={tab === t}
            className={tab === t ? 'active' : ''}
            onClick={() => tab !== t && request({ tab: t })}
          >
            {name}
            {c?.review && <span className="tab-count"> {tabCount(c.review, t)}</span>}
          </button>
        ))}
      </div>
      <BulkBar
        selecting={selecting}
        onSelecting={(on) => {
          setSelecting(on)
          if (!on) setPicked(new Set())
        }}
        listed={listed}
        picked={picked}
        onPick={setPicked}
        busy={bulk.approve.isPending || bulk.undo.isPending}
        onApprove={approvePicked}
        done={bulkDone}
        onUndo={undoBulk}
      />
      <div className="review-grid">
        {selecting ? (
          <BulkList questions={listed} numberOf={(q) => numbers.get(q._id) ?? 0} picked={picked} onPick={setPicked} />
        ) : (
          <QuestionList
            questions={listed}
            numberOf={(q) => numbers.get(q._id) ?? 0}
            selectedId={selected?._id}
            hasDraft={(q) => hasDraft(`answer:${q._id}`)}
            emptyText={EMPTY_TEXT[tab]}
            onMove={request}
          />
        )}
        {selected && (
          <div className="card answer-panel">
            <p className="muted">{selected.questionId}</p>
            <h2 className="question-text">
              {label}: {selected.question}
            </h2>
            {selected.answerSource && (
              <p className="muted small drafted-by">
                {draftedByLine(selected.answerSource, selected.draftedBy)}
                {selected.draftedAt ? `, ${formatDateTime(selected.draftedAt)}` : ''}
                {selected.personAnswer ? ' · edited since by a reviewer' : ''}
              </p>
            )}
            <label htmlFor="answer">Answer</label>
            <DraftNotice draft={answer} what="answer" />
            <textarea
              id="answer"
              name="answer"
              rows={6}
              ref={answerBox}
              value={draft}
              aria-invalid={answerError ? true : undefined}
              aria-describedby={answerError ? 'answer-error answer-keys' : 'answer-keys'}
              onChange={(e) => {
                editing()
                answer.set(e.target.value)
                setAnswerError('')
              }}
            />
            {answerError && (
              <p className="field-error" id="answer-error" role="alert">
                {answerError}
              </p>
            )}
            <p className="muted small key-hint" id="answer-keys">
              {`${mod}+Enter saves this answer and marks it approved (again: removes the approval) · ${mod}+S saves it`}
            </p>
            {conflict?.questionId === selected._id && <MergePanel conflict={conflict} busy={save.isPending} onResolve={resolve} />}
            {selected.choices.length > 0 && (
              // The workbook's own options (a dropdown, or Yes / No / N.A. columns marked with an x).
              <label className="field choice">
                Choice
                <select
                  name="choice"
                  value={choice.value}
                  onChange={(e) => {
                    editing()
                    choice.set(e.target.value)
                  }}
                >
                  <option value="">Not set</option>
                  {selected.choices.map((o) => (
                    <option key={o} value={o}>
                      {o}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <div className="actions">
              <button
                className="primary"
                disabled={save.isPending}
                aria-busy={save.isPending || undefined}
                aria-keyshortcuts="Control+S Meta+S"
                onClick={() => saveAnswer()}
              >
                {save.isPending ? 'Saving…' : 'Save'}
              </button>
              {dirty && <span className="muted small unsaved-note">Unsaved changes</span>}
            </div>
            <label htmlFor="comment">Add Comment</label>
            <DraftNotice draft={comment} what="comment" />
            <textarea
              id="comment"
              name="comment"
              rows={2}
              aria-describedby="comment-keys"
              value={comment.value}
              onChange={(e) => {
                comment.set(e.target.value)
                setCommentError('')
              }}
            />
            <p className="muted small key-hint" id="comment-keys">{`${mod}+Enter adds the comment`}</p>
            {commentError && <p className="field-error">{commentError}</p>}
            <div className="actions">
              <button disabled={addComment.isPending} aria-busy={addComment.isPending || undefined} onClick={submitComment}>
                {addComment.isPending ? 'Saving…' : 'Save'}
              </button>
            </div>
          </div>
        )}
        {selected && (
          <aside className="card approval">
            <label className="toggle">
              <input
                type="checkbox"
                name="approved"
                aria-keyshortcuts="Control+Enter Meta+Enter"
                checked={flagOf(selected) === 'approved'}
                onChange={toggleApproval}
                disabled={!selected.answer && !draft.trim()}
              />
              {toggleLabel(selected)}
            </label>
            {selected.answerSource && !selected.llmstatus && (selected.answer || selected.choiceValue) && (
              <button type="button" className="secondary small" onClick={clearDraft} disabled={clear.isPending}>
                Clear draft
              </button>
            )}
            {detail ? (
              // The list's row is the fresher (a save patches it at once); the source is the opened question's.
              <AnswerOrigin
                question={{ ...detail, ...selected }}
                onOpenDocument={(id, page) =>
                  void openDocument(id, page, detail.documentName || 'document.pdf').catch((err) =>
                    toast('error', errorMessage(err, 'Failed to download file')),
                  )
                }
              />
            ) : opened.isError ? (
              <p className="form-error">The source of this answer could not be loaded.</p>
            ) : (
              <Spinner label="Loading the source" />
            )}
          </aside>
        )}
        {selected && (
          // After the approval: on a phone, "Mark as Approved" comes before the long evidence.
          <section className="card evidence" aria-label="History, comments and context">
            <div className="tabs small" role="tablist">
              {(['history', 'comments', 'context'] as const).map((s) => (
                <button key={s} role="tab" aria-selected={sub === s} className={sub === s ? 'active' : ''} onClick={() => setSub(s)}>
                  {s[0]!.toUpperCase() + s.slice(1)}
                </button>
              ))}
            </div>
            {(sub === 'history' || sub === 'context') && !detail && <Spinner label={`Loading the ${sub}`} />}
            {sub === 'history' &&
              detail &&
              (detail.answerHistory.length ? (
                <ul className="history">
                  {detail.answerHistory.map((h, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: history entries have no id and never reorder
                    <li key={i}>
                      <p>{h.answer}</p>
                      <p className="muted">
                        {formatDateTime(h.createdAt)} · {h.name}
                        {h.drafter ? ' (draft)' : ''}
                      </p>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="muted">No History Found</p>
              ))}
            {sub === 'history' && detail && detail.historyTotal > detail.answerHistory.length && (
              <button type="button" className="secondary small" onClick={() => setAllHistoryOf(detail._id)}>
                {`Show all ${detail.historyTotal} changes`}
              </button>
            )}
            {sub === 'comments' &&
              (comments.isPending ? (
                <Spinner label="Loading comments" />
              ) : comments.data?.length ? (
                <ul className="history comments">
                  {comments.data.map((c) => (
                    <li key={c._id}>
                      <p className="comment">{c.comment}</p>
                      <p className="muted">
                        {formatDateTime(c.createdAt)} · {`${c.user.firstName} ${c.user.lastName}`.trim()}
                      </p>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="muted">No Comments Found</p>
              ))}
            {sub === 'context' &&
              detail &&
              (detail.retrievedNarrative ? <pre className="context">{detail.retrievedNarrative}</pre> : <p className="muted">No Context Found</p>)}
          </section>
        )}
      </div>
      {pending && selected && (
        <UnsavedDialog
          label={label}
          saving={save.isPending}
          onSave={() => {
            // Saved: on to where the reviewer was going; refused (empty) or failed: stay, with the reason shown.
            const to = pending
            setPending(null)
            saveAnswer(() => go(to))
          }}
          onDiscard={() => {
            answer.discard()
            choice.discard()
            setPending(null)
            go(pending)
          }}
          onCancel={() => {
            setPending(null)
            setFocusTo({ where: 'answer', id: selected._id })
          }}
        />
      )}
      {columnsOpen && (
        <Modal title="Columns" wide onClose={() => setColumnsOpen(false)}>
          <LayoutPanel questionnaireId={questionnareId} />
        </Modal>
      )}
      {exporting && <ExportDialog source={questionnaireExport(questionnareId)} onClose={() => setExporting(false)} />}
    </section>
  )
}
