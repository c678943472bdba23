import { type FormEvent, useEffect, useState } from 'react'
import { Field } from '../../../components/ui/field'
import { useNotifications } from '../../../components/ui/notifications'
import { Spinner } from '../../../components/ui/spinner'
import { useOverview, useSaveOverview } from '../api'
import { htmlToMarkup, markupToHtml, RichTextEditor } from './rich-text-editor'

export default function OverviewBlock() {
  const overview = useOverview()
  const save = useSaveOverview()
  const { toast } = useNotifications()
  const [subTitle, setSubTitle] = useState('')
  const [markup, setMarkup] = useState('')
  useEffect(() => {
    if (overview.data) {
      setSubTitle(overview.data.subTitle)
      setMarkup(htmlToMarkup(overview.data.description))
    }
  }, [overview.data])
  if (overview.isPending) return <Spinner label="Loading the overview" />
  const submit = (e: FormEvent) => {
    e.preventDefault()
    save.mutate({ _id: overview.data?._id, subTitle: subTitle.trim(), description: markupToHtml(markup) }, {
      onSuccess: () => toast('success', overview.data ? 'Updated Successfully' : 'Added Successfully'),
      onError: (err) => toast('error', err.message || 'Error:Something went wrong!'),
    })
  }
  return (
    <form className="card block" onSubmit={submit} aria-labelledby="overview-title">
      <h3 id="overview-title">Overview</h3>
      <Field name="subTitle" label="Sub-title" value={subTitle} maxLength={200} onChange={(e) => setSubTitle(e.target.value)} />
      <RichTextEditor label="Description" value={markup} onChange={setMarkup} />
      <div className="actions"><button className="primary" type="submit" disabled={save.isPending}>Save overview</button></div>
    </form>
  )
}
