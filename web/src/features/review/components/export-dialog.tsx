// The export dialog (issue 11): which answers go out (approved only, the default, or every draft),
// and the export report made on the written file before anything is downloaded: cells written per
// sheet, questions left blank and why, answer cells that held something and are replaced (with the
// old value), and the check that no cell other than answer cells changed and none was emptied.
// The filled workbook can be downloaded only when that check passed. All text is rendered as text.
import { useState } from 'react'
import { Modal } from '../../../components/ui/modal'
import { useNotifications } from '../../../components/ui/notifications'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import {
  downloadFilled,
  downloadQuestionsAndAnswers,
  type ExportReplacement,
  type ExportReport,
  type ExportScope,
  type ExportSkip,
  type ExportSource,
  REASONS,
  useExportReport,
} from '../api/export'

interface ExportDialogProps {
  /** What is exported (api/export questionnaireExport, or another record's URLs). */
  source: ExportSource
  onClose: () => void
}

/** Question ids listed under a reason before "and N more". */
const LISTED = 30

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

function Skipped({ title, skips }: { title: string; skips: ExportSkip[] }) {
  if (!skips.length) return null
  const byReason = new Map<ExportSkip['reason'], ExportSkip[]>()
  for (const s of skips) byReason.set(s.reason, [...(byReason.get(s.reason) ?? []), s])
  const order = Object.keys(REASONS)
  return (
    <section aria-label={title}>
      <h3>{title}</h3>
      <ul>
        {[...byReason]
          .sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0]))
          .map(([reason, list]) => (
            <li key={reason}>
              <details>
                <summary>{`${plural(list.length, 'question')}: ${REASONS[reason]}`}</summary>
                <p className="muted small">
                  {list
                    .slice(0, LISTED)
                    .map((s) => s.questionId || s._id)
                    .join(', ')}
                  {list.length > LISTED ? ` and ${list.length - LISTED} more` : ''}
                </p>
              </details>
            </li>
          ))}
      </ul>
    </section>
  )
}

/** A filled questionnaire being updated: each answer cell that held something, with what it held. */
function Replaced({ replaced }: { replaced: ExportReplacement[] }) {
  if (!replaced.length) return null
  return (
    <section aria-label="Replaced">
      <h3>Replaced</h3>
      <details>
        <summary>{`${plural(replaced.length, 'answer cell')} already filled in the workbook will be replaced`}</summary>
        <ul className="small">
          {replaced.slice(0, LISTED).map((r) => (
            <li key={`${r.sheet}!${r.address}`}>{`${r.questionId || r._id} (${r.sheet}!${r.address}): was “${r.before}”`}</li>
          ))}
        </ul>
        {replaced.length > LISTED && <p className="muted small">{`and ${replaced.length - LISTED} more`}</p>}
      </details>
    </section>
  )
}

function Report({ report }: { report: ExportReport }) {
  const v = report.verification
  return (
    // The report scrolls inside the dialog: a workbook of many sheets and reasons is long.
    <div style={{ maxHeight: 'min(55vh, 30rem)', overflowY: 'auto' }}>
      <p role="status" className={v.verified ? undefined : 'form-error'}>
        {v.verified
          ? `Verified on the written file: only answer cells changed (${plural(v.cells, 'cell')} compared on ${plural(v.sheets, 'sheet')}, ${plural(v.written, 'answer cell')} read back).`
          : `Not verified: ${v.message}. The filled workbook cannot be downloaded; download the questions and answers instead.`}
      </p>
      <p>
        {`${plural(report.cells, 'cell')} filled: ${plural(report.written, 'question')} written in full, ${report.partial} in part, ${report.blank} left blank (of ${report.questions}).`}
      </p>
      <table className="small" aria-label="Cells written per sheet">
        <thead>
          <tr>
            <th>Sheet</th>
            <th>Questions</th>
            <th>Written</th>
            <th>In part</th>
            <th>Blank</th>
            <th>Cells</th>
          </tr>
        </thead>
        <tbody>
          {report.sheets.map((s) => (
            <tr key={s.sheet}>
              <td>{s.sheet}</td>
              <td>{s.questions}</td>
              <td>{s.written}</td>
              <td>{s.partial}</td>
              <td>{s.blank}</td>
              <td>{s.cells}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Skipped title="Left blank" skips={report.leftBlank} />
      <Skipped title="Written in part" skips={report.writtenInPart} />
      <Replaced replaced={report.replaced} />
    </div>
  )
}

export function ExportDialog({ source, onClose }: ExportDialogProps) {
  const [scope, setScope] = useState<ExportScope>('approved')
  const report = useExportReport(source, scope)
  const { toast } = useNotifications()
  const [busy, setBusy] = useState(false)
  const download = (fn: () => Promise<void>) => {
    setBusy(true)
    fn()
      .catch((e) => toast('error', errorMessage(e, 'Failed to download file')))
      .finally(() => setBusy(false))
  }

  return (
    <Modal title="Export answers" onClose={onClose}>
      {source.scoped && (
        <fieldset>
          <legend>Answers to export</legend>
          <label>
            <input type="radio" name="scope" value="approved" checked={scope === 'approved'} onChange={() => setScope('approved')} /> Approved answers only
          </label>
          <label>
            <input type="radio" name="scope" value="all" checked={scope === 'all'} onChange={() => setScope('all')} /> All drafts
          </label>
        </fieldset>
      )}
      {report.isPending && <Spinner label="Writing and checking the workbook" />}
      {report.isError && <p className="form-error">{errorMessage(report.error, 'The export report could not be made')}</p>}
      {report.data && <Report report={report.data} />}
      <div className="actions">
        <button className="secondary" disabled={busy} onClick={() => download(() => downloadQuestionsAndAnswers(source, scope))}>
          {source.answersLabel}
        </button>
        <button
          className="primary"
          disabled={busy || !report.data?.verification.verified}
          aria-busy={busy || undefined}
          onClick={() => report.data && download(() => downloadFilled(source, scope, report.data.fileName))}
        >
          Download filled questionnaire
        </button>
      </div>
    </Modal>
  )
}
