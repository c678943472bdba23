import { SpecText } from '@portal/contracts/spec-text'
import { type FormEvent, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { bindFields } from '../../../components/ui/field'
import { FormError } from '../../../components/ui/form-message'
import { serverMessage } from '../../../lib/api-client'
import { Spinner } from '../../../components/ui/spinner'
import { capitalise, isEmail, passwordProblem } from '../../../lib/validation'
import { useInvite } from '../api/get-invite'
import { challengeIn } from '../../mfa/api/mfa'
import { type SignUpInput, useSignUp } from '../api/signup'
import { NameEmailFields, NewPasswordFields, SignInInstead } from './account-fields'

type Errors = Partial<Record<keyof SignUpInput, string>>

export function validateSignUp(form: SignUpInput): Errors {
  const errors: Errors = {}
  if (!form.firstName.trim()) errors.firstName = 'First name is required.'
  if (!form.lastName.trim()) errors.lastName = 'Last name is required.'
  if (!form.email.trim()) errors.email = 'Email is required.'
  else if (!isEmail(form.email)) errors.email = SpecText.invalidEmail
  if (!form.password) errors.password = 'Password is required.'
  else {
    const problem = passwordProblem(form.password)
    if (problem) errors.password = problem
  }
  if (!form.cnfpassword) errors.cnfpassword = 'Confirm password is required.'
  else if (form.password !== form.cnfpassword) errors.cnfpassword = 'Password & confirm password should be equal.'
  return errors
}

export function SignUpForm() {
  const [params] = useSearchParams()
  const inviteToken = params.get('invite')
  const invite = useInvite(inviteToken)
  if (inviteToken && invite.isPending) return <Spinner label="Checking invitation" />
  if (inviteToken && invite.isError)
    return (
      <>
        <FormError>{serverMessage(invite.error)}</FormError>
        <p className="form-links">
          <Link to="/login">Back to sign in</Link>
        </p>
      </>
    )
  return <SignUpFields inviteToken={inviteToken} invitedEmail={invite.data?.data?.email ?? null} />
}

function SignUpFields({ inviteToken, invitedEmail }: { inviteToken: string | null; invitedEmail: string | null }) {
  const navigate = useNavigate()
  const [form, setForm] = useState<SignUpInput>({ firstName: '', lastName: '', email: invitedEmail ?? '', password: '', cnfpassword: '' })
  const [errors, setErrors] = useState<Errors>({})
  const [submitted, setSubmitted] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const signUpMutation = useSignUp(inviteToken)

  const update = (key: keyof SignUpInput, raw: string) => {
    const value = key === 'firstName' || key === 'lastName' ? capitalise(raw) : raw
    const next = { ...form, [key]: value }
    setForm(next)
    if (submitted) setErrors(validateSignUp(next))
  }
  const field = bindFields(form, errors, update)

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    setSubmitted(true)
    setServerError(null)
    const found = validateSignUp(form)
    setErrors(found)
    if (Object.keys(found).length) return
    signUpMutation.mutate(
      { ...form, email: form.email.trim() },
      {
        onSuccess: (reply) => {
          // The company requires a second factor: set it up on the sign-in screen before any session.
          const mfa = challengeIn(reply)
          if (mfa) return navigate('/login', { replace: true, state: { mfa } })
          if (!reply?.status || !('token' in reply.data)) return setServerError(reply?.message || 'An error occurred')
          navigate(inviteToken ? '/enterprise' : '/provision', { replace: true })
        },
        onError: (err) => setServerError(serverMessage(err)),
      },
    )
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <NameEmailFields field={field} nameRow emailReadOnly={Boolean(invitedEmail)} />
      <NewPasswordFields field={field} label="Password" />
      <FormError>{serverError}</FormError>
      <button type="submit" className="primary wide" disabled={signUpMutation.isPending}>
        Sign up
      </button>
      <SignInInstead />
    </form>
  )
}
