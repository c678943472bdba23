import { DashboardPage } from '../../../features/dashboard/components/dashboard-page'

/** The console's home (/dashboard). */
export default function DashboardRoute() {
  return <DashboardPage />
}
