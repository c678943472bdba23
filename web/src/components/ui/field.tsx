import { type ChangeEvent, type InputHTMLAttributes, useState } from 'react'

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  name: string
  label: string
  error?: string | null | undefined
}

/** A labelled input with a stable name and id, and its error message announced to screen readers. */
export function Field({ name, label, error, ...input }: FieldProps) {
  const errorId = `${name}-error`
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      <input id={name} name={name} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...input} />
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  )
}

/** The props that tie a Field to one key of a form: its name, value and error, and its changes. */
export interface FieldBinding {
  name: string
  value: string
  error: string | undefined
  onChange: (e: ChangeEvent<HTMLInputElement>) => void
}

/** Binds Fields to a form's values and errors; each change is reported as (key, value). */
export const bindFields =
  <K extends string>(values: Record<K, string>, errors: Partial<Record<K, string>>, update: (key: K, value: string) => void) =>
  (key: K): FieldBinding => ({ name: key, value: values[key], error: errors[key], onChange: (e) => update(key, e.target.value) })

/** One input's value and error, where typing clears the error; `field` goes to its Field. */
export function useInput(initial = '') {
  const [value, setValue] = useState(initial)
  const [error, setError] = useState<string | null>(null)
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    setValue(e.target.value)
    setError(null)
  }
  return { value, setValue, error, setError, field: { value, error, onChange } }
}
