import { SpecText } from '@portal/contracts/spec-text'
import type { FormEvent } from 'react'
import { DraftNotice } from '../../../components/ui/draft-notice'
import { Field } from '../../../components/ui/field'
import { useNotifications } from '../../../components/ui/notifications'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import { useDraft } from '../../../lib/drafts'
import { useOverview, useSaveOverview } from '../api'
import { htmlToMarkup, markupToHtml, RichTextEditor } from './rich-text-editor'

export default function OverviewBlock() {
  const overview = useOverview()
  const save = useSaveOverview()
  const { toast } = useNotifications()
  // Drafts (lib/drafts) over what the server has: typed text survives a forced sign-in.
  const loaded = overview.data !== undefined
  const subTitle = useDraft(loaded ? 'overview:subTitle' : null, overview.data?.subTitle ?? '')
  const markup = useDraft(loaded ? 'overview:description' : null, overview.data ? htmlToMarkup(overview.data.description) : '')
  if (overview.isPending) return <Spinner label="Loading the overview" />
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const sent = { subTitle: subTitle.value, markup: markup.value }
    save.mutate(
      { _id: overview.data?._id, subTitle: subTitle.value.trim(), description: markupToHtml(markup.value) },
      {
        onSuccess: () => {
          subTitle.clear(sent.subTitle)
          markup.clear(sent.markup)
          toast('success', overview.data ? 'Updated Successfully' : SpecText.added)
        },
        onError: (err) => toast('error', errorMessage(err)),
      },
    )
  }
  return (
    <form className="card block" onSubmit={submit} aria-labelledby="overview-title">
      <h2 id="overview-title">Overview</h2>
      <DraftNotice
        draft={{
          restored: subTitle.restored || markup.restored,
          discard: () => {
            subTitle.discard()
            markup.discard()
          },
        }}
      />
      <Field name="subTitle" label="Sub-title" value={subTitle.value} maxLength={200} onChange={(e) => subTitle.set(e.target.value)} />
      <RichTextEditor label="Description" value={markup.value} onChange={markup.set} />
      <div className="actions">
        <button className="primary" type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? 'Saving…' : 'Save overview'}
        </button>
      </div>
    </form>
  )
}
