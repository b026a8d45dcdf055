import * as React from 'react';
import { RouterProvider } from 'react-router';
import { createQueryClient } from '#/lib/query-client';
import { Providers } from './providers';
import { createAppRouter } from './router';

export function App() {
  const [queryClient] = React.useState(createQueryClient);
  const [router] = React.useState(createAppRouter);
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
