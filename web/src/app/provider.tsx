import { useState, type ReactNode } from 'react';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { textDirection } from '#domain/languages';
import { QueryClientProvider } from '@tanstack/react-query';
import { createColorSchemeManager } from '../features/theme/color-scheme-manager.ts';
import { AuthProvider } from '../lib/auth/auth-provider.tsx';
import { currentLanguage } from '../lib/i18n.ts';
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
        {/* Arabic mirrors the layout (the server's <html dir> does the same for the CSS). */}
        <DirectionProvider initialDirection={textDirection(currentLanguage())} detectDirection={false}>
          <MantineProvider
            theme={theme}
            cssVariablesResolver={cssVariablesResolver}
            colorSchemeManager={colorSchemeManager}
          >
            <ToastContainer />
            {children}
          </MantineProvider>
        </DirectionProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
