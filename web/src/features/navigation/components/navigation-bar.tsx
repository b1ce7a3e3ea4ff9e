import type { ReactNode } from 'react';
import { Anchor, Group } from '@mantine/core';
import { NavLink } from 'react-router';
import { Logo } from './logo.tsx';
import classes from './navigation-bar.module.css';
import { pages } from '#domain/pages';
import { t } from '../../../lib/i18n.ts';

interface NavigationBarProps {
  /** Right-hand controls composed by the app: theme toggle, login or profile menu. */
  actions: ReactNode;
  /** The search box, between the links and the actions. */
  search?: ReactNode;
}

/**
 * Product §2: logo to /, 'Explore Buildings' to /, 'About' (on phones it is in the
 * profile menu and the Export menu instead), then the app's actions. Below 380 px 'Explore
 * Buildings' gives way too (the logo beside it leads to the same place), so the signed-out
 * header, whose 'Login' is wider than a profile avatar, still fits on one line.
 */
export function NavigationBar({ actions, search }: NavigationBarProps) {
  return (
    <Group
      component="nav"
      aria-label={t('Main')}
      h="100%"
      px="md"
      justify="space-between"
      wrap="nowrap"
      className={classes.bar}
    >
      <Group gap="lg" wrap="nowrap" className={classes.start}>
        <Anchor
          component={NavLink}
          to={pages.explore.href()}
          aria-label={t('Atlas of Buildings home')}
          underline="never"
        >
          <Logo />
        </Anchor>
        <Anchor
          component={NavLink}
          to={pages.explore.href()}
          end={false}
          className={`${classes.link} ${classes.explore}`}
        >
          {t('Explore Buildings')}
        </Anchor>
        <Anchor component={NavLink} to={pages.about.href()} className={`${classes.link} ${classes.wide}`}>
          {t('About')}
        </Anchor>
      </Group>
      {search && <div className={classes.search}>{search}</div>}
      <Group gap="sm" wrap="nowrap" className={classes.actions}>
        {actions}
      </Group>
    </Group>
  );
}
