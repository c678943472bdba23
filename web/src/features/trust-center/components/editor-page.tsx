// Trust Center Editor (spec §2): the overview, compliance and documents blocks, and the security
// card block. Each block loads and saves on its own.
import { lazy, Suspense } from 'react'
import { Spinner } from '../../../components/ui/spinner'

const OverviewBlock = lazy(() => import('./overview-block'))
const ComplianceBlock = lazy(() => import('./compliance-block'))
const DocumentsBlock = lazy(() => import('./documents-block'))
const SecurityBlock = lazy(() => import('./security-block'))

export function EditorPage() {
  return (
    <section className="editor">
      <div className="card-head">
        <h1>Trust Center Editor</h1>
        <a className="link-button" href="/trust-center" target="_blank" rel="noopener">
          Preview
        </a>
      </div>
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
