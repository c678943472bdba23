// The company knowledge base (/knowledge-base, issue 25): every document of the company in one
// list, the clients' own marked with their client and the company-wide ones with "All clients",
// each with its state in words and its pages; several PDFs uploaded at once (picked or dropped),
// each with its progress, ending in one summary toast; delete with a confirmation.
import { useId, useState } from 'react'
import { Link } from 'react-router-dom'
import { ConfirmMutation } from '../../../components/ui/confirm-mutation'
import { FileDrop } from '../../../components/ui/file-drop'
import { useNotifications } from '../../../components/ui/notifications'
import { Spinner } from '../../../components/ui/spinner'
import { UploadProgress } from '../../../components/ui/upload-progress'
import { errorMessage } from '../../../lib/api-client'
import { uploadSummary, useUploadQueue } from '../../../lib/upload-queue'
import { type KnowledgeBaseEntry, useDeleteDocument, useKnowledgeBase, useUploadCompanyDocument } from '../api'
import '../knowledge-base.css'

/** A document's state in words: failed ones say why. */
export function documentState(d: Pick<KnowledgeBaseEntry, 'state' | 'error'>): string {
  if (d.state === 'failed') return `Failed: ${d.error || 'the document could not be read'}`
  if (d.state === 'ready') return 'Ready'
  if (d.state === 'running') return 'Reading…'
  return 'Queued'
}

/** Which clients' questionnaires a document answers. */
export const usedBy = (d: Pick<KnowledgeBaseEntry, 'clientId' | 'clientName'>): string => (d.clientId === null ? 'All clients' : (d.clientName ?? 'One client'))

const pages = (n: number) => `${n} ${n === 1 ? 'page' : 'pages'}`

function DocumentItem({ doc, onDelete }: { doc: KnowledgeBaseEntry; onDelete: () => void }) {
  const id = useId()
  return (
    <li className={`kb-document ${doc.state}`} aria-labelledby={id}>
      <h3 id={id} className="kb-name">
        {doc.fileName}
      </h3>
      <dl className="kb-facts">
        <div>
          <dt>Used by</dt>
          <dd>{usedBy(doc)}</dd>
        </div>
        <div>
          <dt>State</dt>
          <dd className={`kb-state ${doc.state}`}>{documentState(doc)}</dd>
        </div>
        <div>
          <dt>Pages</dt>
          <dd>{doc.state === 'ready' ? pages(doc.pages) : '—'}</dd>
        </div>
      </dl>
      <button type="button" className="secondary small" aria-label={`Delete ${doc.fileName}`} onClick={onDelete}>
        Delete
      </button>
    </li>
  )
}

function UploadCard() {
  const id = useId()
  const { toast } = useNotifications()
  const upload = useUploadCompanyDocument()
  const queue = useUploadQueue(upload)
  const send = async (files: File[]) => {
    const done = await queue.start(files)
    toast(done.some((d) => d.state === 'failed') ? 'error' : 'success', uploadSummary(done))
  }
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Upload company documents</h2>
      <p className="muted">Policies and reports uploaded here answer every client's questionnaires.</p>
      <FileDrop
        label="Drop PDF files here, or choose them"
        hint="PDF files with selectable text, up to 50 MB each; several at once"
        name="knowledge-base-files"
        accept=".pdf,application/pdf"
        disabled={queue.running}
        onFiles={(files) => void send(files)}
      />
      <UploadProgress items={queue.items} label="Upload progress" />
    </section>
  )
}

export function KnowledgeBasePage() {
  const id = useId()
  const docs = useKnowledgeBase()
  const remove = useDeleteDocument()
  const [toDelete, setToDelete] = useState<KnowledgeBaseEntry | null>(null)
  const list = docs.data ?? []
  return (
    <div className="knowledge-base">
      <h1>Knowledge base</h1>
      <p>
        Every document your company's answers are drafted from. Company-wide documents answer every client's questionnaires; a client's own documents answer
        that client's only. <Link to="/settings/drafter">Drafter settings</Link>
      </p>
      <UploadCard />
      <section className="card" aria-labelledby={`${id}-docs`}>
        <h2 id={`${id}-docs`}>{docs.data ? `Documents (${list.length})` : 'Documents'}</h2>
        {docs.isPending && <Spinner label="Loading the documents" />}
        {docs.isError && (
          <p className="form-error" role="alert">
            {errorMessage(docs.error, 'The documents could not be loaded')}
          </p>
        )}
        {docs.data && !list.length && (
          <>
            <p className="empty-title">No documents yet</p>
            <p className="empty-hint muted">Upload your policies above: every client's questionnaires are drafted from them.</p>
          </>
        )}
        {list.length > 0 && (
          <ul className="kb-documents">
            {list.map((d) => (
              <DocumentItem key={d._id} doc={d} onDelete={() => setToDelete(d)} />
            ))}
          </ul>
        )}
      </section>
      {toDelete && (
        <ConfirmMutation
          title="Delete document"
          message={`Are you sure you want to delete ${toDelete.fileName}? Questionnaires will no longer be drafted from it, and answers citing it go back to review.`}
          mutation={remove}
          variables={toDelete._id}
          onClose={() => setToDelete(null)}
        />
      )}
    </div>
  )
}
