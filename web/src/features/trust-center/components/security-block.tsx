// The security card block: categories, each with sub-items, edited by id (spec: /security/... calls).
import { type FormEvent, useState } from 'react'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { useNotifications } from '../../../components/ui/notifications'
import { Spinner } from '../../../components/ui/spinner'
import { type Category, type Item, useSecurity, useSecurityMutations } from '../api'

function ItemForm({ initial, submitLabel, onSubmit, onCancel }: { initial?: Item; submitLabel: string; onSubmit(v: { title: string; description: string }): void; onCancel?: () => void }) {
  const [title, setTitle] = useState(initial?.title ?? '')
  const [description, setDescription] = useState(initial?.description ?? '')
  const [error, setError] = useState('')
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!title.trim()) return setError('This field is required')
    onSubmit({ title: title.trim(), description: description.trim() })
    if (!initial) {
      setTitle('')
      setDescription('')
    }
    return undefined
  }
  return (
    <form className="item-form" onSubmit={submit}>
      <input aria-label="Title" name="title" placeholder="Title" value={title} maxLength={200} onChange={(e) => { setTitle(e.target.value); setError('') }} />
      <input aria-label="Description" name="itemDescription" placeholder="Description" value={description} maxLength={2000} onChange={(e) => setDescription(e.target.value)} />
      <button type="submit">{submitLabel}</button>
      {onCancel && <button type="button" onClick={onCancel}>Cancel</button>}
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
  const fail = () => toast('error', 'Error:Something went wrong!')
  if (list.isPending) return <Spinner label="Loading security" />
  return (
    <div className="card block security-block">
      <h3 id="security-title">Security</h3>
      {list.data?.length ? null : <p className="muted">No Data found</p>}
      <div className="security-grid">
        {list.data?.map((c) => (
          <article key={c._id} className="security-card">
            {editing === c._id ? (
              <ItemForm initial={c} submitLabel="Save" onCancel={() => setEditing(null)} onSubmit={(v) => m.update.mutate({ id: c._id, ...v }, { onSuccess: () => setEditing(null), onError: fail })} />
            ) : (
              <header>
                <h4>{c.title}</h4>
                <button type="button" className="link-button" onClick={() => setEditing(c._id)}>Edit</button>
                <button type="button" className="link-button" aria-label={`Delete ${c.title}`} onClick={() => setDeleting({ category: c })}>Delete</button>
              </header>
            )}
            {c.description && editing !== c._id && <p className="muted">{c.description}</p>}
            <ul>
              {c.subdata.map((i) => (
                <li key={i._id}>
                  {editing === i._id ? (
                    <ItemForm initial={i} submitLabel="Save" onCancel={() => setEditing(null)} onSubmit={(v) => m.updateItem.mutate({ id: c._id, itemId: i._id, ...v }, { onSuccess: () => setEditing(null), onError: fail })} />
                  ) : (
                    <>
                      <span><strong>{i.title}</strong>{i.description ? ` ${i.description}` : ''}</span>
                      <button type="button" className="link-button" onClick={() => setEditing(i._id)}>Edit</button>
                      <button type="button" className="link-button" aria-label={`Delete ${i.title}`} onClick={() => setDeleting({ category: c, item: i })}>Delete</button>
                    </>
                  )}
                </li>
              ))}
            </ul>
            <ItemForm submitLabel="Add item" onSubmit={(v) => m.addItem.mutate({ id: c._id, ...v }, { onError: fail })} />
          </article>
        ))}
      </div>
      <h4>New category</h4>
      <ItemForm submitLabel="Add category" onSubmit={(v) => m.add.mutate(v, { onSuccess: () => toast('success', 'Added Successfully'), onError: fail })} />
      {deleting && (
        <ConfirmDialog title={deleting.item ? 'Delete item' : 'Delete category'} message={`Are you sure you want to delete ${deleting.item?.title ?? deleting.category.title}?`}
          busy={m.remove.isPending || m.removeItem.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const done = { onSettled: () => setDeleting(null), onError: fail }
            if (deleting.item) m.removeItem.mutate({ id: deleting.category._id, itemId: deleting.item._id }, done)
            else m.remove.mutate(deleting.category._id, done)
          }} />
      )}
    </div>
  )
}
