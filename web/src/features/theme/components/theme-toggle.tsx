import { ActionIcon } from '@mantine/core';
import { useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { oppositeColorScheme } from '../model.ts';
import { startThemeTransition } from '../theme-transition.ts';
import '../theme-transition.css';
import { t } from '../../../lib/i18n.ts';

/** Sun in dark mode, moon in light mode (product §2, navigation bar). */
export function ThemeToggle() {
  // keepTransitions: Mantine would otherwise switch transitions off during the change.
  const { setColorScheme } = useMantineColorScheme({ keepTransitions: true });
  const colorScheme = useComputedColorScheme('light', { getInitialValueInEffect: false });

  const toggle = () => {
    startThemeTransition();
    setColorScheme(oppositeColorScheme(colorScheme));
  };

  return (
    <ActionIcon
      variant="default"
      size="lg"
      radius="md"
      aria-label={t('Toggle color scheme')}
      title={colorScheme === 'dark' ? t('Switch to light theme') : t('Switch to dark theme')}
      onClick={toggle}
    >
      {colorScheme === 'dark' ? (
        <IconSun size={20} stroke={1.6} data-icon="sun" aria-hidden />
      ) : (
        <IconMoon size={20} stroke={1.6} data-icon="moon" aria-hidden />
      )}
    </ActionIcon>
  );
}
