// 'Add Template' (spec §2): a pdf, xls or xlsx file; Cancel and Create Template ('Creating...').
import { type FormEvent, useState } from 'react'
import { FormActions } from '../../../components/ui/form-actions'
import { Modal } from '../../../components/ui/modal'
import { useNotifications } from '../../../components/ui/notifications'
import { useCreateTemplate } from '../api/templates'
import { TEXT } from '../api/text'
import { failureText, serverWords } from './failure'
import { QUESTIONNAIRE_ACCEPT } from './send-form'

export function AddTemplateModal({ onClose }: { onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null)
  const [error, setError] = useState('')
  const create = useCreateTemplate()
  const { toast } = useNotifications()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!file) return setError(TEXT.templateFile)
    setError('')
    create.mutate(file, {
      onSuccess: () => {
        toast('success', 'Template created successfully')
        onClose()
      },
      onError: (err) => {
        toast('error', failureText(err, 'Error creating template', 'An error occurred while creating template'))
        setError(serverWords(err))
      },
    })
    return undefined
  }
  return (
    <Modal title="Add Template" onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="template-file">Template file (pdf, xls or xlsx)</label>
          <input
            id="template-file"
            name="template-file"
            type="file"
            accept={QUESTIONNAIRE_ACCEPT}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'template-file-error' : undefined}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null)
              setError('')
            }}
          />
          {error && (
            <p className="field-error" id="template-file-error">
              {error}
            </p>
          )}
        </div>
        <FormActions pending={create.isPending} label="Create Template" pendingLabel="Creating..." onCancel={onClose} />
      </form>
    </Modal>
  )
}
