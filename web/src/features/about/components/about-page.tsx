import { Anchor, Code, Container, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { API_PREFIX } from '#domain/endpoints/define';
import { DATA_LICENSE } from '#domain/export-formats';
import { IMAGE_LICENSE_INFO, IMAGE_LICENSES } from '#domain/images';
import { EXPORT_FORMAT_LABELS, catalogueExportHref } from '../../../lib/export/export-links.ts';
import { t } from '../../../lib/i18n.ts';
import { ABOUT_DATA_SECTION, pages } from '#domain/pages';

const EVERYTHING = { archStyles: [], builtAfterDate: null, builtBeforeDate: null, standingInYear: null };

/**
 * The CSV export's columns as the page lists them: domain/export.ts's CSV_COLUMNS, written out
 * here because that module brings zod (the about page's test checks the two agree).
 */
export const CSV_COLUMN_NAMES =
  'id name lng lat year_built year_demolished styles architects city country_code url'.split(' ');

/**
 * /about: what the catalogue is, the data licence (ODbL 1.0), the photo licences and how to
 * export, and `language`: the language menu (composed by the route). The texts match README.md
 * ("Licences") and docs/api.md ("Open data export"). `t` fills plain text only, so a sentence
 * with a link or code in it is translated in whole phrases around them, each link its own phrase.
 */
export function AboutPage({ language }: { language?: ReactNode }) {
  return (
    <Container size="md" py="lg" style={{ overflowY: 'auto' }}>
      <Stack gap="lg">
        <Title order={1}>{t('About Atlas of Buildings')}</Title>
        {language}
        <Text>
          {t(
            'Atlas of Buildings is a community catalogue of architecture on a world map: buildings with their years, styles, architects and photos, added and rated by the people who visit them.',
          )}{' '}
          <Anchor component={Link} to={pages.explore.href()}>
            {t('The explore screen')}
          </Anchor>{' '}
          {t(
            'filters them by style and by the years they were built, and shows the catalogue as of any year, demolished buildings included while they stood.',
          )}
        </Text>

        <Text>
          {t('What the site stores about the people who use it, and how to download or delete it:')}{' '}
          <Anchor component={Link} to={pages.privacy.href()} underline="always">
            {t('Privacy')}
          </Anchor>
          .
        </Text>

        <Stack gap="xs" component="section" aria-labelledby={ABOUT_DATA_SECTION}>
          <Title order={2} id={ABOUT_DATA_SECTION}>
            {t('The data: ODbL 1.0')}
          </Title>
          <Text>
            {t(
              'The catalogue (buildings, their places, years, styles and architects) is open data under the',
            )}{' '}
            <Anchor href={DATA_LICENSE.url} target="_blank" rel="noopener noreferrer license">
              {DATA_LICENSE.name}
            </Anchor>
            .{' '}
            {t(
              'You may copy, share and build on it, also commercially, as long as you credit “Atlas of Buildings contributors”, keep a database you make from it open under the same licence, and do not lock it behind technical restrictions.',
            )}
          </Text>
        </Stack>

        <Stack gap="xs" component="section" aria-labelledby="about-photos">
          <Title order={2} id="about-photos">
            {t('Photos')}
          </Title>
          <Text>
            {t(
              'Every photo carries its own licence, chosen by the person who uploaded it, and a credit shown under the photo in the viewer (“© author · licence”):',
            )}
          </Text>
          <List spacing={4}>
            {IMAGE_LICENSES.map((license) => {
              const info = IMAGE_LICENSE_INFO[license];
              return (
                <List.Item key={license}>
                  <Anchor href={info.url} target="_blank" rel="noopener noreferrer license">
                    {info.name}
                  </Anchor>
                  {license === 'CC-BY-SA-4.0' ? ` (${t('the default')})` : ''}: {t(info.explanation)}
                </List.Item>
              );
            })}
          </List>
          <Text size="sm" c="dimmed">
            {t(
              "Photos are not part of the exported data; an export links each building's page, where its photos and their credits are.",
            )}
          </Text>
        </Stack>

        <Stack gap="xs" component="section" aria-labelledby="about-export">
          <Title order={2} id="about-export">
            {t('Export')}
          </Title>
          <Text>
            <strong>{t('The Export menu')}</strong>{' '}
            {t(
              "on the explore screen downloads every building matching your filters and the year you are looking at, or only those in the map's view, as GeoJSON (points with the card's facts, styles and architects) or CSV (one row a building:",
            )}{' '}
            {CSV_COLUMN_NAMES.map((column, i) => (
              <span key={column}>
                {i > 0 && ', '}
                <Code>{column}</Code>
              </span>
            ))}
            ). {t('Each list has an Export menu too; a private list exports for its owner only.')}
          </Text>
          <Text>
            {t('The whole catalogue:')}{' '}
            {(['geojson', 'csv'] as const).map((format, i) => (
              <span key={format}>
                {i > 0 && ' · '}
                <Anchor href={catalogueExportHref(format, EVERYTHING)} download>
                  {EXPORT_FORMAT_LABELS[format]}
                </Anchor>
              </span>
            ))}
            . {t('For scripts:')} <Code>GET /api/buildings/export?format=geojson|csv</Code>{' '}
            {t("takes the map's filters")} (
            <Anchor href={`${API_PREFIX}/docs`} target="_blank" rel="noopener noreferrer">
              {t('see the API documentation')}
            </Anchor>
            ). {t('One export at a time per address, please.')}
          </Text>
        </Stack>
      </Stack>
    </Container>
  );
}
