// 'Send Security Questionnaire' (spec §2, §4, §5): a file (pdf, xls, xlsx) or a template, the
// client's name and email, and how long the emailed link works. On success the form resets and the
// modal closes 4 s later.
import { type FormEvent, useEffect, useReducer, useRef, useState } from 'react'
import { bindFields, Field } from '../../../components/ui/field'
import { FormActions } from '../../../components/ui/form-actions'
import { FormError, FormSuccess } from '../../../components/ui/form-message'
import { Modal } from '../../../components/ui/modal'
import { useNotifications } from '../../../components/ui/notifications'
import { INVITE_MESSAGE_MS } from '../../../config/constants'
import { useSendOutbound } from '../api/outbounds'
import { extracting, useTemplates } from '../api/templates'
import { failureText } from './failure'
import { EMPTY_SEND_FORM, MAX_EXPIRY_DAYS, QUESTIONNAIRE_ACCEPT, type SendFormErrors, sendFormReducer, validateSendForm } from './send-form'

/** Spec §9: the send modal closes 4000 ms after success. */
const CLOSE_AFTER_MS = INVITE_MESSAGE_MS

export function SendModal({ onClose }: { onClose: () => void }) {
  const [form, dispatch] = useReducer(sendFormReducer, EMPTY_SEND_FORM)
  const [errors, setErrors] = useState<SendFormErrors>({})
  const [success, setSuccess] = useState('')
  const [failure, setFailure] = useState('')
  const fileInput = useRef<HTMLInputElement>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const templates = useTemplates()
  const send = useSendOutbound()
  const { toast } = useNotifications()
  useEffect(() => () => clearTimeout(timer.current), [])
  // A template picked clears the file input too (the state alone cannot empty it).
  useEffect(() => {
    if (!form.file && fileInput.current) fileInput.current.value = ''
  }, [form.file])

  const clear = (key: keyof SendFormErrors) => setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e))
  const field = bindFields<'clientName' | 'email' | 'expiresInDays'>(form, errors, (key, value) => {
    dispatch({ type: 'field', field: key, value })
    clear(key)
  })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const problems = validateSendForm(form)
    setErrors(problems)
    setFailure('')
    if (Object.values(problems).some(Boolean)) return
    send.mutate(
      { clientName: form.clientName, email: form.email, expiresInDays: Number(form.expiresInDays), file: form.file, templateId: form.templateId },
      {
        onSuccess: (reply) => {
          // Saved but not mailed: the server says so (and that Resend mails it).
          const message = reply?.message || 'Outbound sent successfully'
          toast(message === 'Outbound sent successfully' ? 'success' : 'warn', message)
          setSuccess(message)
          dispatch({ type: 'reset' })
          timer.current = setTimeout(onClose, CLOSE_AFTER_MS)
        },
        onError: (err) => {
          const message = failureText(err, 'Error sending outbound', 'An error occurred', true)
          toast('error', message)
          setFailure(message)
        },
      },
    )
  }
  const usable = (templates.data ?? []).filter((t) => t.state !== 'failed')

  return (
    <Modal title="Send Security Questionnaire" onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="send-file">Questionnaire file (pdf, xls or xlsx)</label>
          <input
            id="send-file"
            name="files"
            type="file"
            ref={fileInput}
            accept={QUESTIONNAIRE_ACCEPT}
            aria-invalid={errors.source ? true : undefined}
            aria-describedby={errors.source ? 'send-source-error' : undefined}
            onChange={(e) => {
              dispatch({ type: 'file', file: e.target.files?.[0] ?? null })
              clear('source')
            }}
          />
        </div>
        <p className="muted small or-line">or</p>
        <div className="field">
          <label htmlFor="send-template">Template</label>
          <select
            id="send-template"
            name="templateId"
            value={form.templateId}
            aria-invalid={errors.source ? true : undefined}
            aria-describedby={errors.source ? 'send-source-error' : undefined}
            onChange={(e) => {
              dispatch({ type: 'template', templateId: e.target.value })
              clear('source')
            }}
          >
            <option value="">Choose a template...</option>
            {usable.map((t) => (
              <option key={t._id} value={t._id} disabled={extracting(t) || t.state === 'check'}>
                {extracting(t) ? `${t.fileName} (questions being read)` : t.state === 'check' ? `${t.fileName} (check its columns first)` : t.fileName}
              </option>
            ))}
          </select>
          {errors.source && (
            <p className="field-error" id="send-source-error">
              {errors.source}
            </p>
          )}
        </div>
        <Field label="Client name" autoComplete="organization" maxLength={200} {...field('clientName')} />
        <Field label="Email" type="email" autoComplete="off" maxLength={254} {...field('email')} />
        <Field label="Link works for (days)" type="number" inputMode="numeric" min={1} max={MAX_EXPIRY_DAYS} step={1} {...field('expiresInDays')} />
        <FormSuccess>{success}</FormSuccess>
        <FormError>{failure}</FormError>
        <FormActions pending={send.isPending} disabled={Boolean(success)} label="Send" pendingLabel="Sending…" onCancel={onClose} />
      </form>
    </Modal>
  )
}
