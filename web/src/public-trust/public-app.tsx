// The public trust center on a published host (spec "Special domain"): `/NDA` the public NDA, the
// legal pages, and any other path (`/`, `/{userId}`) the trust center. The gateway renders the
// trust center on the server with these components and inlines its data, which the browser then
// hydrates (main.tsx); without inlined data one call loads the page (the server records the view);
// an approval link (`#access=<token>&email=<email>`) is stored, removed from the address bar and
// checked; gated documents then download with it, after the NDA when it was not accepted yet.
import { lazy, Suspense, useEffect, useState } from 'react'
import { AcceptNdaForm, PublicNdaPage, RequestAccessForm } from './access-forms'
import { checkAccess, getPage, type Grant, PublicError, saveDownload, type TrustDocument, type TrustPage, visitorStore } from './api'
import { TrustCenterView, themeStyle } from './trust-center-view'
import { followUpdatesLink, SubscribeForm, takeUpdatesLink } from './updates'
import './trust.css'

const Terms = lazy(() => import('../features/legal/components/terms-of-service').then((m) => ({ default: m.TermsOfService })))
const Privacy = lazy(() => import('../features/legal/components/privacy-policy').then((m) => ({ default: m.PrivacyPolicy })))

/** Reads an approval link's fragment once, keeps it in storage, and clears it from the address bar. */
function takeAccessLink(): void {
  const hash = new URLSearchParams(window.location.hash.slice(1))
  const token = hash.get('access')
  if (!token) return
  visitorStore.set('fileAccess', token)
  visitorStore.set('userAccessEmail', hash.get('email') ?? '')
  history.replaceState(null, '', window.location.pathname + window.location.search)
}

function TrustCenterPage({ initialPage }: { initialPage: TrustPage | null }) {
  const [page, setPage] = useState<TrustPage | null>(initialPage)
  const [failure, setFailure] = useState('')
  const [grant, setGrant] = useState<Grant | null>(null)
  const [dialog, setDialog] = useState<'request' | 'nda' | null>(null)
  /** The document a request is made from (named to staff), if any. */
  const [requested, setRequested] = useState<TrustDocument | undefined>(undefined)
  const [notice, setNotice] = useState('')
  const [updates, setUpdates] = useState<{ ok: boolean; text: string } | null>(null)

  useEffect(() => {
    // The page answers the visitor from here on (for a server-rendered page: hydrated); tests wait for it.
    document.getElementById('root')?.setAttribute('data-ready', '')
    if (!initialPage)
      getPage().then(setPage, (e: unknown) =>
        setFailure(
          e instanceof PublicError && e.status === 404 ? 'This trust center is not available.' : 'The trust center could not be loaded. Please try again.',
        ),
      )
    const check = () => {
      const link = takeUpdatesLink()
      if (link) followUpdatesLink(link).then(setUpdates)
      takeAccessLink()
      const token = visitorStore.get('fileAccess')
      if (!token) return
      checkAccess(token).then(
        (g) => {
          setNotice('')
          setGrant(g)
          setDialog(g.ndaAccepted ? null : 'nda')
        },
        () => {
          visitorStore.clear()
          setGrant(null)
          setNotice('Your access link is no longer valid. Please request access again.')
        },
      )
    }
    check()
    // The mailed link may be opened in a tab already showing the page: only the fragment changes.
    window.addEventListener('hashchange', check)
    return () => window.removeEventListener('hashchange', check)
  }, [initialPage])

  const granted = Boolean(grant?.ndaAccepted)
  const credentials = () => (granted ? { userAccessEmail: visitorStore.get('userAccessEmail'), permissionToken: visitorStore.get('fileAccess') } : {})
  const onDownload = (doc: TrustDocument) => {
    setNotice('')
    // The server records the download as it serves it: nothing to report afterwards.
    saveDownload('/api/fs/download-docs', { fileKey: doc._id, newFileName: doc.fileName, ...credentials() }, doc.fileName).catch((e: Error) =>
      setNotice(e.message),
    )
  }
  const onDownloadAll = () => {
    if (!page) return
    setNotice('')
    saveDownload('/api/fs/bulk-download-docs', { fileKeys: page.documents.map((d) => d._id), ...credentials() }, 'Trust_Center_Bulk_Download.zip').catch(
      (e: Error) => setNotice(e.message),
    )
  }

  if (failure)
    return (
      <main className="tc-main">
        <section className="tc-card">
          <h1>Trust center</h1>
          <p>{failure}</p>
        </section>
      </main>
    )
  if (!page)
    return (
      <div className="tc-loading" aria-busy="true">
        Loading…
      </div>
    )
  return (
    <>
      <TrustCenterView
        page={page}
        actions={{
          granted,
          onDownload,
          onDownloadAll,
          onRequestAccess: (doc) => {
            setRequested(doc)
            setDialog('request')
          },
        }}
        banner={
          <>
            {updates && (
              <p className={updates.ok ? 'tc-notice tc-ok' : 'tc-notice'} role={updates.ok ? 'status' : 'alert'}>
                {updates.text}
              </p>
            )}
            {notice ? (
              <p className="tc-notice" role="alert">
                {notice}
              </p>
            ) : grant && granted ? (
              <p className="tc-notice tc-ok" role="status">
                Access granted to {grant.email}
              </p>
            ) : null}
          </>
        }
        after={<SubscribeForm />}
      />
      {dialog === 'request' && (
        <div style={themeStyle(page.theme)}>
          <RequestAccessForm hasNda={Boolean(page.nda)} document={requested} onClose={() => setDialog(null)} />
        </div>
      )}
      {dialog === 'nda' && grant && (
        <div style={themeStyle(page.theme)}>
          <AcceptNdaForm
            email={grant.email}
            permissionToken={visitorStore.get('fileAccess')}
            onAccepted={() => {
              setGrant({ ...grant, ndaAccepted: true })
              setDialog(null)
            }}
          />
        </div>
      )}
    </>
  )
}

/**
 * `path` is the page's path (the address bar's when not given: the console's router mounts it so);
 * `initialPage` the data the server rendered it with (null: fetch it).
 */
export function PublicApp({ path = window.location.pathname, initialPage = null }: { path?: string; initialPage?: TrustPage | null }) {
  if (path === '/NDA') return <PublicNdaPage />
  if (path === '/terms-of-service' || path === '/privacy-policy') {
    return <Suspense fallback={<div className="tc-loading">Loading…</div>}>{path === '/terms-of-service' ? <Terms /> : <Privacy />}</Suspense>
  }
  return <TrustCenterPage initialPage={initialPage} />
}
