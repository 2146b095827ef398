import type { QueryClient } from '@tanstack/react-query';
import { AppRouter } from './AppRouter.tsx';
import { Providers } from './Providers.tsx';

export function App({ client }: { client: QueryClient }) {
  return (
    <Providers client={client}>
      <AppRouter />
    </Providers>
  );
}
