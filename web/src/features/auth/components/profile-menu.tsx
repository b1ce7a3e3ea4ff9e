import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconInfoCircle,
  IconLogout,
  IconShieldCheck,
  IconStack2,
} from '@tabler/icons-react';
import { isModerator } from '#domain/roles';
import { Link, useNavigate } from 'react-router';
import type { CurrentUser } from '#domain/users';
import { faceplateUrl } from '../../../lib/faceplate.ts';
import { useLogout } from '../api/logout.ts';
import classes from './profile-menu.module.css';
import { pages, userSectionHref } from '#domain/pages';
import { t } from '../../../lib/i18n.ts';

interface ProfileMenuProps {
  user: CurrentUser;
}

/**
 * Product §2: the face picture and handle, with 'My Stuff', 'About' and 'Logout'; moderators and
 * admins also get 'Moderation' (the menu is there on phones too).
 */
export function ProfileMenu({ user }: ProfileMenuProps) {
  const navigate = useNavigate();
  const logout = useLogout();

  return (
    <Menu position="bottom-end" width={180} withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.target}>
          <Group gap={8} wrap="nowrap">
            <Avatar src={faceplateUrl(user.handle)} alt="" size={30} radius="xl" />
            <Text fw={500} size="sm" className={classes.handle}>
              {user.handle}
            </Text>
            <IconChevronDown size={14} stroke={1.8} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component={Link}
          to={userSectionHref(user.handle, 'lists')}
          leftSection={<IconStack2 size={16} aria-hidden />}
        >
          {t('My Stuff')}
        </Menu.Item>
        {isModerator(user) && (
          <Menu.Item
            component={Link}
            to={pages.moderation.href()}
            leftSection={<IconShieldCheck size={16} aria-hidden />}
          >
            {t('Moderation')}
          </Menu.Item>
        )}
        <Menu.Item
          component={Link}
          to={pages.about.href()}
          leftSection={<IconInfoCircle size={16} aria-hidden />}
        >
          {t('About')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => logout.mutate(undefined, { onSuccess: () => void navigate(pages.explore.href()) })}
        >
          {t('Logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
