import { InboundReviewPage } from '../../../features/outbound/components/inbound-review-page'

/** Inbound review page of an outside user (the emailed link): its own header with Terms, Privacy and Logout. */
export default function InboundReviewRoute() {
  return <InboundReviewPage />
}
