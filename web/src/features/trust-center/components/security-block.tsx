// The security card block: categories, each with sub-items, edited by id (spec: /security/... calls).
import { SpecText } from '@portal/contracts/spec-text'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { DraftNotice } from '../../../components/ui/draft-notice'
import { useNotifications } from '../../../components/ui/notifications'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import { useDraft, useHasDraft } from '../../../lib/drafts'
import { type Category, type Item, useSecurity, useSecurityMutations } from '../api'

type Values = { title: string; description: string }

/** Title and description of a category or item. `draftKey` names its draft (lib/drafts); the text is
 * cleared only once `onSubmit` succeeded, so a failed save keeps it. */
function ItemForm({
  draftKey,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  draftKey: string
  initial?: Item
  submitLabel: string
  onSubmit(v: Values): Promise<unknown>
  onCancel?: () => void
}) {
  const draft = useDraft<Values>(draftKey, { title: initial?.title ?? '', description: initial?.description ?? '' })
  const { title, description } = draft.value
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!title.trim()) return setError(SpecText.required)
    setBusy(true)
    const sent = draft.value
    try {
      await onSubmit({ title: title.trim(), description: description.trim() })
      if (initial) draft.clear(sent)
      else draft.set({ title: '', description: '' })
    } catch {
      // The caller reported it; the text stays for another try.
    } finally {
      setBusy(false)
    }
    return undefined
  }
  return (
    <form className="item-form" onSubmit={submit}>
      <DraftNotice draft={draft} />
      <input
        aria-label="Title"
        name="title"
        placeholder="Title"
        value={title}
        maxLength={200}
        onChange={(e) => {
          draft.set({ title: e.target.value, description })
          setError('')
        }}
      />
      <input
        aria-label="Description"
        name="itemDescription"
        placeholder="Description"
        value={description}
        maxLength={2000}
        onChange={(e) => draft.set({ title, description: e.target.value })}
      />
      <button type="submit" disabled={busy} aria-busy={busy || undefined}>
        {busy ? 'Saving…' : submitLabel}
      </button>
      {onCancel && (
        <button
          type="button"
          onClick={() => {
            draft.discard()
            onCancel()
          }}
        >
          Cancel
        </button>
      )}
      {error && <p className="field-error">{error}</p>}
    </form>
  )
}

export default function SecurityBlock() {
  const list = useSecurity()
  const m = useSecurityMutations()
  const { toast } = useNotifications()
  const [editing, setEditing] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<{ category: Category; item?: Item } | null>(null)
  const hasDraft = useHasDraft()
  const reopened = useRef(false)
  // An edit cut short by a forced sign-in opens again with its draft.
  useEffect(() => {
    if (reopened.current || !list.data) return
    reopened.current = true
    const edits = list.data.flatMap((c) => [[c._id, `security:${c._id}`], ...c.subdata.map((i) => [i._id, `security:${c._id}:${i._id}`])])
    const open = edits.find(([, key]) => hasDraft(key!))
    if (open) setEditing(open[0]!)
  }, [list.data, hasDraft])
  const fail = (err: Error) => toast('error', errorMessage(err))
  /** Runs a mutation for a form: resolves when saved, rejects (after telling the user) when not. */
  const run = <A,>(mutation: { mutateAsync(a: A): Promise<unknown> }, args: A, done?: () => void) =>
    mutation.mutateAsync(args).then(done, (err: Error) => {
      fail(err)
      throw err
    })
  if (list.isPending) return <Spinner label="Loading security" />
  return (
    <div className="card block security-block">
      <h2 id="security-title">Security</h2>
      {list.data?.length ? null : <p className="muted">No Data found</p>}
      <div className="security-grid">
        {list.data?.map((c) => (
          <article key={c._id} className="security-card">
            {editing === c._id ? (
              <ItemForm
                draftKey={`security:${c._id}`}
                initial={c}
                submitLabel="Save"
                onCancel={() => setEditing(null)}
                onSubmit={(v) => run(m.update, { id: c._id, ...v }, () => setEditing(null))}
              />
            ) : (
              <header>
                <h3>{c.title}</h3>
                <button type="button" className="link-button" onClick={() => setEditing(c._id)}>
                  Edit
                </button>
                <button type="button" className="link-button" aria-label={`Delete ${c.title}`} onClick={() => setDeleting({ category: c })}>
                  Delete
                </button>
              </header>
            )}
            {c.description && editing !== c._id && <p className="muted">{c.description}</p>}
            <ul>
              {c.subdata.map((i) => (
                <li key={i._id}>
                  {editing === i._id ? (
                    <ItemForm
                      draftKey={`security:${c._id}:${i._id}`}
                      initial={i}
                      submitLabel="Save"
                      onCancel={() => setEditing(null)}
                      onSubmit={(v) => run(m.updateItem, { id: c._id, itemId: i._id, ...v }, () => setEditing(null))}
                    />
                  ) : (
                    <>
                      <span>
                        <strong>{i.title}</strong>
                        {i.description ? ` ${i.description}` : ''}
                      </span>
                      <button type="button" className="link-button" onClick={() => setEditing(i._id)}>
                        Edit
                      </button>
                      <button type="button" className="link-button" aria-label={`Delete ${i.title}`} onClick={() => setDeleting({ category: c, item: i })}>
                        Delete
                      </button>
                    </>
                  )}
                </li>
              ))}
            </ul>
            <ItemForm draftKey={`security:${c._id}:new`} submitLabel="Add item" onSubmit={(v) => run(m.addItem, { id: c._id, ...v })} />
          </article>
        ))}
      </div>
      <h3>New category</h3>
      <ItemForm draftKey="security:new" submitLabel="Add category" onSubmit={(v) => run(m.add, v, () => toast('success', SpecText.added))} />
      {deleting && (
        <ConfirmDialog
          title={deleting.item ? 'Delete item' : 'Delete category'}
          message={`Are you sure you want to delete ${deleting.item?.title ?? deleting.category.title}?`}
          busy={m.remove.isPending || m.removeItem.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const done = { onSuccess: () => toast('success', SpecText.deleted), onError: fail, onSettled: () => setDeleting(null) }
            if (deleting.item) m.removeItem.mutate({ id: deleting.category._id, itemId: deleting.item._id }, done)
            else m.remove.mutate(deleting.category._id, done)
          }}
        />
      )}
    </div>
  )
}
