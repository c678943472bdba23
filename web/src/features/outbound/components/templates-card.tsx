// 'Questionnaire Templates' (spec §2): file name, human size, created date, the questions found,
// download, questions (view and correct), delete with confirmation.
import { useState } from 'react'
import { CardHeader } from '../../../components/ui/card-header'
import { ConfirmMutation } from '../../../components/ui/confirm-mutation'
import { DataTable } from '../../../components/ui/data-table'
import { FormError } from '../../../components/ui/form-message'
import { useNotifications } from '../../../components/ui/notifications'
import { Spinner } from '../../../components/ui/spinner'
import { formatDateTime } from '../../../lib/format-date'
import { downloadTemplate, type TemplateSummary, useDeleteTemplate, useTemplates } from '../api/templates'
import { AddTemplateModal } from './add-template-modal'
import { failureText } from './failure'
import { humanSize, templateStateText } from './format'
import { TemplateQuestionsModal } from './template-questions-modal'

export function TemplatesCard() {
  const templates = useTemplates()
  const remove = useDeleteTemplate()
  const { toast } = useNotifications()
  const [adding, setAdding] = useState(false)
  const [editing, setEditing] = useState<TemplateSummary | null>(null)
  const [toDelete, setToDelete] = useState<TemplateSummary | null>(null)
  const rows = templates.data ?? []
  // The open editor follows the list (extraction finishing while it is open).
  const editingLive = editing ? (rows.find((t) => t._id === editing._id) ?? editing) : null

  const download = (t: TemplateSummary) =>
    downloadTemplate(t).then(
      () => toast('success', 'Template downloaded successfully'),
      () => toast('error', 'Failed to download template'),
    )

  return (
    <section className="card" aria-labelledby="templates-title">
      <CardHeader action="Add Template" onAction={() => setAdding(true)}>
        <h2 id="templates-title">Questionnaire Templates</h2>
      </CardHeader>
      {templates.isPending ? (
        <Spinner label="Loading templates" />
      ) : templates.isError ? (
        <FormError>The templates could not be loaded. Please refresh the page.</FormError>
      ) : (
        <DataTable
          className="stack"
          columns={['File name', 'Size', 'Created', 'Questions', 'Action']}
          rows={rows}
          empty="No templates yet. Add one to send the same questionnaire to several clients."
        >
          {(t) => (
            <tr key={t._id}>
              <td className="file-name" data-label="File name">
                {t.fileName}
              </td>
              <td data-label="Size">{humanSize(t.fileSize)}</td>
              <td data-label="Created">{formatDateTime(t.createdAt)}</td>
              <td className={`file-state ${t.state}`} data-label="Questions">
                {templateStateText(t)}
              </td>
              <td className="row-actions" data-label="Action">
                {t.state === 'check' ? (
                  <button className="primary small" aria-label={`Check the columns of ${t.fileName}`} onClick={() => setEditing(t)}>
                    Check the columns
                  </button>
                ) : (
                  <button className="secondary small" aria-label={`Questions of ${t.fileName}`} onClick={() => setEditing(t)}>
                    Questions
                  </button>
                )}
                <button className="secondary small" aria-label={`Download ${t.fileName}`} onClick={() => void download(t)}>
                  Download
                </button>
                <button className="danger small" aria-label={`Delete ${t.fileName}`} onClick={() => setToDelete(t)}>
                  Delete
                </button>
              </td>
            </tr>
          )}
        </DataTable>
      )}
      {adding && <AddTemplateModal onClose={() => setAdding(false)} />}
      {editingLive && <TemplateQuestionsModal template={editingLive} onClose={() => setEditing(null)} />}
      {toDelete && (
        <ConfirmMutation
          title="Delete Template"
          message={`Are you sure you want to delete the template ${toDelete.fileName}?`}
          mutation={remove}
          variables={toDelete._id}
          success="Template deleted successfully"
          failure={(err) => failureText(err, 'Error deleting template', 'An error occurred while deleting template', true)}
          onClose={() => setToDelete(null)}
        />
      )}
    </section>
  )
}
