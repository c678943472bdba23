// What the visitor's forms (access request, NDA, updates) share: the email rule, the words for a
// failure, the request running with its error, and how that error is shown.
import { useState } from 'react'
import { PublicError } from './api'

export const EMAIL = /^[A-Za-z0-9_.+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/

export const failureText = (err: unknown): string => (err instanceof PublicError ? err.message : 'An error occurred')

/** A form's error, and `run` for its request: busy meanwhile, a failure put in words as the error. */
export function useVisitorRequest() {
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const run = async (request: () => Promise<void>) => {
    setBusy(true)
    try {
      await request()
    } catch (err) {
      setError(failureText(err))
    } finally {
      setBusy(false)
    }
  }
  return { error, setError, busy, run }
}

export function ErrorText({ error, id }: { error: string; id?: string }) {
  if (!error) return null
  return (
    <p id={id} className="tc-error" role="alert">
      {error}
    </p>
  )
}
