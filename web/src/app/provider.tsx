import { useState, type ReactNode } from 'react';
import { DirectionContext, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { createColorSchemeManager } from '../features/theme/color-scheme-manager.ts';
import { AuthProvider } from '../lib/auth/auth-provider.tsx';
import { currentLanguage } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { ToastContainer } from '../lib/toast/toast-container.tsx';
import { theme } from './theme.ts';

// One manager for the page's life: Mantine keys its callbacks on the manager's functions.
const colorSchemeManager = createColorSchemeManager();

const noop = () => undefined;
/** Arabic is written right to left (textDirection of domain/languages.ts, without its list). */
const direction = {
  dir: currentLanguage() === 'ar' ? 'rtl' : 'ltr',
  toggleDirection: noop,
  setDirection: noop,
} as const;

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {/* Arabic mirrors the layout (the server's <html dir> does the same for the CSS). The
            language, so the direction, changes only with a reload: Mantine's context without its
            DirectionProvider, which watches <html dir> for changes (≈ 0.4 KB on every page). */}
        <DirectionContext value={direction}>
          {/* The theme's CSS variables come from a stylesheet (theme-variables.css, imported by
              main.tsx), not computed at the first render. */}
          <MantineProvider theme={theme} withCssVariables={false} colorSchemeManager={colorSchemeManager}>
            <ToastContainer />
            {children}
          </MantineProvider>
        </DirectionContext>
      </AuthProvider>
    </QueryClientProvider>
  );
}
