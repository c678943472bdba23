// 'Questionnaire Templates' (spec §2): file name, human size, created date, the questions found,
// download, questions (view and correct), delete with confirmation.
import { useState } from 'react'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
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
      <div className="card-header">
        <h2 id="templates-title">Questionnaire Templates</h2>
        <button className="primary" onClick={() => setAdding(true)}>
          Add Template
        </button>
      </div>
      {templates.isPending ? (
        <Spinner label="Loading templates" />
      ) : templates.isError ? (
        <p className="form-error" role="alert">
          The templates could not be loaded. Please refresh the page.
        </p>
      ) : (
        <div className="table-wrap">
          <table className="stack">
            <thead>
              <tr>
                <th scope="col">File name</th>
                <th scope="col">Size</th>
                <th scope="col">Created</th>
                <th scope="col">Questions</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={5} className="empty">
                    No templates yet. Add one to send the same questionnaire to several clients.
                  </td>
                </tr>
              ) : (
                rows.map((t) => (
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
                      <button className="secondary small" aria-label={`Questions of ${t.fileName}`} onClick={() => setEditing(t)}>
                        Questions
                      </button>
                      <button className="secondary small" aria-label={`Download ${t.fileName}`} onClick={() => void download(t)}>
                        Download
                      </button>
                      <button className="danger small" aria-label={`Delete ${t.fileName}`} onClick={() => setToDelete(t)}>
                        Delete
                      </button>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      )}
      {adding && <AddTemplateModal onClose={() => setAdding(false)} />}
      {editingLive && <TemplateQuestionsModal template={editingLive} onClose={() => setEditing(null)} />}
      {toDelete && (
        <ConfirmDialog
          title="Delete Template"
          message={`Are you sure you want to delete the template ${toDelete.fileName}?`}
          busy={remove.isPending}
          onCancel={() => setToDelete(null)}
          onConfirm={() =>
            remove.mutate(toDelete._id, {
              onSuccess: () => toast('success', 'Template deleted successfully'),
              onError: (err) => toast('error', failureText(err, 'Error deleting template', 'An error occurred while deleting template', true)),
              onSettled: () => setToDelete(null),
            })
          }
        />
      )}
    </section>
  )
}
