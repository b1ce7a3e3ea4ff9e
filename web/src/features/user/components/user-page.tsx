import type { ReactNode } from 'react';
import { Anchor, Avatar, Container, Group, Loader, NavLink, Stack, Text, Title } from '@mantine/core';
import { IconBuilding, IconChartBar, IconList, IconPhoto, IconSettings } from '@tabler/icons-react';
import { Link, Navigate, useLocation } from 'react-router';
import type { CurrentUser, User } from '#domain/users';
import { RoleBadge } from '../../../components/moderation-badges.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { faceplateUrl } from '../../../lib/faceplate.ts';
import { timeAgo } from '../../../lib/relative-time.ts';
import { useUser } from '../api/get-user.ts';
import { userNavItems, type UserSection } from '../model/user-nav.ts';
import classes from './user-page.module.css';
import { pages, userSectionHref } from '#domain/pages';
import { currentLanguage, t } from '../../../lib/i18n.ts';

interface UserPageProps {
  handle: string;
  /** The sub-route's content: lists, buildings, images, settings or stats. */
  children: ReactNode;
  /** The 'Report' action, shown on other users' pages (composed in web/src/app). */
  report?: (user: User) => ReactNode;
}

const ICONS: Record<UserSection, typeof IconList> = {
  lists: IconList,
  buildings: IconBuilding,
  images: IconPhoto,
  settings: IconSettings,
  stats: IconChartBar,
};

/** Product §2, /user/{handle}/*: header, side navigation with a footer, and the section's content. */
export function UserPage({ handle, children, report }: UserPageProps) {
  const profile = useUser(handle);
  const { user: me } = useAuth();
  const { pathname, search } = useLocation();
  const notFound = profile.error instanceof ApiError && profile.error.status === 404;
  // An old handle: the API answered with the profile under the current one (its 301, followed).
  if (profile.data && profile.data.handle !== handle) {
    const rest = pathname.split('/').slice(3).join('/');
    const to = pages.user.href({ handle: profile.data.handle }) + (rest ? `/${rest}` : '') + search;
    return <Navigate to={to} replace />;
  }

  return (
    <div className={classes.page}>
      <Container size="lg" py="xl">
        {profile.isPending ? (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text>{t('Loading...')}</Text>
          </Group>
        ) : profile.isError ? (
          <Stack gap="lg" maw={420}>
            <div role="alert">
              <Title order={1}>{notFound ? t('User not found') : t('Error loading user')}</Title>
            </div>
            <UserPageFooter me={me} />
          </Stack>
        ) : (
          <Stack gap="xl">
            <UserHeader
              user={profile.data}
              action={me?.id === profile.data.id ? null : report?.(profile.data)}
            />
            <div className={classes.body}>
              <aside className={classes.aside}>
                <UserNav handle={profile.data.handle} me={me} profileId={profile.data.id} />
                <UserPageFooter me={me} />
              </aside>
              <section aria-label={t('User section')}>{children}</section>
            </div>
          </Stack>
        )}
      </Container>
    </div>
  );
}

function UserHeader({ user, action }: { user: User; action?: ReactNode }) {
  const joined = new Date(user.created_at);
  return (
    <Group component="header" gap="lg" wrap="nowrap">
      <Avatar
        src={faceplateUrl(user.handle)}
        alt={t("{handle}'s picture", { handle: user.handle })}
        size={88}
        radius={88}
      />
      <Stack gap={4} miw={0}>
        <Group gap="xs" wrap="wrap">
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {user.handle}
          </Title>
          <RoleBadge role={user.role} />
        </Group>
        <Text c="dimmed" title={joined.toLocaleString(currentLanguage())}>
          {t('Joined {time}', { time: timeAgo(joined) })}
        </Text>
      </Stack>
      {action}
    </Group>
  );
}

function UserNav({ handle, me, profileId }: { handle: string; me: CurrentUser | null; profileId: number }) {
  const { pathname } = useLocation();
  const items = userNavItems(handle, { isLoggedIn: me !== null, isOwnProfile: me?.id === profileId });
  if (items.length === 0) return null;
  return (
    <nav aria-label={t('User page')}>
      {items.map((item) => {
        const Icon = ICONS[item.section];
        const active = pathname === item.path || pathname.startsWith(`${item.path}/`);
        return (
          <NavLink
            key={item.section}
            component={Link}
            to={item.path}
            label={t(item.label)}
            active={active}
            aria-current={active ? 'page' : undefined}
            leftSection={<Icon size={18} stroke={1.6} aria-hidden />}
          />
        );
      })}
    </nav>
  );
}

/** Product §2: the signed-in user's avatar and handle, or a 'Sign In' link to /login. */
function UserPageFooter({ me }: { me: CurrentUser | null }) {
  return (
    <footer className={classes.footer}>
      {me ? (
        <Anchor
          component={Link}
          to={userSectionHref(me.handle, 'lists')}
          underline="never"
          c="var(--mantine-color-text)"
        >
          <Group gap="sm" wrap="nowrap">
            <Avatar src={faceplateUrl(me.handle)} alt="" size={32} radius="xl" />
            <Text size="sm" fw={500} truncate>
              {me.handle}
            </Text>
          </Group>
        </Anchor>
      ) : (
        <Anchor component={Link} to={pages.login.href()}>
          {t('Sign In')}
        </Anchor>
      )}
      <Anchor component={Link} to={pages.privacy.href()} size="xs" mt="xs" display="block">
        {t('Privacy')}
      </Anchor>
    </footer>
  );
}
