// A question's attachments: the list with Download and Delete, and Add Attachment (spec §2, §5).
// Added or removed from the list once the server confirms.
import { useRef, useState } from 'react'
import { ConfirmMutation } from '../../../components/ui/confirm-mutation'
import { useNotifications } from '../../../components/ui/notifications'
import { errorMessage } from '../../../lib/api-client'
import { downloadAttachment, type OutboundAttachment, type OutboundQuestion, useAddAttachment, useDeleteAttachment } from '../api/review'
import { TEXT } from '../api/text'
import { failureText } from './failure'
import { humanSize } from './format'

/** Spec §5: pdf, xls, xlsx, images, doc, docx (the server takes png, jpg, gif and webp images). */
export const ATTACHMENT_ACCEPT = '.pdf,.xls,.xlsx,.doc,.docx,.png,.jpg,.jpeg,.gif,.webp'
/** The server's limit for one attachment. */
export const ATTACHMENT_MAX_BYTES = 25 * 1024 * 1024

export function Attachments({ outboundId, question, readOnly }: { outboundId: string; question: OutboundQuestion; readOnly: boolean }) {
  const add = useAddAttachment(outboundId)
  const remove = useDeleteAttachment(outboundId)
  const { toast } = useNotifications()
  const input = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [error, setError] = useState('')
  const [toDelete, setToDelete] = useState<OutboundAttachment | null>(null)

  const upload = () => {
    if (!file) return setError(TEXT.fileFirst)
    if (file.size > ATTACHMENT_MAX_BYTES) return setError('The file is larger than 25 MB')
    setError('')
    add.mutate(
      { questionId: question._id, file },
      {
        onSuccess: () => {
          setFile(null)
          if (input.current) input.current.value = ''
        },
        onError: (err) => toast('error', errorMessage(err, 'Failed to upload file')),
      },
    )
    return undefined
  }
  const download = (a: OutboundAttachment) =>
    downloadAttachment(outboundId, question._id, a).catch((err: unknown) =>
      toast('error', failureText(err, 'Failed to download file', 'An error occurred while downloading')),
    )

  return (
    <section className="attachments" aria-labelledby="attachments-title">
      <h3 id="attachments-title">Attachments</h3>
      {question.attachments.length === 0 ? (
        <p className="muted small">No attachments yet</p>
      ) : (
        <ul className="attachment-list">
          {question.attachments.map((a) => (
            <li key={a._id}>
              <span className="file-name">{a.fileName}</span>
              <span className="muted small">{humanSize(a.size)}</span>
              <button className="link-button small" aria-label={`Download ${a.fileName}`} onClick={() => void download(a)}>
                Download
              </button>
              {!readOnly && (
                <button className="link-button small danger-text" aria-label={`Delete ${a.fileName}`} onClick={() => setToDelete(a)}>
                  Delete
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {!readOnly && (
        <div className="attachment-add">
          <label htmlFor="attachment-file">Attachment file (pdf, xls, xlsx, image, doc or docx)</label>
          <div className="attachment-add-row">
            <input
              id="attachment-file"
              name="attachment"
              type="file"
              ref={input}
              accept={ATTACHMENT_ACCEPT}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'attachment-error' : undefined}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null)
                setError('')
              }}
            />
            <button className="secondary" disabled={add.isPending} aria-busy={add.isPending || undefined} onClick={upload}>
              {add.isPending ? 'Uploading…' : 'Add Attachment'}
            </button>
          </div>
          {error && (
            <p className="field-error" id="attachment-error">
              {error}
            </p>
          )}
        </div>
      )}
      {toDelete && (
        <ConfirmMutation
          title="Delete Attachment"
          message={`Are you sure you want to delete ${toDelete.fileName}?`}
          mutation={remove}
          variables={{ questionId: question._id, attachment: toDelete }}
          success={null}
          failure={(err) => errorMessage(err, 'Failed to delete file')}
          onClose={() => setToDelete(null)}
        />
      )}
    </section>
  )
}
