import { lazy, Suspense, useState } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import type { ReportTargetType } from '#domain/moderation-terms';
import { useAuth, useAuthModal } from '../../../lib/auth/auth-provider.tsx';

// The dialog (its form, radios and the report schema) loads when first opened.
const ReportDialog = lazy(() => import('./report-dialog.tsx').then((m) => ({ default: m.ReportDialog })));

interface ReportButtonProps {
  targetType: ReportTargetType;
  targetId: number;
  /** The button's accessible name, e.g. 'Flag building'. */
  label: string;
  /** 'sm' beside a comment's small actions; 'lg' (default) in the building panel's action row. */
  size?: 'sm' | 'lg';
}

/**
 * A flag button that opens the report dialog (reason, optional note) for signed-in users; a
 * visitor is asked to log in first (reports need an account).
 */
export function ReportButton({ targetType, targetId, label, size = 'lg' }: ReportButtonProps) {
  const { isLoggedIn } = useAuth();
  const authModal = useAuthModal();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <ActionIcon
        variant="subtle"
        color="gray"
        size={size}
        aria-label={label}
        onClick={() => (isLoggedIn ? setOpened(true) : authModal.open())}
      >
        <IconFlag size={size === 'sm' ? 14 : 18} aria-hidden />
      </ActionIcon>
      {opened && (
        <Suspense fallback={null}>
          <ReportDialog
            targetType={targetType}
            targetId={targetId}
            opened={opened}
            onClose={() => setOpened(false)}
          />
        </Suspense>
      )}
    </>
  );
}
