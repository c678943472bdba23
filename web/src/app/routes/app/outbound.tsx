import { OutboundPage } from '../../../features/outbound/components/outbound-page'

export default function OutboundRoute() {
  return <OutboundPage />
}
