import { VendorDetails } from '../../../features/enterprise/components/vendor-details'

export default function VendorDetailsRoute() {
  return <VendorDetails />
}
