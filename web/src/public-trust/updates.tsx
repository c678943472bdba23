// Subscribing to the trust center's updates: an email field that asks for a confirmation mail. The
// mailed links come back as fragments (`#confirm-updates=…`, `#unsubscribe-updates=…`), which the
// page reads once, clears from the address bar and sends to the server.
import { SpecText } from '@portal/contracts/spec-text'
import { type FormEvent, useState } from 'react'
import { confirmUpdates, PublicError, subscribeUpdates, unsubscribeUpdates } from './api'
import { EMAIL, ErrorText, failureText, useVisitorRequest } from './visitor-form'

export function SubscribeForm() {
  const [email, setEmail] = useState('')
  const [done, setDone] = useState('')
  const { error, setError, busy, run } = useVisitorRequest()
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setError('')
    const value = email.trim()
    if (!value) return setError(SpecText.required)
    if (!EMAIL.test(value)) return setError(SpecText.invalidEmail)
    return run(async () => setDone((await subscribeUpdates(value)).message))
  }
  return (
    <section className="tc-card" aria-labelledby="tc-updates">
      <h2 id="tc-updates">Get updates</h2>
      <p className="tc-muted">We email you when a document or a certification changes. You can unsubscribe at any time.</p>
      {done ? (
        <p className="tc-ok-text" role="status">
          {done}
        </p>
      ) : (
        <form className="tc-subscribe" method="post" onSubmit={submit} noValidate>
          <label htmlFor="tc-updates-email">Email</label>
          <div className="tc-subscribe-row">
            <input
              id="tc-updates-email"
              name="email"
              type="email"
              autoComplete="email"
              maxLength={254}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'tc-updates-error' : undefined}
            />
            <button type="submit" className="tc-button" disabled={busy}>
              {busy ? 'Sending…' : 'Subscribe'}
            </button>
          </div>
          <ErrorText id="tc-updates-error" error={error} />
        </form>
      )}
    </section>
  )
}

/** The action a mailed updates link asks for, read from (and removed from) the address bar. */
export function takeUpdatesLink(): { kind: 'confirm' | 'unsubscribe'; token: string } | null {
  const hash = new URLSearchParams(window.location.hash.slice(1))
  const confirm = hash.get('confirm-updates')
  const unsubscribe = hash.get('unsubscribe-updates')
  if (!confirm && !unsubscribe) return null
  history.replaceState(null, '', window.location.pathname + window.location.search)
  return confirm ? { kind: 'confirm', token: confirm } : { kind: 'unsubscribe', token: unsubscribe! }
}

/** Sends a mailed link's token; resolves to the sentence to show and whether it worked. */
export async function followUpdatesLink(link: { kind: 'confirm' | 'unsubscribe'; token: string }): Promise<{ ok: boolean; text: string }> {
  try {
    return { ok: true, text: (await (link.kind === 'confirm' ? confirmUpdates(link.token) : unsubscribeUpdates(link.token))).message }
  } catch (err) {
    if (err instanceof PublicError && err.status === 404) {
      return {
        ok: false,
        text: link.kind === 'confirm' ? 'This confirmation link is no longer valid. Please subscribe again.' : 'This unsubscribe link is no longer valid.',
      }
    }
    return { ok: false, text: failureText(err) }
  }
}
