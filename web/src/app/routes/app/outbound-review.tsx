import { OutboundReviewPage } from '../../../features/outbound/components/outbound-review-page'

export default function OutboundReviewRoute() {
  return <OutboundReviewPage />
}
