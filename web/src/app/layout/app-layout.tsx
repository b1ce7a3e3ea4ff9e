import { AppShell } from '@mantine/core';
import { Outlet } from 'react-router';
import { LoginButton } from '../../features/auth/components/login-button.tsx';
import { NavigationBar } from '../../features/navigation/components/navigation-bar.tsx';
import { ThemeToggle } from '../../features/theme/components/theme-toggle.tsx';
import classes from './app-layout.module.css';

const HEADER_HEIGHT = 60;

/** Global frame of every screen: the navigation bar above the routed content. */
export function AppLayout() {
  return (
    <AppShell header={{ height: HEADER_HEIGHT }} padding={0}>
      <AppShell.Header>
        <NavigationBar
          actions={
            <>
              <ThemeToggle />
              <LoginButton />
            </>
          }
        />
      </AppShell.Header>
      <AppShell.Main className={classes.main}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
