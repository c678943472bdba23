// Editing a library entry: its question, answer and choice, in a modal dialog (lib/dialog through
// Modal). The server's refusal is shown in its own words, in the dialog.
import { type FormEvent, useId, useState } from 'react'
import { FormError } from '../../../components/ui/form-message'
import { Modal } from '../../../components/ui/modal'
import { useNotifications } from '../../../components/ui/notifications'
import { errorMessage } from '../../../lib/api-client'
import { type LibraryEntry, useEditEntry } from '../api'

/** The contract's limits (LibraryEntryBody), checked here so a long text is refused in words. */
const LIMITS = { question: 5000, answer: 20000, choice: 200 }

export function EditEntryDialog({ entry, onClose }: { entry: LibraryEntry; onClose: () => void }) {
  const id = useId()
  const edit = useEditEntry()
  const { toast } = useNotifications()
  const [question, setQuestion] = useState(entry.question)
  const [answer, setAnswer] = useState(entry.answer)
  const [choice, setChoice] = useState(entry.choiceValue ?? '')
  const [error, setError] = useState('')

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!question.trim()) return setError('The question cannot be empty')
    if (question.length > LIMITS.question) return setError(`The question is too long: at most ${LIMITS.question} characters`)
    if (answer.length > LIMITS.answer) return setError(`The answer is too long: at most ${LIMITS.answer} characters`)
    if (choice.trim().length > LIMITS.choice) return setError(`The choice is too long: at most ${LIMITS.choice} characters`)
    setError('')
    edit.mutate(
      { id: entry._id, body: { question: question.trim(), answer, choiceValue: choice.trim() || null } },
      {
        onSuccess: () => {
          toast('success', 'The entry is saved')
          onClose()
        },
        onError: (err) => setError(errorMessage(err, 'The entry could not be saved')),
      },
    )
    return undefined
  }

  return (
    <Modal title="Edit library entry" onClose={() => !edit.isPending && onClose()}>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-question`}>Question</label>
          <textarea id={`${id}-question`} name="question" rows={3} value={question} required onChange={(e) => setQuestion(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-answer`}>Answer</label>
          <textarea id={`${id}-answer`} name="answer" rows={6} value={answer} onChange={(e) => setAnswer(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-choice`}>Choice (optional)</label>
          <input
            id={`${id}-choice`}
            name="choiceValue"
            value={choice}
            aria-describedby={`${id}-choice-hint`}
            autoComplete="off"
            onChange={(e) => setChoice(e.target.value)}
          />
          <p className="muted small" id={`${id}-choice-hint`}>
            Yes, No, N.A. or the file's own value; empty for none
          </p>
        </div>
        <FormError>{error}</FormError>
        <div className="actions">
          <button type="button" className="secondary" onClick={onClose} disabled={edit.isPending}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={edit.isPending} aria-busy={edit.isPending || undefined}>
            {edit.isPending ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </Modal>
  )
}
