import { useWebhooks } from '../../../features/api-access/api/webhooks'
import { WebhooksPage } from '../../../features/api-access/components/webhooks-page'

export default function WebhooksRoute() {
  const hooks = useWebhooks()
  return <WebhooksPage hooks={hooks.data?.data ?? []} loading={hooks.isPending} error={hooks.error} />
}
