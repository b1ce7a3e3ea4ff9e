import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { AuthControls } from '../../features/auth/components/auth-controls.tsx';
import { AuthModal } from '../../features/auth/components/auth-modal.tsx';
import { AddBuildingButton } from '../../features/create-building/components/add-building-button.tsx';
import { FeedbackButton } from '../../features/feedback/components/feedback-button.tsx';
import { NavigationBar } from '../../features/navigation/components/navigation-bar.tsx';
import { SearchBox } from '../../features/search/components/search-box.tsx';
import { ThemeToggle } from '../../features/theme/components/theme-toggle.tsx';
import { WelcomeHandle } from '../../features/user/components/welcome-handle.tsx';
import classes from './app-layout.module.css';
import { useSearchPick } from './search-pick.ts';

/**
 * react-remove-scroll's class for fixed elements at the right edge: while a modal locks the page's
 * scrolling it moves them by the scrollbar's width, so the bar does not jump (as Mantine's AppShell
 * header did).
 */
const ZERO_RIGHT = 'right-scroll-bar-position';

// Its own chunk, loaded as the bar first renders: English pages carry no more than before.
const LanguageMenu = lazy(() =>
  import('../../features/navigation/components/language-menu.tsx').then((m) => ({ default: m.LanguageMenu })),
);

/**
 * Global frame of every screen: navigation bar, routed content, auth modal, the welcome step after
 * a first sign-in, Feedback, Add New Building. A fixed 60 px header over the content, drawn as Mantine's AppShell drew it (same
 * elements, sizes, colours and z-index; app-layout.module.css) without AppShell's code for
 * navbars, asides, footers and resizing, which every screen downloaded.
 */
export function AppLayout() {
  const onSearchPick = useSearchPick();
  return (
    <div className={classes.shell}>
      <header className={`${classes.header} ${ZERO_RIGHT}`}>
        <NavigationBar
          search={<SearchBox onPick={onSearchPick} />}
          actions={
            <>
              <FeedbackButton />
              <Suspense fallback={null}>
                <LanguageMenu inBar />
              </Suspense>
              <ThemeToggle />
              <AuthControls />
            </>
          }
        />
      </header>
      <main className={classes.main}>
        <Outlet />
      </main>
      <AddBuildingButton />
      <AuthModal />
      <WelcomeHandle />
    </div>
  );
}
