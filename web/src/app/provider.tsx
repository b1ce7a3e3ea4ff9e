import { useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { createColorSchemeManager } from '../features/theme/color-scheme-manager.ts';
import { AuthProvider } from '../lib/auth/auth-provider.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { ToastContainer } from '../lib/toast/toast-container.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

// One manager for the page's life: Mantine keys its callbacks on the manager's functions.
const colorSchemeManager = createColorSchemeManager();

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          colorSchemeManager={colorSchemeManager}
        >
          <ToastContainer />
          {children}
        </MantineProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
