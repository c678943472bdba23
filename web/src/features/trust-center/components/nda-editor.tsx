// NDA editor (spec §2): one textarea of 20 rows and Save. Every save is a new version on the
// server; acceptances of earlier versions are kept.
import { type FormEvent, useEffect, useState } from 'react'
import { useNotifications } from '../../../components/ui/notifications'
import { Spinner } from '../../../components/ui/spinner'
import { formatDateEST } from '../../../lib/format-date'
import { useNda, useSaveNda } from '../api'

export function NdaEditor() {
  const nda = useNda()
  const save = useSaveNda()
  const { toast } = useNotifications()
  const [text, setText] = useState('')
  const [error, setError] = useState('')
  useEffect(() => {
    if (nda.data) setText(nda.data.description)
  }, [nda.data])
  if (nda.isPending) return <Spinner label="Loading the NDA" />
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!text.trim()) return setError('This field is required')
    save.mutate({ _id: nda.data?._id, description: text }, {
      onSuccess: () => toast('success', nda.data ? 'Updated Successfully' : 'Added Successfully'),
      onError: () => toast('error', 'Error:Something went wrong!'),
    })
    return undefined
  }
  return (
    <form className="card" onSubmit={submit}>
      <h2>NDA</h2>
      {nda.data && <p className="muted">Version {nda.data.version} · last updated {formatDateEST(nda.data.updatedAt)}</p>}
      <label htmlFor="nda-text" className="visually-hidden">NDA text</label>
      <textarea id="nda-text" name="description" rows={20} value={text} maxLength={50000} onChange={(e) => { setText(e.target.value); setError('') }} aria-invalid={Boolean(error)} />
      {error && <p className="field-error">{error}</p>}
      <div className="actions"><button className="primary" type="submit" disabled={save.isPending}>Save</button></div>
    </form>
  )
}
