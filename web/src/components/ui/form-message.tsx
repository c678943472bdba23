import type { ReactNode } from 'react'

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
