// What the account forms (sign-up, waitlist, password reset) share: their fields, and the way to sign
// in instead.
import { Link } from 'react-router-dom'
import { Field, type FieldBinding } from '../../../components/ui/field'

interface NameEmailFieldsProps {
  field: (key: 'firstName' | 'lastName' | 'email') => FieldBinding
  /** The two names side by side. */
  nameRow?: boolean
  emailReadOnly?: boolean
}

/** First name, last name and email, asked for alike on sign-up and on the waitlist. */
export function NameEmailFields({ field, nameRow, emailReadOnly }: NameEmailFieldsProps) {
  const names = (
    <>
      <Field label="First name" autoComplete="given-name" {...field('firstName')} />
      <Field label="Last name" autoComplete="family-name" {...field('lastName')} />
    </>
  )
  return (
    <>
      {nameRow ? <div className="field-row">{names}</div> : names}
      <Field label="Email" type="email" autoComplete="email" readOnly={emailReadOnly} {...field('email')} />
    </>
  )
}

/** A new password typed twice. */
export function NewPasswordFields({ field, label }: { field: (key: 'password' | 'cnfpassword') => FieldBinding; label: string }) {
  return (
    <>
      <Field label={label} type="password" autoComplete="new-password" {...field('password')} />
      <Field label="Confirm password" type="password" autoComplete="new-password" {...field('cnfpassword')} />
    </>
  )
}

export function SignInInstead() {
  return (
    <p className="form-links">
      <span>
        Already have an account? <Link to="/login">Sign in</Link>
      </span>
    </p>
  )
}
