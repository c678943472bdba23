// What the account forms (sign-up, waitlist, password reset) share: their fields, and the way to sign
// in instead.
import { Link } from 'react-router-dom'
import { Field, type FieldBinding } from '../../../components/ui/field'
import { PASSWORD_RULES } from '../../../lib/validation'

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

/** The password rules under the field from the start, each ticked as soon as the typed password meets it. */
export function PasswordRules({ id, password }: { id: string; password: string }) {
  return (
    <ul id={id} className="password-rules" aria-label="Password rules">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.met(password)
        return (
          <li key={rule.label} className={met ? 'met' : undefined}>
            <span aria-hidden="true">{met ? '✓' : '○'}</span> {rule.label}
            <span className="visually-hidden">{met ? ' (met)' : ' (not yet)'}</span>
          </li>
        )
      })}
    </ul>
  )
}

/** A new password typed twice, with its rules shown before the first try. */
export function NewPasswordFields({ field, label }: { field: (key: 'password' | 'cnfpassword') => FieldBinding; label: string }) {
  const password = field('password')
  const rulesId = `${password.name}-rules`
  return (
    <>
      <Field
        label={label}
        type="password"
        autoComplete="new-password"
        {...password}
        aria-describedby={password.error ? `${password.name}-error ${rulesId}` : rulesId}
      />
      <PasswordRules id={rulesId} password={password.value} />
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
