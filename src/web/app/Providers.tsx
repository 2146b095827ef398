import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Router, type BaseLocationHook } from 'wouter';
import { LazyToaster } from '#web/components/ui/LazyToaster.tsx';
import { TooltipProvider } from '#web/components/ui/tooltip.tsx';
import { ThemeProvider } from '#web/features/theme/index.ts';

export interface ProvidersProps {
  client: QueryClient;
  children: ReactNode;
  /** Tests pass wouter's memoryLocation hooks; the browser uses the default location. */
  location?: { hook: BaseLocationHook; searchHook?: () => string };
  /** The page was rendered on the server and is being hydrated (decision 0045): the theme follows after. */
  serverRendered?: boolean;
}

export function Providers({ client, children, location, serverRendered }: ProvidersProps) {
  const routed = location ? (
    <Router hook={location.hook} searchHook={location.searchHook}>
      {children}
    </Router>
  ) : (
    children
  );
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider serverRendered={serverRendered}>
        <TooltipProvider>
          {routed}
          <LazyToaster />
        </TooltipProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
