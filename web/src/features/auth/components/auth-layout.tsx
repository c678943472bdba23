import type { ReactNode } from 'react'

/** Centred card used by the public auth screens. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="auth-page">
      <main className="auth-card">
        <p className="brand">Trust Portal</p>
        <h1>{title}</h1>
        {children}
      </main>
    </div>
  )
}
