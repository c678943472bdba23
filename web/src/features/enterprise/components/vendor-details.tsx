// Vendor Details (spec §2): Compliance (knowledge base) and Questionnaire (AI Complete) areas, file
// cards, upload with a placeholder and the spec's result modals (compliance documents: several at
// once, each with its progress, and one summary toast), and the 40% drawer.
import { useId, useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { ConfirmMutation } from '../../../components/ui/confirm-mutation'
import { Modal } from '../../../components/ui/modal'
import { useNotifications } from '../../../components/ui/notifications'
import { Spinner } from '../../../components/ui/spinner'
import { UploadProgress } from '../../../components/ui/upload-progress'
import { downloadFile, errorMessage } from '../../../lib/api-client'
import { uploadSummary, useUploadQueue } from '../../../lib/upload-queue'
import { useModalDialog } from '../../../lib/dialog'
import { LayoutPanel } from '../../review/components/layout-form'
import { DraftersLine, reviewFigures } from '../../review/components/review-figures'
import { type FileEntry, type FileKind, useCompanies, useDeleteFile, useDocumentsPending, useFiles, useProgress, useUpload } from '../api'

/**
 * A file's state in words. "Answered" counts questions a person approved or wrote (issue 14): a
 * draft waiting for review is not answered, nor is a question the drafter found no evidence for.
 * `waiting`: the client's documents are still being read, and drafting starts when the last one is.
 * `check`: the questions were read, but which columns hold them is uncertain: drafting waits for a person.
 */
export function stateText(f: FileEntry, kind: FileKind, waiting = false): string {
  if (f.state === 'failed') return f.error ?? 'Processing failed'
  if (f.state === 'check') return 'Check the columns'
  if (f.state === 'queued' || f.state === 'running') return kind === 'compliance' ? 'Reading the document…' : 'Finding the questions…'
  if (kind === 'compliance') return 'Ready'
  if (f.drafted < f.total) return waiting ? 'Waiting for the documents to be read…' : `Drafting answers: ${f.drafted} of ${f.total}`
  return `${f.answered ?? 0} of ${f.total} questions answered`
}

/** Apart: approved, written by a person (not approved yet), drafts to review, and questions left without an answer. */
export function answerBreakdown(f: Pick<FileEntry, 'total' | 'answered' | 'approved' | 'filled'>): string {
  const filled = f.filled ?? 0
  const answered = Math.min(f.answered ?? 0, Math.max(filled, f.approved ?? 0))
  const approved = Math.min(f.approved ?? 0, answered)
  const written = answered - approved
  return [
    `${approved} approved`,
    ...(written ? [`${written} written, not approved`] : []),
    `${Math.max(filled - answered, 0)} drafts to review`,
    `${Math.max(f.total - filled, 0)} without an answer`,
  ].join(' · ')
}

/** The entry of a file just uploaded, until the list has it (the drawer reads the list's live one). */
const uploadedEntry = (companyId: string, saved: { _id: string; fileName: string }): FileEntry => ({
  _id: saved._id,
  company_id: companyId,
  createdAt: new Date().toISOString(),
  files: [{ fileName: saved.fileName, _id: saved._id }],
  state: 'queued',
  error: null,
  total: 0,
  drafted: 0,
})

function FileArea({ kind, companyId, onOpen }: { kind: FileKind; companyId: string; onOpen: (f: FileEntry) => void }) {
  const files = useFiles(kind, companyId)
  const waiting = useDocumentsPending(companyId)
  const upload = useUpload(kind, companyId)
  const remove = useDeleteFile(kind, companyId)
  const input = useRef<HTMLInputElement>(null)
  const [result, setResult] = useState<'ok' | 'failed' | null>(null)
  // Spec §4: after a questionnaire upload succeeds and its modal closes, its drawer opens.
  const [uploaded, setUploaded] = useState<FileEntry | null>(null)
  const [failure, setFailure] = useState('')
  const [toDelete, setToDelete] = useState<FileEntry | null>(null)
  const { toast } = useNotifications()
  const title = kind === 'compliance' ? 'Compliance' : 'Questionnaire'
  const closeUploaded = () => {
    setResult(null)
    if (kind === 'questionnaire' && uploaded) onOpen(uploaded)
    setUploaded(null)
  }
  // Compliance documents go several at once, each with its own progress, ending in one summary toast
  // (issue 25: no dialog to close per file); a questionnaire keeps the spec's modals.
  const queue = useUploadQueue(upload.mutateAsync)
  const pickDocuments = async (list: FileList | null) => {
    const chosen = [...(list ?? [])]
    if (input.current) input.current.value = ''
    if (!chosen.length) return
    const done = await queue.start(chosen)
    toast(done.some((d) => d.state === 'failed') ? 'error' : 'success', uploadSummary(done))
  }
  const pick = async (file: File | undefined) => {
    if (!file) return
    try {
      const saved = await upload.mutateAsync(file)
      setUploaded(saved[0] ? uploadedEntry(companyId, saved[0]) : null)
      setResult('ok')
    } catch (err) {
      setFailure(err instanceof Error ? err.message : '')
      setResult('failed')
    }
    if (input.current) input.current.value = ''
  }
  return (
    <section className="card file-area">
      <div className="card-header">
        <h2>{title}</h2>
        <button className="primary" onClick={() => input.current?.click()} disabled={upload.isPending || queue.running}>
          {kind === 'compliance' ? 'Upload to Knowledgebase' : 'Upload for AI Complete'}
        </button>
        <input
          ref={input}
          type="file"
          hidden
          name={`${kind}-file`}
          multiple={kind === 'compliance'}
          accept={kind === 'compliance' ? '.pdf,application/pdf' : '.xlsx,.xlsm,.xls,.csv,.docx,.pdf'}
          onChange={(e) => (kind === 'compliance' ? pickDocuments(e.target.files) : pick(e.target.files?.[0]))}
        />
      </div>
      {kind === 'compliance' && <UploadProgress items={queue.items} label="Upload progress" />}
      <div className="file-cards">
        {upload.isPending && kind === 'questionnaire' && (
          <div className="file-card placeholder">
            <Spinner label="Uploading" /> <span>{upload.variables?.name}</span>
          </div>
        )}
        {files.data?.map((f) => (
          <div className="file-card" key={f._id}>
            <button className="file-open" onClick={() => onOpen(f)}>
              <span className="file-icon" aria-hidden="true">
                {f.files[0]?.fileName.toLowerCase().endsWith('.pdf') ? 'PDF' : 'XLS'}
              </span>
              <span className="file-name">{f.files[0]?.fileName}</span>
              <span className={`file-state ${f.state}`}>{stateText(f, kind, waiting)}</span>
            </button>
            <button className="link-button" aria-label={`Delete ${f.files[0]?.fileName}`} onClick={() => setToDelete(f)}>
              {/* Drawn, not an emoji: machines without an emoji font showed an empty box. */}
              <svg
                viewBox="0 0 24 24"
                width="18"
                height="18"
                aria-hidden="true"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />
              </svg>
            </button>
          </div>
        ))}
        {!files.isPending && !files.data?.length && !upload.isPending && !queue.running && <p className="muted">No Data found</p>}
      </div>
      {result === 'ok' && (
        <Modal title="Questionnaire File Uploaded!" onClose={closeUploaded}>
          <p>file uploaded successfully</p>
          <div className="actions">
            <button className="primary" onClick={closeUploaded}>
              OK
            </button>
          </div>
        </Modal>
      )}
      {result === 'failed' && (
        <Modal title="Failed!" onClose={() => setResult(null)}>
          <p>file upload failed</p>
          {failure && <p className="form-error">{failure}</p>}
          <div className="actions">
            <button className="primary" onClick={() => setResult(null)}>
              OK
            </button>
          </div>
        </Modal>
      )}
      {toDelete && (
        <ConfirmMutation
          title="Delete File"
          message={`Are you sure you want to delete ${toDelete.files[0]?.fileName}?`}
          mutation={remove}
          variables={toDelete._id}
          onClose={() => setToDelete(null)}
        />
      )}
    </section>
  )
}

/**
 * The questionnaire's columns (the import-mapping step). Open from the start while they need checking,
 * since drafting waits for them; else behind a button, for a reading that went wrong unnoticed.
 */
function ColumnsSection({ questionnaireId, check }: { questionnaireId: string; check: boolean }) {
  const [open, setOpen] = useState(check)
  const id = useId()
  return (
    <section className="layout-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{check ? 'Check the columns' : 'Columns'}</h3>
      {check && <p>The product is unsure which columns of the file hold the questions. Drafting waits until you check them and save.</p>}
      <button type="button" className="secondary" aria-expanded={open} aria-controls={`${id}-body`} onClick={() => setOpen((o) => !o)}>
        {open ? 'Hide the columns' : 'Show the columns'}
      </button>
      <div id={`${id}-body`} hidden={!open}>
        {open && <LayoutPanel questionnaireId={questionnaireId} />}
      </div>
    </section>
  )
}

function Drawer({ file, kind, onClose }: { file: FileEntry; kind: FileKind; onClose: () => void }) {
  const navigate = useNavigate()
  const { toast } = useNotifications()
  const live = useFiles(kind, file.company_id).data?.find((f) => f._id === file._id) ?? file
  // Checking the columns is the user's move: nothing runs meanwhile.
  const check = kind === 'questionnaire' && live.state === 'check'
  // Once shown, the columns stay while the questions are read again after a save (its message with them).
  const [columnsShown, setColumnsShown] = useState(false)
  // Only a sheet has columns to check (a Word or PDF questionnaire has none), unless the server asks.
  const sheet = /\.(xlsx|xls|csv)$/i.test(live.files[0]?.fileName ?? '')
  if (!columnsShown && kind === 'questionnaire' && (check || (sheet && live.state === 'ready'))) setColumnsShown(true)
  const busy = !check && (live.state === 'queued' || live.state === 'running' || (kind === 'questionnaire' && live.drafted < live.total))
  const waiting = useDocumentsPending(live.company_id)
  // While drafting, numbers come live from the server's event stream.
  const stream = useProgress(live._id, live.company_id, kind === 'questionnaire' && busy)
  const drafted = Math.max(stream?.drafted ?? 0, live.drafted)
  const total = Math.max(stream?.total ?? 0, live.total)
  const answered = Math.max(stream?.answered ?? 0, live.answered ?? 0)
  const filled = Math.max(stream?.filled ?? 0, live.filled ?? 0)
  const done = kind === 'questionnaire' && live.state === 'ready' && total > 0 && drafted >= total
  const name = live.files[0]?.fileName ?? 'file'
  // A modal side drawer (lib/dialog): focus inside, Tab kept there, Escape closes, focus back to the file.
  const ref = useRef<HTMLDialogElement>(null)
  useModalDialog(ref, onClose)
  return (
    <dialog className="drawer" aria-modal="true" aria-label={name} ref={ref}>
      <div>
        <div className="modal-header">
          <h2>{name}</h2>
          <button type="button" className="link-button modal-close" aria-label="Close" data-dialog-close onClick={onClose}>
            ×
          </button>
        </div>
        {busy && <Spinner label="Processing" />}
        <p>{stateText({ ...live, drafted, total, answered }, kind, waiting)}</p>
        {done && (
          <p className="muted answer-breakdown">
            {live.review ? reviewFigures(live.review).join(' · ') : answerBreakdown({ total, answered, filled, approved: live.approved ?? 0 })}
          </p>
        )}
        {done && <DraftersLine counts={live.review} />}
        {kind === 'questionnaire' && !check && total > 0 && (
          // Drafting progress while drafting; then how many questions have an answer.
          <div
            className="progress"
            role="progressbar"
            aria-label={done ? 'Answered' : 'Drafted'}
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={done ? answered : drafted}
          >
            <span style={{ width: `${Math.round(((done ? answered : drafted) / total) * 100)}%` }} />
          </div>
        )}
        {columnsShown && <ColumnsSection questionnaireId={live._id} check={check} />}
        <div className="actions">
          {kind === 'questionnaire' && (
            <button
              className="primary"
              disabled={live.state !== 'ready' && live.state !== 'check'}
              onClick={() => navigate(`/enterprise-apps/review/${live._id}`)}
            >
              Review Answers
            </button>
          )}
          <button
            disabled={live.state === 'failed' || (kind === 'questionnaire' && live.state !== 'ready')}
            onClick={() =>
              (kind === 'questionnaire'
                ? downloadFile(`/api/downloadquestions/${live._id}`, 'questions_and_answers.xlsx')
                : downloadFile(`/api/compliancefile/${live._id}/download`, name)
              ).catch((err) => toast('error', errorMessage(err, 'Failed to download file')))
            }
          >
            Download
          </button>
        </div>
      </div>
    </dialog>
  )
}

export function VendorDetails() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const companyId = params.get('id') ?? ''
  const company = useCompanies().data?.find((c) => c._id === companyId)
  const [open, setOpen] = useState<{ file: FileEntry; kind: FileKind } | null>(null)
  if (!companyId)
    return (
      <>
        <h1>Vendor Details</h1>
        <p className="muted">No Data found</p>
      </>
    )
  return (
    <div className="vendor-details">
      {/* The screen's title is the vendor; the spec makes it the back button too. */}
      <h1 className="vendor-title">
        <button type="button" className="link-button back" onClick={() => navigate('/enterprise')}>
          <span aria-hidden="true">← </span>
          {company?.companyName ?? 'NA'}
        </button>
      </h1>
      <FileArea kind="compliance" companyId={companyId} onOpen={(file) => setOpen({ file, kind: 'compliance' })} />
      <FileArea kind="questionnaire" companyId={companyId} onOpen={(file) => setOpen({ file, kind: 'questionnaire' })} />
      {open && <Drawer file={open.file} kind={open.kind} onClose={() => setOpen(null)} />}
    </div>
  )
}
