// The visitor's two forms: the access request (with the NDA when the company has one) and, for a
// visitor who arrives with an approval link before accepting the current NDA, the NDA acceptance.
import { SpecText } from '@portal/contracts/spec-text'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { useModalDialog } from '../lib/dialog'
import { acceptNda, getNda, type Nda, requestAccess, type TrustDocument } from './api'
import { EMAIL, ErrorText, failureText, useVisitorRequest } from './visitor-form'
export const RELATIONSHIPS = ['Customer', 'Prospect', 'Partner', 'Auditor', 'Other']

function useNda(needed: boolean) {
  const [nda, setNda] = useState<Nda | null | undefined>(needed ? undefined : null)
  useEffect(() => {
    if (needed) getNda().then(setNda, () => setNda(null))
  }, [needed])
  return nda
}

function NdaText({ nda }: { nda: Nda }) {
  return (
    // It scrolls, so it takes the keyboard's focus (arrow keys scroll it): a named region.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable)
    <section className="tc-nda-box" tabIndex={0} aria-label="Non-disclosure agreement">
      <p className="tc-muted">Last updated {longDate(nda.updatedAt)}</p>
      <p className="tc-pre">{nda.description}</p>
    </section>
  )
}

export const longDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })

export function RequestAccessForm({ hasNda, document, onClose }: { hasNda: boolean; document?: TrustDocument | undefined; onClose(): void }) {
  const nda = useNda(hasNda)
  const [f, setF] = useState({ firstName: '', lastName: '', companyName: '', workEmail: '', relationshpLinkedIn: RELATIONSHIPS[0]! })
  const [accepted, setAccepted] = useState(false)
  const [done, setDone] = useState(false)
  const { error, setError, busy, run } = useVisitorRequest()
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value })
  // Focus inside while open, Tab kept there, Escape closes, focus back to the button that opened it.
  const dialog = useRef<HTMLDivElement>(null)
  useModalDialog(dialog, onClose)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setError('')
    if (Object.values(f).some((v) => !v.trim())) return setError(SpecText.required)
    if (!EMAIL.test(f.workEmail.trim())) return setError(SpecText.invalidEmail)
    if (nda && !accepted) return setError(SpecText.acceptNda)
    return run(async () => {
      await requestAccess({ ...f, workEmail: f.workEmail.trim(), ...(nda ? { ndaId: nda._id } : {}), ...(document ? { documentId: document._id } : {}) })
      setDone(true)
    })
  }

  return (
    <div className="tc-dialog" role="dialog" aria-modal="true" aria-labelledby="tc-request-title" ref={dialog}>
      <div className="tc-dialog-body">
        <h2 id="tc-request-title">{document ? `Request access to ${document.title || document.fileName}` : 'Request access'}</h2>
        {done ? (
          <>
            <p role="status">Thank you. Your request has been sent; you will receive an email with your access link once it is approved.</p>
            <div className="tc-actions">
              <button type="button" className="tc-button" onClick={onClose}>
                Close
              </button>
            </div>
          </>
        ) : (
          <form onSubmit={submit} noValidate>
            <div className="tc-row">
              <label>
                First name
                <input name="firstName" value={f.firstName} onChange={set('firstName')} autoComplete="given-name" maxLength={100} />
              </label>
              <label>
                Last name
                <input name="lastName" value={f.lastName} onChange={set('lastName')} autoComplete="family-name" maxLength={100} />
              </label>
            </div>
            <label>
              Company
              <input name="companyName" value={f.companyName} onChange={set('companyName')} autoComplete="organization" maxLength={200} />
            </label>
            <label>
              Work email
              <input name="workEmail" type="email" value={f.workEmail} onChange={set('workEmail')} autoComplete="email" maxLength={254} />
            </label>
            <label>
              Relationship
              <select name="relationshpLinkedIn" value={f.relationshpLinkedIn} onChange={set('relationshpLinkedIn')}>
                {RELATIONSHIPS.map((r) => (
                  <option key={r}>{r}</option>
                ))}
              </select>
            </label>
            {hasNda && nda === undefined && <p className="tc-muted">Loading the NDA…</p>}
            {nda && (
              <>
                <NdaText nda={nda} />
                <label className="tc-check">
                  <input type="checkbox" name="ndaAccepted" checked={accepted} onChange={(e) => setAccepted(e.target.checked)} /> I accept the NDA
                </label>
              </>
            )}
            <ErrorText error={error} />
            <div className="tc-actions">
              <button type="button" className="tc-secondary" onClick={onClose}>
                Cancel
              </button>
              <button type="submit" className="tc-button" disabled={busy}>
                {busy ? 'Sending…' : 'Submit request'}
              </button>
            </div>
          </form>
        )}
      </div>
    </div>
  )
}

export function AcceptNdaForm({ email, permissionToken, onAccepted }: { email: string; permissionToken?: string; onAccepted(): void }) {
  const nda = useNda(true)
  const [name, setName] = useState('')
  const [accepted, setAccepted] = useState(false)
  const [error, setError] = useState('')
  // Focus inside while open and Tab kept there (it has no Cancel: accepting is the way on).
  const dialog = useRef<HTMLDivElement>(null)
  useModalDialog(dialog)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!nda) return undefined
    if (!name.trim()) return setError(SpecText.required)
    if (!accepted) return setError(SpecText.acceptNda)
    try {
      await acceptNda({ ndaId: nda._id, name: name.trim(), email, ...(permissionToken ? { permissionToken } : {}) })
      onAccepted()
    } catch (err) {
      setError(failureText(err))
    }
    return undefined
  }
  return (
    <div className="tc-dialog" role="dialog" aria-modal="true" aria-labelledby="tc-nda-title" ref={dialog}>
      <div className="tc-dialog-body">
        <h2 id="tc-nda-title">Accept the NDA to download</h2>
        {!nda ? (
          <p className="tc-muted">Loading the NDA…</p>
        ) : (
          <form onSubmit={submit} noValidate>
            <NdaText nda={nda} />
            <label>
              Your full name
              <input name="ndaName" value={name} onChange={(e) => setName(e.target.value)} maxLength={200} />
            </label>
            <p className="tc-muted">Signing as {email}</p>
            <label className="tc-check">
              <input type="checkbox" name="ndaAccept" checked={accepted} onChange={(e) => setAccepted(e.target.checked)} /> I accept the NDA
            </label>
            <ErrorText error={error} />
            <div className="tc-actions">
              <button type="submit" className="tc-button">
                Accept
              </button>
            </div>
          </form>
        )}
      </div>
    </div>
  )
}

export function PublicNdaPage() {
  const nda = useNda(true)
  if (nda === undefined)
    return (
      <main className="tc-main">
        <p className="tc-muted">Loading…</p>
      </main>
    )
  return (
    <main className="tc-main">
      <section className="tc-card">
        <h1>Non-Disclosure Agreement</h1>
        {nda ? (
          <>
            <p className="tc-muted">Last updated {longDate(nda.updatedAt)}</p>
            <p className="tc-pre">{nda.description}</p>
          </>
        ) : (
          <p className="tc-muted">No Data found</p>
        )}
        <p>
          <a href="/">Back to the trust center</a>
        </p>
      </section>
    </main>
  )
}
