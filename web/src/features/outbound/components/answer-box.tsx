// The answer of one question, saved by itself: 1.5 s after typing stops, when another question is
// picked (this box unmounts), and when the page is hidden or closed (a keepalive request, which
// outlives the tab). Save Answer saves at once. One save at a time; what was typed meanwhile follows.
// Each save names the version the text was edited from: when a collaborator saved first (409), the
// merge panel shows both texts and nothing is saved until the user chooses (issue 22).
import { useQueryClient } from '@tanstack/react-query'
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react'
import { type Conflict, conflictOf, MergePanel } from '../../../components/ui/merge-panel'
import { useNotifications } from '../../../components/ui/notifications'
import { ApiError, errorMessage } from '../../../lib/api-client'
import { storage } from '../../../lib/storage'
import { detailKey, type OutboundQuestion, saveAnswer, showSaved } from '../api/review'
import { TEXT } from '../api/text'

export const AUTOSAVE_MS = 1500

export type ReviewMode = 'outbound' | 'inbound'

/** Saves what is typed now (resolves when saved; rejects when the save failed). */
export type Flush = () => Promise<void>

interface AnswerBoxProps {
  outboundId: string
  question: OutboundQuestion
  readOnly: boolean
  mode: ReviewMode
  /** Set while mounted: the page saves what is typed before it submits. */
  flushRef: RefObject<Flush | null>
}

type SaveState = 'idle' | 'saving' | 'saved' | 'error'

/** Conflicts found by a save sent as the box went away (another question picked): shown when it is opened again. */
const parked = new Map<string, Conflict>()

