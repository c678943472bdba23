// A template's questions as extraction found them, for staff to correct: edit, add, remove, Save.
// Long templates are shown a page at a time; the whole list is saved at once, in order (a question
// with an _id keeps it, one without is new, one left out is removed).
import { useState } from 'react'
import { Modal } from '../../../components/ui/modal'
import { useNotifications } from '../../../components/ui/notifications'
import { Pagination } from '../../../components/ui/pagination'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import { LayoutPanel } from '../../review/components/layout-form'
import { templateLayout } from '../api/layout'
import { extracting, type TemplateQuestion, type TemplateSummary, useSaveTemplateQuestions, useTemplateQuestions } from '../api/templates'
import { templateStateText } from './format'

const PER_PAGE = 50
/** Files read as a grid of cells, whose columns a person can check (not a PDF). */
const isSheet = (t: TemplateSummary) => t.mimeType !== 'application/pdf'

interface Row {
  key: string
  _id?: string
  questionId: string
  question: string
}

let nextKey = 0
const toRows = (questions: TemplateQuestion[]): Row[] => questions.map((q) => ({ key: q._id, _id: q._id, questionId: q.questionId, question: q.question }))

export function TemplateQuestionsModal({ template, onClose }: { template: TemplateSummary; onClose: () => void }) {
  const busy = extracting(template)
  const questions = useTemplateQuestions(template._id, busy)
  const save = useSaveTemplateQuestions(template._id)
  const { toast } = useNotifications()
  const [rows, setRows] = useState<Row[] | null>(null)
  const [takenFrom, setTakenFrom] = useState<TemplateQuestion[] | null>(null)
  const [page, setPage] = useState(1)
  const [invalid, setInvalid] = useState<Set<string>>(new Set())
  const [dirty, setDirty] = useState(false)
  // The columns show at once when the server asks for a check; for a spreadsheet read, on request.
  const [columnsOpen, setColumnsOpen] = useState(false)
  const checking = template.state === 'check'
  const showColumns = checking || columnsOpen
  // The list to edit follows the server's until the user changes something.
  if (!dirty && questions.data && questions.data !== takenFrom) {
    setTakenFrom(questions.data)
    setRows(toRows(questions.data))
  }

  const list = rows ?? []
  const totalPages = Math.max(1, Math.ceil(list.length / PER_PAGE))
  const shown = list.slice((page - 1) * PER_PAGE, page * PER_PAGE)

  const update = (key: string, patch: Partial<Row>) => {
    setRows((r) => (r ?? []).map((x) => (x.key === key ? { ...x, ...patch } : x)))
    setDirty(true)
    if (patch.question?.trim()) setInvalid((s) => (s.has(key) ? new Set([...s].filter((k) => k !== key)) : s))
  }
  const remove = (key: string) => {
    setRows((r) => (r ?? []).filter((x) => x.key !== key))
    setDirty(true)
  }
  const add = () => {
    const next = [...list, { key: `new-${++nextKey}`, questionId: '', question: '' }]
    setRows(next)
    setDirty(true)
    setPage(Math.ceil(next.length / PER_PAGE))
  }
  const submit = () => {
    const empty = list.filter((r) => !r.question.trim()).map((r) => r.key)
    if (empty.length) {
      setInvalid(new Set(empty))
      const first = list.findIndex((r) => r.key === empty[0])
      setPage(Math.floor(first / PER_PAGE) + 1)
      return
    }
    save.mutate(
      {
        questions: list.map((r) => ({
          ...(r._id ? { _id: r._id } : {}),
          ...(r.questionId.trim() ? { questionId: r.questionId.trim() } : {}),
          question: r.question.trim(),
        })),
      },
      {
        onSuccess: () => {
          // The saved list comes back through the query (api/templates).
          setDirty(false)
          toast('success', 'Questions saved')
        },
        onError: (err) => toast('error', errorMessage(err, 'The questions could not be saved')),
      },
    )
  }

  return (
    <Modal title={`Questions of ${template.fileName}`} onClose={onClose}>
      <div className="modal-wide template-questions">
        {busy && <p role="status">{templateStateText(template)}</p>}
        {template.state === 'failed' && <p className="form-error">{templateStateText(template)}</p>}
        {checking && (
          <p className="layout-confidence unsure" role="status">
            Check the columns: the product is unsure which columns hold the questions. This template can be sent once they are saved.
          </p>
        )}
        {template.state === 'ready' && isSheet(template) && (
          <button type="button" className="link-button" aria-expanded={columnsOpen} onClick={() => setColumnsOpen((o) => !o)}>
            {columnsOpen ? 'Hide the columns' : 'Check the columns'}
          </button>
        )}
        {showColumns && (
          <section className="layout-section" aria-label="Columns">
            <h3>Columns</h3>
            <LayoutPanel target={templateLayout(template._id)} />
          </section>
        )}
        {questions.isPending && <Spinner label="Loading questions" />}
        {questions.isError && <p className="form-error">{errorMessage(questions.error, 'The questions could not be loaded')}</p>}
        {rows !== null && (
          <>
            <p className="muted small">{list.length === 1 ? '1 question' : `${list.length} questions`}</p>
            {list.length === 0 && <p className="muted">No questions found</p>}
            <ol className="template-question-list">
              {shown.map((r) => {
                const n = list.indexOf(r) + 1
                const error = invalid.has(r.key)
                return (
                  <li key={r.key}>
                    <div className="template-question-ref">
                      <label htmlFor={`tq-ref-${r.key}`}>ID {n}</label>
                      <input
                        className="tq-input"
                        id={`tq-ref-${r.key}`}
                        name={`questionId-${n}`}
                        maxLength={64}
                        value={r.questionId}
                        onChange={(e) => update(r.key, { questionId: e.target.value })}
                      />
                    </div>
                    <div className="template-question-text">
                      <label htmlFor={`tq-text-${r.key}`}>Question {n}</label>
                      <textarea
                        className="tq-input"
                        id={`tq-text-${r.key}`}
                        name={`question-${n}`}
                        rows={2}
                        maxLength={5000}
                        value={r.question}
                        aria-invalid={error || undefined}
                        aria-describedby={error ? `tq-error-${r.key}` : undefined}
                        onChange={(e) => update(r.key, { question: e.target.value })}
                      />
                      {error && (
                        <p className="field-error" id={`tq-error-${r.key}`}>
                          This field is required
                        </p>
                      )}
                    </div>
                    <button type="button" className="link-button" aria-label={`Remove question ${n}`} onClick={() => remove(r.key)}>
                      Remove
                    </button>
                  </li>
                )
              })}
            </ol>
            <Pagination currentPage={Math.min(page, totalPages)} totalPages={totalPages} onChange={setPage} />
          </>
        )}
        <div className="actions">
          <button type="button" className="secondary" disabled={rows === null || busy} onClick={add}>
            Add Question
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            {dirty ? 'Cancel' : 'Close'}
          </button>
          <button
            type="button"
            className="primary"
            disabled={rows === null || busy || save.isPending || !dirty}
            aria-busy={save.isPending || undefined}
            onClick={submit}
          >
            {save.isPending ? 'Saving…' : 'Save'}
          </button>
        </div>
      </div>
    </Modal>
  )
}
