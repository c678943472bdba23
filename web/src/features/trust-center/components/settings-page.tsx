// Trust Center Setting (spec §2): logo (.png or .jpg) with Upload, Cancel and Save, the company
// title, theme colours, and publishing (publish-card.tsx, also on the editor).
import { SpecText } from '@portal/contracts/spec-text'
import { DEFAULT_THEME } from '@portal/contracts/theme-defaults'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { Field } from '../../../components/ui/field'
import { useNotifications } from '../../../components/ui/notifications'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import { useSession } from '../../../lib/auth'
import { useDraft } from '../../../lib/drafts'
import { contrastWarning } from '../../../lib/theme'
import { type Theme, uploadLogo, useCompanyInfo, useSaveCompanyInfo, useSaveTheme, useTheme } from '../api'
import { ScimCard } from '../../scim/components/scim-card'
import { PublishCard } from './publish-card'

function BrandingCard({ admin }: { admin: boolean }) {
  const info = useCompanyInfo()
  const save = useSaveCompanyInfo()
  const { toast } = useNotifications()
  const fileRef = useRef<HTMLInputElement>(null)
  // The typed title is a draft (lib/drafts): it survives a forced sign-in.
  const titleDraft = useDraft(info.data ? 'settings:companyTitle' : null, info.data?.companyTitle ?? '')
  const title = titleDraft.value
  // The saved logo, and a chosen file not saved yet (shown as a preview that says so: issue 25).
  const [logo, setLogo] = useState<string | null>(null)
  const [staged, setStaged] = useState<{ file: File; preview: string } | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (info.data) setLogo(info.data.logo)
  }, [info.data])
  useEffect(() => () => (staged ? URL.revokeObjectURL(staged.preview) : undefined), [staged])
  if (info.isPending) return <Spinner label="Loading settings" />
  const choose = () => {
    const file = fileRef.current?.files?.[0]
    if (!file) return setStaged(null)
    if (!/\.(png|jpe?g)$/i.test(file.name)) {
      toast('error', 'Only .png or .jpg images are accepted')
      if (fileRef.current) fileRef.current.value = ''
      return setStaged(null)
    }
    return setStaged({ file, preview: URL.createObjectURL(file) })
  }
  /** Uploads the chosen file (if any) and saves the title with the logo: nothing looks saved that is not. */
  const persist = async (requireFile: boolean) => {
    if (requireFile && !staged) return toast('error', SpecText.uploadFile)
    setBusy(true)
    try {
      let next = logo
      if (staged) {
        try {
          next = (await uploadLogo(staged.file)).logo
        } catch (err) {
          return toast('error', `Image upload fail${errorMessage(err, '') ? `: ${errorMessage(err, '')}` : ''}`)
        }
      }
      await save.mutateAsync({ companyTitle: title.trim(), logo: next })
      titleDraft.clear(title)
      setLogo(next)
      setStaged(null)
      if (fileRef.current) fileRef.current.value = ''
      toast('success', staged ? 'Logo saved: it shows on your trust center' : 'Updated Successfully')
    } catch (err) {
      toast('error', errorMessage(err))
    } finally {
      setBusy(false)
    }
    return undefined
  }
  const cancel = () => {
    setStaged(null)
    setLogo(info.data?.logo ?? null)
    if (fileRef.current) fileRef.current.value = ''
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void persist(false)
  }
  return (
    <form className="card" onSubmit={submit} aria-labelledby="branding-title">
      <h2 id="branding-title">Company and logo</h2>
      <Field
        name="companyTitle"
        label="Company name shown on the trust center"
        value={title}
        maxLength={120}
        onChange={(e) => titleDraft.set(e.target.value)}
        disabled={!admin}
      />
      <div className="logo-row">
        {staged ? (
          <figure className="logo-staged">
            <img src={staged.preview} alt="Chosen logo (not saved yet)" className="logo-preview" />
            <figcaption className="muted small">Not saved yet: click Upload or Save to keep it.</figcaption>
          </figure>
        ) : logo ? (
          <img src={logo} alt="Logo" className="logo-preview" />
        ) : (
          <span className="muted">No logo yet</span>
        )}
        <label className="field">
          Logo (.png or .jpg)
          <input ref={fileRef} type="file" name="logo" accept=".png,.jpg,.jpeg,image/png,image/jpeg" disabled={!admin} onChange={choose} />
        </label>
      </div>
      <div className="actions">
        <button type="button" onClick={() => void persist(true)} disabled={!admin || busy}>
          {busy && staged ? 'Uploading…' : 'Upload'}
        </button>
        <button type="button" onClick={cancel} disabled={!admin || busy}>
          Cancel
        </button>
        <button className="primary" type="submit" disabled={!admin || busy} aria-busy={busy || undefined}>
          {busy ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  )
}

const COLOURS: [keyof Theme, string][] = [
  ['headerColor', 'Header'],
  ['backgroundColor', 'Background'],
  ['textColor', 'Text'],
  ['buttonColor', 'Buttons'],
]

function ThemeCard({ admin }: { admin: boolean }) {
  const theme = useTheme()
  const save = useSaveTheme()
  const { toast } = useNotifications()
  const [t, setT] = useState<Theme & { _id: string | null }>({ _id: null, ...DEFAULT_THEME })
  useEffect(() => {
    if (theme.data) setT(theme.data)
  }, [theme.data])
  if (theme.isPending) return <Spinner label="Loading the theme" />
  return (
    <form
      className="card"
      aria-labelledby="theme-title"
      onSubmit={(e) => {
        e.preventDefault()
        save.mutate(t, { onSuccess: () => toast('success', 'Updated Successfully'), onError: (err) => toast('error', errorMessage(err)) })
      }}
    >
      <h2 id="theme-title">Theme colours</h2>
      <div className="colour-grid">
        {COLOURS.map(([k, label]) => (
          <div key={k} className="field colour">
            <label htmlFor={`theme-${k}`}>{label}</label>
            <input
              type="color"
              id={`theme-${k}`}
              name={k}
              value={t[k]}
              disabled={!admin}
              aria-describedby={`theme-${k}-contrast`}
              onChange={(e) => setT({ ...t, [k]: e.target.value })}
            />
            <code>{t[k]}</code>
            {/* Live, next to its field: text below WCAG AA on the chosen colour (lib/theme). */}
            <p id={`theme-${k}-contrast`} className="contrast-warning" role="status">
              {contrastWarning(k, t[k]) ?? ''}
            </p>
          </div>
        ))}
      </div>
      <div className="actions">
        <button type="button" disabled={!admin} onClick={() => setT({ ...t, ...DEFAULT_THEME })}>
          Reset to defaults
        </button>
        <button className="primary" type="submit" disabled={!admin || save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? 'Saving…' : 'Save colours'}
        </button>
      </div>
    </form>
  )
}

export function SettingsPage() {
  const admin = useSession().authData?.admin === true
  return (
    <section className="settings">
      <h1>Trust Center Setting</h1>
      {!admin && <p className="muted">Only admins can change these settings.</p>}
      <BrandingCard admin={admin} />
      <ThemeCard admin={admin} />
      <PublishCard admin={admin} />
      {admin && <ScimCard />}
    </section>
  )
}
