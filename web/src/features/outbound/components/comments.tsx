// A question's comments thread and the add-comment box (spec §2, §5). Staff comments are 'outbound',
// the recipient's 'inbound'. Text is rendered as text.
import { type FormEvent, useState } from 'react'
import { useNotifications } from '../../../components/ui/notifications'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import { formatDateTime } from '../../../lib/format-date'
import { type OutboundComment, useAddComment, useComments } from '../api/review'
import { TEXT } from '../api/text'
import type { ReviewMode } from './answer-box'

const role = (c: OutboundComment) => (c.commentType === 'inbound' ? 'Recipient' : 'Sender')

function author(c: OutboundComment): string {
  const name = `${c.user.firstName} ${c.user.lastName}`.trim()
  return name ? `${name} (${role(c)})` : role(c)
}

export function Comments({ outboundId, questionId, mode, readOnly }: { outboundId: string; questionId: string; mode: ReviewMode; readOnly: boolean }) {
  const comments = useComments(outboundId, questionId)
  const add = useAddComment(outboundId, mode)
  const { toast } = useNotifications()
  const [text, setText] = useState('')
  const [error, setError] = useState('')

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!questionId) return setError(TEXT.questionIdMissing)
    if (!outboundId) return toast('error', TEXT.noOutboundId)
    const comment = text.trim()
    if (!comment) return setError(TEXT.commentRequired)
    add.mutate(
      { questionId, comment },
      {
        onSuccess: () => setText(''),
        onError: (err) => toast('error', errorMessage(err, 'Failed to add comment')),
      },
    )
    return undefined
  }

  const list = comments.data ?? []
  return (
    <section className="comments-thread" aria-labelledby="comments-title">
      <h3 id="comments-title">Comments</h3>
      {comments.isPending ? (
        <Spinner label="Loading comments" />
      ) : comments.isError ? (
        <p className="form-error">{errorMessage(comments.error, 'The comments could not be loaded')}</p>
      ) : list.length === 0 ? (
        <p className="muted small">No comments yet. Be the first to add one!</p>
      ) : (
        <ul className="history comments">
          {list.map((c) => (
            <li key={c._id} className={`comment-${c.commentType}`}>
              <p className="comment">{c.comment}</p>
              <p className="muted small">
                {author(c)} · {formatDateTime(c.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
      {!readOnly && (
        <form onSubmit={submit} noValidate>
          <label htmlFor="comment">Add a comment</label>
          <textarea
            id="comment"
            name="comment"
            rows={3}
            maxLength={5000}
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'comment-error' : undefined}
            onChange={(e) => {
              setText(e.target.value)
              setError('')
            }}
          />
          {error && (
            <p className="field-error" id="comment-error">
              {error}
            </p>
          )}
          <div className="actions">
            <button type="submit" className="secondary" disabled={add.isPending} aria-busy={add.isPending || undefined}>
              {add.isPending ? 'Saving…' : 'Add Comment'}
            </button>
          </div>
        </form>
      )}
    </section>
  )
}
