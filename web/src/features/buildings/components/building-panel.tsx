import type { ReactNode } from 'react';
import { HiddenByModeratorsBadge } from '../../../components/moderation-badges.tsx';
import {
  Anchor,
  Badge,
  Button,
  CloseButton,
  Divider,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { BuildingDetail } from '#domain/building-detail';
import { BuildingCover } from '../../../components/building-cover.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { buildingYearsText, formatYear, isDemolished } from '#domain/building-years';
import { useBuilding } from '../api/get-building.ts';
import { BuildingImages } from './building-images.tsx';
import { BuildingOwnerActions } from './building-owner-actions.tsx';
import { BuildingCommunityActions } from './building-community-actions.tsx';
import classes from './building-panel.module.css';
import { pages } from '#domain/pages';
import { t } from '../../../lib/i18n.ts';

/**
 * Places in the panel that other features fill (composed in web/src/app, product §2). Each gets the
 * loaded building and renders nothing when left out.
 */
export interface BuildingPanelSlots {
  /** Vote faces, under the name and years. */
  votes?: (building: BuildingDetail) => ReactNode;
  /** Add to List button, in the action row beside View Gallery (signed-in users only). */
  addToList?: (building: BuildingDetail) => ReactNode;
  /** The building's images, in place of the plain thumbnails (the images feature: sized, with a full view). */
  images?: (building: BuildingDetail) => ReactNode;
  /** Comments, at the end of the panel. */
  comments?: (building: BuildingDetail) => ReactNode;
  /** The flag button that reports the building to the moderators, at the end of the action row. */
  report?: (building: BuildingDetail) => ReactNode;
}

interface BuildingPanelProps {
  /** Null when the route's id is not a valid building id. */
  buildingId: number | null;
  onClose: () => void;
  /** After the adder deleted the building (the app returns to /). */
  onDeleted: () => void;
  slots?: BuildingPanelSlots;
}

/** Product §2, building profile: a panel over the explore screen with a close button. */
export function BuildingPanel({ buildingId, onClose, onDeleted, slots = {} }: BuildingPanelProps) {
  const building = useBuilding(buildingId);
  const notFound =
    buildingId === null || (building.error instanceof ApiError && building.error.status === 404);

  return (
    <Paper
      className={classes.panel}
      shadow="lg"
      radius="md"
      withBorder
      component="aside"
      aria-label={t('Building')}
    >
      <Group justify="flex-end" className={classes.header}>
        <CloseButton aria-label={t('Close building panel')} onClick={onClose} size="lg" />
      </Group>
      {/* The browser's own scrolling: Mantine's ScrollArea measures itself after each commit and sets
          state, a second render of the whole profile in the same task on a phone. */}
      <div className={classes.scroll}>
        {notFound ? (
          <Text role="alert">{t('Building not found')}</Text>
        ) : building.isPending ? (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text>{t('Loading building...')}</Text>
          </Group>
        ) : building.isError ? (
          <Text role="alert" c="red">
            {t('Error loading building')}
          </Text>
        ) : (
          <BuildingProfile building={building.data} onDeleted={onDeleted} slots={slots} />
        )}
      </div>
    </Paper>
  );
}

interface BuildingProfileProps {
  building: BuildingDetail;
  onDeleted: () => void;
  slots: BuildingPanelSlots;
}

function BuildingProfile({ building, onDeleted, slots }: BuildingProfileProps) {
  const { user } = useAuth();
  // Product §6: the user who added the building sees Edit and Delete; so do moderators and admins
  // (they may edit and delete any building). Everyone else signed in may suggest an edit.
  const isAdder = user !== null && building.added_by !== null && building.added_by.id === user.id;
  // A moderator or an admin (domain/roles.ts isModerator, inlined: the page's budget is tight).
  const canEdit = isAdder || (user !== null && user.role !== 'user');
  const years = buildingYearsText(building, t);

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Title order={1} size="h2" className={classes.title}>
          {building.name}
        </Title>
        {/* Until the building has a picture, where it is: its images show below once it has. */}
        {!building.cover_image && (
          <BuildingCover coverImage={null} coordinates={building.coordinates} className={classes.locator} />
        )}
      </Group>
      <HiddenByModeratorsBadge hidden={building.hidden} />
      {years && <Text c="dimmed">{years}</Text>}
      {isDemolished(building) && (
        <Badge variant="light" color="gray" w="fit-content" data-testid="demolished-badge">
          {building.year_demolished !== null
            ? t('Demolished in {year}', { year: formatYear(building.year_demolished, t) })
            : t('Demolished')}
        </Badge>
      )}
      {building.added_by && (
        <Text size="sm" c="dimmed">
          {t('Added by')}{' '}
          {/* Underlined: a link inside text must not be told apart by colour alone (axe link-in-text-block). */}
          <Anchor
            component={Link}
            to={pages.user.href({ handle: building.added_by.handle })}
            underline="always"
          >
            {building.added_by.handle}
          </Anchor>
        </Text>
      )}
      {building.architects.length > 0 && (
        <Text size="sm" aria-label={t('Architects')}>
          {building.architects.length === 1 ? t('Architect: ') : t('Architects: ')}
          {building.architects.map((architect, i) => (
            <span key={architect.id}>
              {i > 0 && ', '}
              <Anchor component={Link} to={pages.architect.href({ id: architect.id })}>
                {architect.name}
              </Anchor>
            </span>
          ))}
        </Text>
      )}
      {slots.votes?.(building)}
      {building.architectural_styles.length > 0 && (
        <Group gap="xs" aria-label={t('Architectural styles')}>
          {building.architectural_styles.map((style) => (
            <Badge key={style.id} variant="light">
              {t(style.name)}
            </Badge>
          ))}
        </Group>
      )}
      {building.description && <Text className={classes.description}>{building.description}</Text>}
      {slots.images ? slots.images(building) : <BuildingImages building={building} />}
      <Group gap="xs" wrap="wrap" aria-label={t('Building actions')}>
        <Button
          component={Link}
          to={pages.gallery.href({ buildingId: building.id })}
          variant="light"
          size="xs"
          leftSection={<IconPhoto size={16} aria-hidden />}
        >
          {t('View Gallery')}
        </Button>
        <Button
          variant="light"
          size="xs"
          // The sharing code (Web Share API, else the clipboard and a toast) loads on use.
          onClick={() =>
            void import('../../../lib/share-link.ts').then((m) =>
              m.shareLink(building.name, window.location.href),
            )
          }
        >
          {t('Share')}
        </Button>
        {slots.addToList?.(building)}
        {slots.report?.(building)}
        <BuildingCommunityActions building={building} signedIn={user !== null} canEdit={canEdit} />
        {canEdit && <BuildingOwnerActions building={building} onDeleted={onDeleted} />}
      </Group>
      {slots.comments && (
        <>
          <Divider my="xs" />
          {slots.comments(building)}
        </>
      )}
    </Stack>
  );
}
