// Publishing in words a person uses (issue 25): "Publish your trust center" under a subdomain, and
// "Unpublish" after a confirm. The spec's routes stay (/api/fs/add-cname {subdomain}, remove-cname);
// the status and URL come from the server (/api/domainnamestatus), never guessed from this page.
import { useEffect, useState } from 'react'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { Field } from '../../../components/ui/field'
import { useNotifications } from '../../../components/ui/notifications'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import { useClientDetails, usePublish, useSiteStatus, useUnpublish } from '../api'

export function PublishCard({ admin, headingLevel = 2 }: { admin: boolean; headingLevel?: 2 | 3 }) {
  const details = useClientDetails()
  const status = useSiteStatus()
  const publish = usePublish()
  const unpublish = useUnpublish()
  const { toast } = useNotifications()
  const [sub, setSub] = useState('')
  const [confirming, setConfirming] = useState(false)
  useEffect(() => {
    if (details.data) setSub(details.data.cname)
  }, [details.data])
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  if (details.isPending || status.isPending) return <Spinner label="Loading the trust center URL" />
  if (details.isError || status.isError)
    return (
      <div className="card" role="alert">
        <p>{`Whether your trust center is public could not be loaded. ${errorMessage(details.error ?? status.error, '')}`.trim()}</p>
      </div>
    )
  const { published, url } = status.data
  return (
    <section className="card publish-card" aria-labelledby="publish-title">
      <Heading id="publish-title">{published ? 'Your trust center is public' : 'Publish your trust center'}</Heading>
      {published ? (
        <>
          <p>
            Your trust center is live at{' '}
            <a href={`${url}/`} target="_blank" rel="noopener noreferrer">
              {url}
            </a>
          </p>
          {admin && (
            <div className="actions">
              <button type="button" className="danger" onClick={() => setConfirming(true)}>
                Unpublish
              </button>
            </div>
          )}
        </>
      ) : (
        <>
          <p>Your trust center is not public yet: visitors cannot see it until you publish it.</p>
          {admin ? (
            <form
              className="inline-form"
              onSubmit={(e) => {
                e.preventDefault()
                publish.mutate(sub.trim().toLowerCase(), {
                  onSuccess: (r) => toast('success', `Your trust center is live at ${r.data.url}`),
                  onError: (err) => toast('error', errorMessage(err, ' error while publishing site')),
                })
              }}
            >
              <Field
                name="subdomain"
                label={`Address (subdomain of ${details.data.maindomain})`}
                value={sub}
                maxLength={63}
                onChange={(e) => setSub(e.target.value)}
              />
              <div className="actions">
                <button className="primary" type="submit" disabled={publish.isPending} aria-busy={publish.isPending || undefined}>
                  {publish.isPending ? 'Publishing…' : 'Publish your trust center'}
                </button>
              </div>
            </form>
          ) : (
            <p className="muted">Only admins can publish it.</p>
          )}
        </>
      )}
      {confirming && (
        <ConfirmDialog
          title="Unpublish your trust center?"
          message={`Visitors will no longer see it at ${url}. You can publish it again at any time.`}
          confirmLabel="Unpublish"
          busy={unpublish.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            unpublish.mutate(undefined, {
              onSuccess: () => {
                setConfirming(false)
                toast('success', 'Your trust center is no longer public')
              },
              onError: (err) => toast('error', errorMessage(err, 'Your trust center could not be unpublished. Please try again.')),
            })
          }
        />
      )}
    </section>
  )
}
