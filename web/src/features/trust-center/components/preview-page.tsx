// The signed-in preview (/trust-center): the public view with the staff's own data, published or not.
import { Spinner } from '../../../components/ui/spinner'
import { downloadFile } from '../../../lib/api-client'
import '../../../public-trust/trust.css'
import { TrustCenterView } from '../../../public-trust/trust-center-view'
import { useClientDetails, usePreview } from '../api'

export function PreviewPage() {
  const page = usePreview()
  const details = useClientDetails()
  if (page.isPending) return <Spinner label="Loading the preview" />
  if (!page.data) return <p className="form-error">The preview could not be loaded. Please refresh the page.</p>
  const published = details.data?.cnamepublish
  return (
    <TrustCenterView
      page={page.data}
      footer={false}
      banner={
        <aside aria-label="Preview notice">
          <p className="tc-preview-banner">Preview{published === false ? ': this trust center is not published yet (Settings → Publish).' : ''}</p>
        </aside>
      }
      actions={{
        granted: true,
        onRequestAccess: () => undefined,
        onDownload: (d) => void downloadFile('/api/fs/download-docs', d.fileName, { fileKey: d._id, newFileName: d.fileName }),
      }}
    />
  )
}
