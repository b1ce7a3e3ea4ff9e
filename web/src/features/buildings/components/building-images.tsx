import { Anchor, SimpleGrid } from '@mantine/core';
import { Link } from 'react-router';
import type { BuildingDetail } from '#domain/building-detail';
import classes from './building-panel.module.css';
import { pages } from '#domain/pages';
import { t } from '../../../lib/i18n.ts';

const SHOWN = 6;

/** Product §2: the building's images as thumbnails; each opens the gallery. Nothing when it has none. */
export function BuildingImages({ building }: { building: Pick<BuildingDetail, 'id' | 'name' | 'images'> }) {
  if (building.images.length === 0) return null;
  return (
    <SimpleGrid cols={3} spacing={6} aria-label={t('Images')}>
      {building.images.slice(0, SHOWN).map((image, index) => (
        <Anchor
          key={image.id}
          component={Link}
          to={pages.gallery.href({ buildingId: building.id })}
          className={classes.thumb}
        >
          <img
            src={image.url}
            alt={t('{name}, image {number}', { name: building.name, number: index + 1 })}
            loading="lazy"
          />
        </Anchor>
      ))}
    </SimpleGrid>
  );
}
