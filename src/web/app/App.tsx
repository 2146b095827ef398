import type { QueryClient } from '@tanstack/react-query';
import { AppRouter } from './AppRouter.tsx';
import { Providers } from './Providers.tsx';

/** `serverRendered`: hydrating a page the server rendered (decision 0045; src/web/ssr). */
export function App({ client, serverRendered }: { client: QueryClient; serverRendered?: boolean }) {
  return (
    <Providers client={client} serverRendered={serverRendered}>
      <AppRouter />
    </Providers>
  );
}
