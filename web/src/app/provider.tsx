import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useEffect, useState } from 'react'
import { NotificationsProvider } from '../components/ui/notifications'
import { onSessionEnd } from '../lib/api-client'
import { ensureAppVersion } from '../lib/storage'

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, err) => count < 1 && !(err instanceof Error && 'status' in err && (err as { status: number }).status < 500),
        refetchOnWindowFocus: false,
      },
    },
  })
}

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => {
    // App start: a stored appVersion other than the current one purges the app's storage.
    ensureAppVersion()
    return queryClient ?? createQueryClient()
  })
  useEffect(() => onSessionEnd(() => client.clear()), [client])
  return (
    <QueryClientProvider client={client}>
      <NotificationsProvider>{children}</NotificationsProvider>
    </QueryClientProvider>
  )
}
