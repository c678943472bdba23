import { SpecText } from '@portal/contracts/spec-text'
import { type FormEvent, useRef, useState } from 'react'
import { ConfirmMutation } from '../../../components/ui/confirm-mutation'
import { Field } from '../../../components/ui/field'
import { useNotifications } from '../../../components/ui/notifications'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import { useDraft } from '../../../lib/drafts'
import { humanSize } from '../../../public-trust/trust-center-view'
import { type TrustDocument, useDocumentMutations, useDocuments } from '../api'

const VISIBILITY: [TrustDocument['visibility'], string][] = [
  ['public', 'Public'],
  ['approval', 'Requires approval'],
  ['internal', 'Internal'],
]

export default function DocumentsBlock() {
  const docs = useDocuments()
  const { upload, update, remove } = useDocumentMutations()
  const { toast } = useNotifications()
  const fileRef = useRef<HTMLInputElement>(null)
  const titleDraft = useDraft('documents:title', '')
  const title = titleDraft.value
  const setTitle = titleDraft.set
  const [visibility, setVisibility] = useState<TrustDocument['visibility']>('approval')
  const [error, setError] = useState('')
  const [deleting, setDeleting] = useState<TrustDocument | null>(null)
  if (docs.isPending) return <Spinner label="Loading documents" />
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const file = fileRef.current?.files?.[0]
    if (!file) return setError(SpecText.uploadFile)
    upload.mutate(
      { file, title: title.trim() || file.name, visibility },
      {
        onSuccess: () => {
          toast('success', 'file uploaded successfully')
          setTitle('')
          if (fileRef.current) fileRef.current.value = ''
        },
        onError: (err) => toast('error', errorMessage(err, 'file upload failed')),
      },
    )
    return undefined
  }
  return (
    <div className="card block">
      <h2 id="documents-title">Documents</h2>
      {docs.data?.length ? (
        <ul className="documents-list">
          {docs.data.map((d) => (
            <li key={d._id}>
              <span className="doc-name">
                <strong>{d.title}</strong>
                <small className="muted">
                  {d.fileName} · {humanSize(d.size)}
                </small>
              </span>
              <select
                aria-label={`Visibility of ${d.title}`}
                value={d.visibility}
                disabled={update.isPending && update.variables?.id === d._id}
                onChange={(e) =>
                  update.mutate(
                    { id: d._id, visibility: e.target.value as TrustDocument['visibility'] },
                    { onError: (err) => toast('error', errorMessage(err)) },
                  )
                }
              >
                {VISIBILITY.map(([v, t]) => (
                  <option key={v} value={v}>
                    {t}
                  </option>
                ))}
              </select>
              <button type="button" className="link-button" aria-label={`Delete ${d.title}`} onClick={() => setDeleting(d)}>
                Delete
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No Data found</p>
      )}
      <form onSubmit={submit} className="inline-form">
        <Field name="documentTitle" label="Title" value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
        <div className="field-row">
          <label className="field">
            File (PDF, Word, Excel, PowerPoint)
            <input ref={fileRef} type="file" name="document" accept=".pdf,.docx,.xlsx,.pptx" onChange={() => setError('')} />
          </label>
          <label className="field">
            Visibility
            <select name="visibility" value={visibility} onChange={(e) => setVisibility(e.target.value as TrustDocument['visibility'])}>
              {VISIBILITY.map(([v, t]) => (
                <option key={v} value={v}>
                  {t}
                </option>
              ))}
            </select>
          </label>
        </div>
        {error && <p className="field-error">{error}</p>}
        {upload.isPending && <Spinner label="Uploading" />}
        <div className="actions">
          <button className="primary" type="submit" disabled={upload.isPending} aria-busy={upload.isPending || undefined}>
            {upload.isPending ? 'Uploading…' : 'Upload document'}
          </button>
        </div>
      </form>
      {deleting && (
        <ConfirmMutation
          title="Delete document"
          message={`Are you sure you want to delete ${deleting.title}?`}
          mutation={remove}
          variables={deleting._id}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  )
}
