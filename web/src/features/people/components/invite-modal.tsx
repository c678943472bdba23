import { SpecText } from '@portal/contracts/spec-text'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { Field, useInput } from '../../../components/ui/field'
import { FormError, FormSuccess } from '../../../components/ui/form-message'
import { Modal } from '../../../components/ui/modal'
import { INVITE_MESSAGE_MS } from '../../../config/constants'
import { ApiError, serverMessage } from '../../../lib/api-client'
import { isEmail } from '../../../lib/validation'
import { useInvitePerson } from '../api/invite-person'

export function InviteModal({ onClose }: { onClose: () => void }) {
  const { value: email, setValue: setEmail, setError, field } = useInput()
  const [serverError, setServerError] = useState<string | null>(null)
  const [success, setSuccess] = useState<string | null>(null)
  const timers = useRef<ReturnType<typeof setTimeout>[]>([])
  const invite = useInvitePerson()
  useEffect(() => () => timers.current.forEach(clearTimeout), [])

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const value = email.trim()
    if (!value) return setError('Email is required')
    if (!isEmail(value)) return setError(SpecText.invalidEmail)
    setError(null)
    setServerError(null)
    invite.mutate(value, {
      onSuccess: () => {
        setSuccess('Invitation sent successfully!')
        setEmail('')
        // The message and the modal both last 4 s (spec §9).
        timers.current.push(setTimeout(() => setSuccess(null), INVITE_MESSAGE_MS))
        timers.current.push(setTimeout(onClose, INVITE_MESSAGE_MS))
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 400) setServerError('This email format is not accepted.')
        else setServerError(serverMessage(err))
      },
    })
  }

  return (
    <Modal title="Invite people" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <Field name="email" label="Email" type="email" autoComplete="off" {...field} />
        <FormSuccess>{success}</FormSuccess>
        <FormError>{serverError}</FormError>
        <div className="actions">
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={invite.isPending}>
            {invite.isPending ? 'Sending…' : 'Invite'}
          </button>
        </div>
      </form>
    </Modal>
  )
}
