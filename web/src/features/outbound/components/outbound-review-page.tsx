// /outbound/review/:id (spec §2): the staff review of what the recipient answered, live, with the
// exports: the filled workbook (after the export report, in the review feature's dialog) and the
// plain answers sheet.
import { useState } from 'react'
import { Link, useParams } from 'react-router-dom'
import { useNotifications } from '../../../components/ui/notifications'
import { ExportDialog } from '../../review/components/export-dialog'
import { LayoutPanel } from '../../review/components/layout-form'
import { outboundLayout } from '../api/layout'
import { downloadAnswers, type OutboundDetail, outboundExport } from '../api/review'
import { failureText } from './failure'
import { QuestionnaireReview } from './questionnaire-review'

function Exports({ detail }: { detail: OutboundDetail }) {
  const { toast } = useNotifications()
  const [exporting, setExporting] = useState(false)
  const [downloading, setDownloading] = useState(false)
  const usable = detail.state === 'ready' && detail.file.questions.length > 0
  const downloadSheet = () => {
    setDownloading(true)
    downloadAnswers(detail._id)
      .catch((err: unknown) => toast('error', failureText(err, 'Failed to download file', 'An error occurred while downloading', true)))
      .finally(() => setDownloading(false))
  }
  return (
    <>
      <button className="secondary" disabled={!usable || downloading} aria-busy={downloading || undefined} onClick={downloadSheet}>
        Download answers sheet
      </button>
      <button className="primary" disabled={!usable} onClick={() => setExporting(true)}>
        Export filled questionnaire
      </button>
      {exporting && <ExportDialog source={outboundExport(detail._id)} onClose={() => setExporting(false)} />}
    </>
  )
}

export function OutboundReviewPage() {
  const { id = '' } = useParams()
  return (
    <QuestionnaireReview
      mode="outbound"
      outboundId={id}
      top={
        <Link className="back" to="/outbound">
          ← Back to Outbound
        </Link>
      }
      actions={(detail) => <Exports detail={detail} />}
      columns={(detail) => <LayoutPanel target={outboundLayout(detail._id)} />}
    />
  )
}
