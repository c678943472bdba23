import type { ReactNode } from 'react'
import { ApiError } from '../../lib/api-client'

/**
 * A form's outcome, announced to screen readers: a success politely, a failure at once. Renders
 * nothing while there is no text.
 */
export function FormMessage({ kind, children }: { kind: 'success' | 'error'; children: ReactNode }) {
  if (!children) return null
  return (
    <p className={`form-${kind}`} role={kind === 'success' ? 'status' : 'alert'}>
      {children}
    </p>
  )
}

export const FormError = ({ children }: { children: ReactNode }) => <FormMessage kind="error">{children}</FormMessage>
export const FormSuccess = ({ children }: { children: ReactNode }) => <FormMessage kind="success">{children}</FormMessage>

/** The server's own words for a failure it explained, else `fallback` (no connection, no message). */
export const serverMessage = (err: unknown, fallback = 'An error occurred'): string =>
  err instanceof ApiError && err.status > 0 && err.message ? err.message : fallback