export function AnswerBox({ outboundId, question, readOnly, mode, flushRef }: AnswerBoxProps) {
  const qc = useQueryClient()
  const { toast } = useNotifications()
  const parkKey = `${outboundId}:${question._id}`
  const [conflict, setConflict] = useState<Conflict | undefined>(() => parked.get(parkKey))
  const [text, setText] = useState(() => conflict?.mine ?? question.answer)
  const [base, setBase] = useState({ answer: question.answer, version: question.version })
  const [state, setState] = useState<SaveState>('idle')
  const [saveError, setSaveError] = useState('')
  const [fieldError, setFieldError] = useState('')
  // What is being (or was last) sent: when the server's answer comes back different (trimmed, say),
  // the box takes the server's, so the two never keep differing and saving again. `version`: the
  // one the text was edited from; `conflict`: nothing is saved until the user resolves it.
  const latest = useRef({
    text,
    saved: question.answer,
    sending: null as string | null,
    version: conflict?.theirs.version ?? question.version,
    conflict: Boolean(conflict),
  })
  useEffect(() => {
    parked.delete(parkKey)
  }, [parkKey])
  // The server's answer changed (this box's save, or someone else's): shown, with its version, unless other text is typed.
  if (question.answer !== base.answer || question.version !== base.version) {
    setBase({ answer: question.answer, version: question.version })
    if (!conflict && (text === base.answer || text === latest.current.sending || text === question.answer)) {
      setText(question.answer)
      latest.current.version = question.version
    }
  }
  latest.current.text = text
  latest.current.saved = question.answer
  const inFlight = useRef<Promise<unknown> | null>(null)
  const mounted = useRef(false)
  const questionId = question._id

  const flush = useCallback(
    async (keepalive = false): Promise<void> => {
      // One save at a time: wait for the one under way, then save what is typed now if it differs.
      while (inFlight.current) await inFlight.current.catch(() => undefined)
      const { text: value, saved } = latest.current
      // No session any more (the link was revoked, the user signed out): nothing can be saved, and a
      // call without a token must not start a staff sign-in.
      if (readOnly || latest.current.conflict || value === saved || !value.trim() || !storage.get('token')) return
      latest.current.sending = value
      const run = saveAnswer(qc, { outboundId, questionId }, value, latest.current.version, keepalive)
      inFlight.current = run
      if (mounted.current) setState('saving')
      try {
        const done = await run
        latest.current.saved = value
        latest.current.version = done?.version ?? latest.current.version
        if (mounted.current) {
          setState('saved')
          setSaveError('')
        }
      } catch (err) {
        const refused = conflictOf(err, value)
        if (refused) {
          latest.current.conflict = true
          if (mounted.current) setConflict(refused)
          else parked.set(`${outboundId}:${questionId}`, refused)
        }
        if (mounted.current) {
          setState('error')
          setSaveError(errorMessage(err, 'Failed to update answer'))
        } else if (refused) toast('error', `${refused.message} Open the question again to compare the two texts.`)
        // Submitted elsewhere (409): the page becomes read-only.
        if (err instanceof ApiError && err.status === 409) void qc.invalidateQueries({ queryKey: detailKey(outboundId) })
        throw err
      } finally {
        if (inFlight.current === run) inFlight.current = null
      }
    },
    [qc, outboundId, questionId, readOnly, toast],
  )

  // Typing stopped for a moment: save (not while a conflict waits for the user's choice).
  useEffect(() => {
    if (readOnly || conflict || text === question.answer || !text.trim()) return
    const timer = setTimeout(() => void flush().catch(() => undefined), AUTOSAVE_MS)
    return () => clearTimeout(timer)
  }, [text, question.answer, readOnly, conflict, flush])

  // Another question picked (unmount), the tab hidden or closed: save now.
  const flushNow = useRef(flush)
  flushNow.current = flush
  useEffect(() => {
    mounted.current = true
    const onHide = () => {
      if (document.visibilityState === 'hidden') void flushNow.current(true).catch(() => undefined)
    }
    const onPageHide = () => void flushNow.current(true).catch(() => undefined)
    document.addEventListener('visibilitychange', onHide)
    window.addEventListener('pagehide', onPageHide)
    return () => {
      mounted.current = false
      document.removeEventListener('visibilitychange', onHide)
      window.removeEventListener('pagehide', onPageHide)
      void flushNow.current(true).catch(() => undefined)
    }
  }, [])
  useEffect(() => {
    flushRef.current = () => flushNow.current()
    return () => {
      flushRef.current = null
    }
  }, [flushRef])

  const saveNow = () => {
    if (!outboundId || !questionId) return toast('error', mode === 'inbound' ? TEXT.inboundIdsMissing : TEXT.idsMissing)
    if (!text.trim()) return setFieldError(TEXT.answerRequired)
    flush().then(
      () => toast('success', 'Answer saved'),
      // A conflict is told by the merge panel.
      (err: unknown) => conflictOf(err, '') || toast('error', errorMessage(err, 'Failed to update answer')),
    )
    return undefined
  }

  /** Their text kept as saved; or this user's (or a merged) text saved against their version. */
  const resolve = (chosen: string, save: boolean) => {
    if (!conflict) return
    const { theirs } = conflict
    latest.current = { ...latest.current, text: chosen, version: theirs.version, conflict: false }
    setConflict(undefined)
    setState('idle')
    setSaveError('')
    setText(chosen)
    if (!save) {
      latest.current.saved = theirs.answer
      showSaved(qc, outboundId, theirs)
      return
    }
    flush().then(
      () => toast('success', 'Answer saved'),
      (err: unknown) => conflictOf(err, '') || toast('error', errorMessage(err, 'Failed to update answer')),
    )
  }

  const dirty = text !== question.answer
  const status = readOnly
    ? ''
    : conflict
      ? 'Not saved'
      : state === 'saving'
        ? 'Saving…'
        : state === 'error'
          ? saveError
          : dirty
            ? 'Unsaved changes'
            : state === 'saved'
              ? 'Saved'
              : ''

  return (
    <div className="answer-box">
      <div className="answer-label">
        <label htmlFor="answer">Answer</label>
        <span className={`save-state ${state === 'error' ? 'failed' : ''}`} role="status" aria-live="polite">
          {status}
        </span>
      </div>
      <textarea
        id="answer"
        name="answer"
        rows={6}
        maxLength={20_000}
        value={text}
        readOnly={readOnly}
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={fieldError ? 'answer-error' : undefined}
        onChange={(e) => {
          setText(e.target.value)
          setFieldError('')
        }}
      />
      {fieldError && (
        <p className="field-error" id="answer-error">
          {fieldError}
        </p>
      )}
      {conflict && !readOnly && <MergePanel conflict={conflict} busy={state === 'saving'} onResolve={resolve} />}
      {!readOnly && (
        <div className="actions">
          <button className="primary" disabled={state === 'saving'} aria-busy={state === 'saving' || undefined} onClick={saveNow}>
            {state === 'saving' ? 'Saving…' : 'Save Answer'}
          </button>
        </div>
      )}
    </div>
  )
}
