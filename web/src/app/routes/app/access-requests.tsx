import { AccessRequestsPage } from '../../../features/trust-center/components/access-requests-page'

export default function Route() {
  return <AccessRequestsPage />
}
