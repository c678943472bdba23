import { SpecText } from '@portal/contracts/spec-text'
import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { bindFields } from '../../../components/ui/field'
import { FormError } from '../../../components/ui/form-message'
import { serverMessage } from '../../../lib/api-client'
import { isEmail } from '../../../lib/validation'
import { useJoinWaitlist, type WaitlistInput } from '../api/waitlist'
import { NameEmailFields, SignInInstead } from './account-fields'

type Errors = Partial<Record<keyof WaitlistInput, string>>

function validate(form: WaitlistInput): Errors {
  const errors: Errors = {}
  if (!form.firstName.trim()) errors.firstName = SpecText.required
  if (!form.lastName.trim()) errors.lastName = SpecText.required
  if (!form.email.trim()) errors.email = SpecText.required
  else if (!isEmail(form.email)) errors.email = SpecText.invalidEmail
  return errors
}

export function WaitlistForm() {
  const navigate = useNavigate()
  const [form, setForm] = useState<WaitlistInput>({ firstName: '', lastName: '', email: '' })
  const [errors, setErrors] = useState<Errors>({})
  const [serverError, setServerError] = useState<string | null>(null)
  const waitlist = useJoinWaitlist()

  const update = (key: keyof WaitlistInput, value: string) => {
    setForm({ ...form, [key]: value })
    if (errors[key]) setErrors({ ...errors, [key]: undefined })
  }
  const field = bindFields(form, errors, update)
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const found = validate(form)
    setErrors(found)
    setServerError(null)
    if (Object.values(found).some(Boolean)) return
    waitlist.mutate(
      { email: form.email.trim(), firstName: form.firstName.trim(), lastName: form.lastName.trim() },
      {
        onSuccess: () => navigate('/signupconfirmation'),
        onError: (err) => setServerError(serverMessage(err)),
      },
    )
  }
  return (
    <form onSubmit={onSubmit} noValidate>
      <NameEmailFields field={field} />
      <FormError>{serverError}</FormError>
      <button type="submit" className="primary wide" disabled={waitlist.isPending}>
        Submit
      </button>
      <SignInInstead />
    </form>
  )
}
