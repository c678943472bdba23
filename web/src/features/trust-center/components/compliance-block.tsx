import type { ComplianceBadge } from '@portal/contracts'
import { SpecText } from '@portal/contracts/spec-text'
import { type FormEvent, useState } from 'react'
import { ConfirmMutation } from '../../../components/ui/confirm-mutation'
import { DraftNotice } from '../../../components/ui/draft-notice'
import { Field } from '../../../components/ui/field'
import { useNotifications } from '../../../components/ui/notifications'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import { useDraft } from '../../../lib/drafts'
import { Badge, BADGES, badgeLabel, STATUS_TEXT } from '../../../public-trust/badges'
import { type ComplianceRecord, useCompliance, useComplianceMutations } from '../api'

type Draft = Omit<ComplianceRecord, '_id'> & { _id?: string | undefined }
const EMPTY: Draft = { framework: '', status: 'compliant', badge: 'soc2', description: '' }

export default function ComplianceBlock() {
  const list = useCompliance()
  const { save, remove } = useComplianceMutations()
  const { toast } = useNotifications()
  // The form is a draft (lib/drafts): what was typed comes back after a forced sign-in.
  const form = useDraft<Draft>('compliance', EMPTY)
  const draft = form.value
  const setDraft = form.set
  const [error, setError] = useState('')
  const [deleting, setDeleting] = useState<ComplianceRecord | null>(null)
  if (list.isPending) return <Spinner label="Loading compliance" />
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!draft.framework.trim()) return setError(SpecText.required)
    save.mutate(
      { ...draft, framework: draft.framework.trim() },
      {
        onSuccess: () => {
          toast('success', draft._id ? 'Updated Successfully' : SpecText.added)
          setDraft(EMPTY)
          setError('')
        },
        onError: (err) => toast('error', errorMessage(err)),
      },
    )
    return undefined
  }
  return (
    <div className="card block">
      <h2 id="compliance-title">Compliance</h2>
      {list.data?.length ? (
        <ul className="compliance-list">
          {list.data.map((c) => (
            <li key={c._id}>
              <Badge badge={c.badge} framework={c.framework} status={c.status} />
              <span>
                <strong>{c.framework}</strong> <span className="muted">{STATUS_TEXT[c.status]}</span>
              </span>
              <button type="button" className="link-button" onClick={() => setDraft(c)}>
                Edit
              </button>
              <button type="button" className="link-button" aria-label={`Delete ${c.framework}`} onClick={() => setDeleting(c)}>
                Delete
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No Data found</p>
      )}
      <form onSubmit={submit} className="inline-form">
        <DraftNotice draft={form} what="framework" />
        <Field
          name="framework"
          label="Framework"
          value={draft.framework}
          maxLength={200}
          error={error}
          onChange={(e) => {
            setDraft({ ...draft, framework: e.target.value })
            setError('')
          }}
        />
        <div className="field-row">
          <label className="field">
            Status
            <select name="status" value={draft.status} onChange={(e) => setDraft({ ...draft, status: e.target.value as Draft['status'] })}>
              {Object.entries(STATUS_TEXT).map(([v, t]) => (
                <option key={v} value={v}>
                  {t}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            Badge
            <select name="badge" value={draft.badge} onChange={(e) => setDraft({ ...draft, badge: e.target.value as ComplianceBadge })}>
              {BADGES.map((b) => (
                <option key={b} value={b}>
                  {badgeLabel(b, 'Other')}
                </option>
              ))}
            </select>
          </label>
        </div>
        <Field
          name="complianceDescription"
          label="Description"
          value={draft.description}
          maxLength={2000}
          onChange={(e) => setDraft({ ...draft, description: e.target.value })}
        />
        <div className="actions">
          {draft._id && (
            <button type="button" onClick={() => setDraft(EMPTY)}>
              Cancel
            </button>
          )}
          <button className="primary" type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
            {save.isPending ? 'Saving…' : draft._id ? 'Save framework' : 'Add framework'}
          </button>
        </div>
      </form>
      {deleting && (
        <ConfirmMutation
          title="Delete framework"
          message={`Are you sure you want to delete ${deleting.framework}?`}
          mutation={remove}
          variables={deleting._id}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  )
}
