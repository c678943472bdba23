// Trust Center Setting (spec §2): logo (.png or .jpg) with Upload, Cancel and Save, the company
// title, theme colours, and the trust-center URL with Publish while pending.
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
import { type Theme, uploadLogo, useClientDetails, useCompanyInfo, usePublish, useSaveCompanyInfo, useSaveTheme, useTheme } from '../api'

function BrandingCard({ admin }: { admin: boolean }) {
  const info = useCompanyInfo()
  const save = useSaveCompanyInfo()
  const { toast } = useNotifications()
  const fileRef = useRef<HTMLInputElement>(null)
  // The typed title is a draft (lib/drafts): it survives a forced sign-in.
  const titleDraft = useDraft(info.data ? 'settings:companyTitle' : null, info.data?.companyTitle ?? '')
  const title = titleDraft.value
  const [logo, setLogo] = useState<string | null>(null)
  const [uploading, setUploading] = useState(false)
  useEffect(() => {
    if (info.data) setLogo(info.data.logo)
  }, [info.data])
  if (info.isPending) return <Spinner label="Loading settings" />
  const upload = async () => {
    const file = fileRef.current?.files?.[0]
    if (!file) return toast('error', SpecText.uploadFile)
    if (!/\.(png|jpe?g)$/i.test(file.name)) return toast('error', 'Only .png or .jpg images are accepted')
    setUploading(true)
    try {
      setLogo((await uploadLogo(file)).logo)
      toast('success', 'Logo uploaded: click Save to keep it')
    } catch (err) {
      toast('error', `Image upload fail${errorMessage(err, '') ? `: ${errorMessage(err, '')}` : ''}`)
    } finally {
      setUploading(false)
    }
    return undefined
  }
  const cancel = () => {
    setLogo(info.data?.logo ?? null)
    if (fileRef.current) fileRef.current.value = ''
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    save.mutate(
      { companyTitle: title.trim(), logo },
      {
        onSuccess: () => {
          titleDraft.clear(title)
          toast('success', 'Updated Successfully')
        },
        onError: (err) => toast('error', errorMessage(err)),
      },
    )
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
        {logo ? <img src={logo} alt="Logo" className="logo-preview" /> : <span className="muted">No logo yet</span>}
        <label className="field">
          Logo (.png or .jpg)
          <input ref={fileRef} type="file" name="logo" accept=".png,.jpg,.jpeg,image/png,image/jpeg" disabled={!admin} />
        </label>
      </div>
      <div className="actions">
        <button type="button" onClick={upload} disabled={!admin || uploading}>
          {uploading ? 'Uploading…' : 'Upload'}
        </button>
        <button type="button" onClick={cancel} disabled={!admin}>
          Cancel
        </button>
        <button className="primary" type="submit" disabled={!admin || save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? 'Saving…' : 'Save'}
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

function PublishCard({ admin }: { admin: boolean }) {
  const details = useClientDetails()
  const publish = usePublish()
  const { toast } = useNotifications()
  const [sub, setSub] = useState('')
  const [state, setState] = useState<'pending' | 'published' | 'error'>('pending')
  useEffect(() => {
    if (details.data) {
      setSub(details.data.cname)
      setState(details.data.cnamepublish ? 'published' : 'pending')
    }
  }, [details.data])
  if (details.isPending) return <Spinner label="Loading the trust center URL" />
  const d = details.data
  const host = `${sub || d?.cname}.${d?.maindomain}`
  return (
    <div className="card">
      <h2 id="url-title">Trust center URL</h2>
      <p>
        <strong>{host}</strong> {state === 'published' ? 'is published' : state === 'error' ? ' error while publishing site' : 'is pending'}
      </p>
      {state !== 'published' && admin && (
        <form
          className="inline-form"
          onSubmit={(e) => {
            e.preventDefault()
            publish.mutate(sub.trim().toLowerCase(), {
              onSuccess: (r) => {
                setState('published')
                toast('success', `Site has been published! ${r.message}`)
              },
              onError: (err) => {
                setState('error')
                toast('error', errorMessage(err, ' error while publishing site'))
              },
            })
          }}
        >
          <Field name="subdomain" label="Subdomain" value={sub} maxLength={63} onChange={(e) => setSub(e.target.value)} />
          <div className="actions">
            <button className="primary" type="submit" disabled={publish.isPending} aria-busy={publish.isPending || undefined}>
              {publish.isPending ? 'Publishing…' : 'Publish'}
            </button>
          </div>
        </form>
      )}
      {state === 'published' && (
        <p>
          <a href={`${window.location.protocol}//${host}${window.location.port ? `:${window.location.port}` : ''}/`} target="_blank" rel="noopener noreferrer">
            Open the public trust center
          </a>
        </p>
      )}
    </div>
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
    </section>
  )
}
