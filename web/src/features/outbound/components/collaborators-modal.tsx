// Collaborators of an outbound (spec §2, §5): the list, add by email, remove.
import type { FormEvent } from 'react'
import { Field, useInput } from '../../../components/ui/field'
import { FormActions } from '../../../components/ui/form-actions'
import { Modal } from '../../../components/ui/modal'
import { useNotifications } from '../../../components/ui/notifications'
import { Spinner } from '../../../components/ui/spinner'
import { ApiError, errorMessage } from '../../../lib/api-client'
import { isEmail } from '../../../lib/validation'
import { type OutboundSummary, useCollaboratorChange, useCollaborators } from '../api/outbounds'
import { TEXT } from '../api/text'

export function CollaboratorsModal({ outbound, onClose }: { outbound: Pick<OutboundSummary, '_id' | 'clientName'>; onClose: () => void }) {
  const list = useCollaborators(outbound._id)
  const add = useCollaboratorChange(outbound._id, 'add')
  const remove = useCollaboratorChange(outbound._id, 'remove')
  const { toast } = useNotifications()
  const { value: email, setValue: setEmail, setError, field } = useInput()
  const emails = list.data ?? []

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const value = email.trim()
    // Spec §5, collaborator: 'Email is required', 'Invalid email address', 'Email already exists'.
    if (!value) return setError(TEXT.collaboratorEmailRequired)
    if (!isEmail(value)) return setError(TEXT.invalidEmail)
    if (emails.some((x) => x.toLowerCase() === value.toLowerCase())) return setError(TEXT.emailExists)
    add.mutate(value, {
      onSuccess: (reply) => {
        setEmail('')
        // Added, but the invitation could not be mailed: the server says so.
        if (reply?.message && reply.message !== 'Collaborator added') toast('warn', reply.message)
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 409) setError(err.message || TEXT.emailExists)
        else if (err instanceof ApiError && err.status === 400 && err.message) setError(err.message)
        else toast('error', 'Error adding collaborator')
      },
    })
    return undefined
  }

  return (
    <Modal title={`Collaborators: ${outbound.clientName}`} onClose={onClose}>
      {list.isPending ? (
        <Spinner label="Loading collaborators" />
      ) : list.isError ? (
        <p className="form-error">{errorMessage(list.error, 'The collaborators could not be loaded')}</p>
      ) : emails.length === 0 ? (
        <p className="muted">No collaborators added yet</p>
      ) : (
        <ul className="collaborators">
          {emails.map((c) => (
            <li key={c}>
              <span>{c}</span>
              <button
                className="link-button"
                aria-label={`Remove ${c}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(c, { onError: (err) => toast('error', errorMessage(err, 'The collaborator could not be removed')) })}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} noValidate>
        <Field name="collaboratorEmail" label="Collaborator email" type="email" autoComplete="off" maxLength={254} {...field} />
        <FormActions pending={add.isPending} label="Add" pendingLabel="Adding…" onCancel={onClose} cancelLabel="Close" />
      </form>
    </Modal>
  )
}
