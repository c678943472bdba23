import { PreviewPage } from '../../../features/trust-center/components/preview-page'

/** The signed-in preview of the trust center (/trust-center, /trust-center/{userId}). */
export default function TrustCenterRoute() {
  return <PreviewPage />
}
