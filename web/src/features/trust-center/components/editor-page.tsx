// Trust Center Editor (spec §2): the overview, compliance and documents blocks, and the security
// card block. Each block loads and saves on its own; publish and unpublish at the top.
import { lazy, Suspense } from 'react'
import { Spinner } from '../../../components/ui/spinner'
import { useSession } from '../../../lib/auth'
import { PublishCard } from './publish-card'

const OverviewBlock = lazy(() => import('./overview-block'))
const ComplianceBlock = lazy(() => import('./compliance-block'))
const DocumentsBlock = lazy(() => import('./documents-block'))
const SecurityBlock = lazy(() => import('./security-block'))

export function EditorPage() {
  const admin = useSession().authData?.admin === true
  return (
    <section className="editor">
      <div className="card-head">
        <h1>Trust Center Editor</h1>
        <a className="link-button" href="/trust-center" target="_blank" rel="noopener">
          Preview
        </a>
      </div>
      {/* Publishing sits where the content is written (issue 25), not only in Settings. */}
      <PublishCard admin={admin} />
      <div className="editor-column">
        <Suspense fallback={<Spinner label="Loading the overview" />}>
          <OverviewBlock />
        </Suspense>
        <Suspense fallback={<Spinner label="Loading compliance" />}>
          <ComplianceBlock />
        </Suspense>
        <Suspense fallback={<Spinner label="Loading documents" />}>
          <DocumentsBlock />
        </Suspense>
      </div>
      <Suspense fallback={<Spinner label="Loading security" />}>
        <SecurityBlock />
      </Suspense>
    </section>
  )
}
