import { type FormEvent, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { Field } from '../../../components/ui/field'
import { Spinner } from '../../../components/ui/spinner'
import { ApiError } from '../../../lib/api-client'
import { capitalise, isEmail, passwordProblem } from '../../../lib/validation'
import { useInvite } from '../api/get-invite'
import { type SignUpInput, useSignUp } from '../api/signup'

type Errors = Partial<Record<keyof SignUpInput, string>>

export function validateSignUp(form: SignUpInput): Errors {
  const errors: Errors = {}
  if (!form.firstName.trim()) errors.firstName = 'First name is required.'
  if (!form.lastName.trim()) errors.lastName = 'Last name is required.'
  if (!form.email.trim()) errors.email = 'Email is required.'
  else if (!isEmail(form.email)) errors.email = 'Invalid email address'
  if (!form.password) errors.password = 'Password is required.'
  else {
    const problem = passwordProblem(form.password)
    if (problem) errors.password = problem
  }
  if (!form.cnfpassword) errors.cnfpassword = 'Confirm password is required.'
  else if (form.password !== form.cnfpassword) errors.cnfpassword = 'Password & confirm password should be equal.'
  return errors
}

const errorText = (err: unknown): string => (err instanceof ApiError && err.status > 0 && err.message ? err.message : 'An error occurred')

export function SignUpForm() {
  const [params] = useSearchParams()
  const inviteToken = params.get('invite')
  const invite = useInvite(inviteToken)
  if (inviteToken && invite.isPending) return <Spinner label="Checking invitation" />
  if (inviteToken && invite.isError)
    return (
      <>
        <p className="form-error" role="alert">
          {errorText(invite.error)}
        </p>
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
          if (!reply?.status || !reply.data?.token) return setServerError(reply?.message || 'An error occurred')
          navigate(inviteToken ? '/enterprise' : '/provision', { replace: true })
        },
        onError: (err) => setServerError(errorText(err)),
      },
    )
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <div className="field-row">
        <Field
          name="firstName"
          label="First name"
          autoComplete="given-name"
          value={form.firstName}
          onChange={(e) => update('firstName', e.target.value)}
          error={errors.firstName}
        />
        <Field
          name="lastName"
          label="Last name"
          autoComplete="family-name"
          value={form.lastName}
          onChange={(e) => update('lastName', e.target.value)}
          error={errors.lastName}
        />
      </div>
      <Field
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        value={form.email}
        readOnly={Boolean(invitedEmail)}
        onChange={(e) => update('email', e.target.value)}
        error={errors.email}
      />
      <Field
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        value={form.password}
        onChange={(e) => update('password', e.target.value)}
        error={errors.password}
      />
      <Field
        name="cnfpassword"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        value={form.cnfpassword}
        onChange={(e) => update('cnfpassword', e.target.value)}
        error={errors.cnfpassword}
      />
      {serverError && (
        <p className="form-error" role="alert">
          {serverError}
        </p>
      )}
      <button type="submit" className="primary wide" disabled={signUpMutation.isPending}>
        Sign up
      </button>
      <p className="form-links">
        <span>
          Already have an account? <Link to="/login">Sign in</Link>
        </span>
      </p>
    </form>
  )
}
