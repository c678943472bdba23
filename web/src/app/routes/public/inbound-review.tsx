import { InboundReviewPage } from '../../../features/outbound/components/inbound-review-page'

/** Inbound review page of an outside user (the emailed link): its own header with Terms and Privacy (no Logout: a link, not an account). */
export default function InboundReviewRoute() {
  return <InboundReviewPage />
}
