import { AppShell } from '@mantine/core';
import { Outlet } from 'react-router';
import { AuthControls } from '../../features/auth/components/auth-controls.tsx';
import { AuthModal } from '../../features/auth/components/auth-modal.tsx';
import { AddBuildingButton } from '../../features/create-building/components/add-building-button.tsx';
import { FeedbackButton } from '../../features/feedback/components/feedback-button.tsx';
import { NavigationBar } from '../../features/navigation/components/navigation-bar.tsx';
import { SearchBox } from '../../features/search/components/search-box.tsx';
import { ThemeToggle } from '../../features/theme/components/theme-toggle.tsx';
import classes from './app-layout.module.css';
import { useSearchPick } from './search-pick.ts';

const HEADER_HEIGHT = 60;

/** Global frame of every screen: navigation bar, routed content, auth modal, Feedback, Add New Building. */
export function AppLayout() {
  const onSearchPick = useSearchPick();
  return (
    <AppShell header={{ height: HEADER_HEIGHT }} padding={0}>
      <AppShell.Header>
        <NavigationBar
          search={<SearchBox onPick={onSearchPick} />}
          actions={
            <>
              <FeedbackButton />
              <ThemeToggle />
              <AuthControls />
            </>
          }
        />
      </AppShell.Header>
      <AppShell.Main className={classes.main}>
        <Outlet />
      </AppShell.Main>
      <AddBuildingButton />
      <AuthModal />
    </AppShell>
  );
}
