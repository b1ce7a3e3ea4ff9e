import { Anchor, Code, Container, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { API_PREFIX } from '#domain/endpoints/define';
import { DATA_LICENSE } from '#domain/export-formats';
import { IMAGE_LICENSE_INFO, IMAGE_LICENSES } from '#domain/images';
import { EXPORT_FORMAT_LABELS, catalogueExportHref } from '../../../lib/export/export-links.ts';
import { ABOUT_DATA_SECTION, pages } from '#domain/pages';

const EVERYTHING = { archStyles: [], builtAfterDate: null, builtBeforeDate: null, standingInYear: null };

/**
 * /about: what the catalogue is, the data licence (ODbL 1.0), the photo licences and how to
 * export, and `language`: the language menu (composed by the route). The texts match README.md
 * ("Licences") and docs/api.md ("Open data export").
 */
export function AboutPage({ language }: { language?: ReactNode }) {
  return (
    <Container size="md" py="lg" style={{ overflowY: 'auto' }}>
      <Stack gap="lg">
        <Title order={1}>About Atlas of Buildings</Title>
        {language}
        <Text>
          Atlas of Buildings is a community catalogue of architecture on a world map: buildings with their
          years, styles, architects and photos, added and rated by the people who visit them. The{' '}
          <Anchor component={Link} to={pages.explore.href()}>
            explore screen
          </Anchor>{' '}
          filters them by style and by the years they were built, and shows the catalogue as of any year,
          demolished buildings included while they stood.
        </Text>

        <Text>
          What the site stores about the people who use it, and how to download or delete it:{' '}
          <Anchor component={Link} to={pages.privacy.href()} underline="always">
            Privacy
          </Anchor>
          .
        </Text>

        <Stack gap="xs" component="section" aria-labelledby={ABOUT_DATA_SECTION}>
          <Title order={2} id={ABOUT_DATA_SECTION}>
            The data: ODbL 1.0
          </Title>
          <Text>
            The catalogue (buildings, their places, years, styles and architects) is open data under the{' '}
            <Anchor href={DATA_LICENSE.url} target="_blank" rel="noopener noreferrer license">
              {DATA_LICENSE.name}
            </Anchor>
            . You may copy, share and build on it, also commercially, as long as you credit “Atlas of
            Buildings contributors”, keep a database you make from it open under the same licence, and do not
            lock it behind technical restrictions.
          </Text>
        </Stack>

        <Stack gap="xs" component="section" aria-labelledby="about-photos">
          <Title order={2} id="about-photos">
            Photos
          </Title>
          <Text>
            Every photo carries its own licence, chosen by the person who uploaded it, and a credit shown
            under the photo in the viewer (“© author · licence”):
          </Text>
          <List spacing={4}>
            {IMAGE_LICENSES.map((license) => {
              const info = IMAGE_LICENSE_INFO[license];
              return (
                <List.Item key={license}>
                  <Anchor href={info.url} target="_blank" rel="noopener noreferrer license">
                    {info.name}
                  </Anchor>
                  {license === 'CC-BY-SA-4.0' ? ' (the default)' : ''}: {info.explanation}
                </List.Item>
              );
            })}
          </List>
          <Text size="sm" c="dimmed">
            Photos are not part of the exported data; an export links each building's page, where its photos
            and their credits are.
          </Text>
        </Stack>

        <Stack gap="xs" component="section" aria-labelledby="about-export">
          <Title order={2} id="about-export">
            Export
          </Title>
          <Text>
            The <strong>Export</strong> menu on the explore screen downloads every building matching your
            filters and the year you are looking at, or only those in the map's view, as GeoJSON (points with
            the card's facts, styles and architects) or CSV (one row a building: <Code>id</Code>,{' '}
            <Code>name</Code>, <Code>lng</Code>, <Code>lat</Code>, <Code>year_built</Code>,{' '}
            <Code>year_demolished</Code>, <Code>styles</Code>, <Code>architects</Code>, <Code>city</Code>,{' '}
            <Code>country_code</Code>, <Code>url</Code>). Each list has an Export menu too; a private list
            exports for its owner only.
          </Text>
          <Text>
            The whole catalogue:{' '}
            {(['geojson', 'csv'] as const).map((format, i) => (
              <span key={format}>
                {i > 0 && ' · '}
                <Anchor href={catalogueExportHref(format, EVERYTHING)} download>
                  {EXPORT_FORMAT_LABELS[format]}
                </Anchor>
              </span>
            ))}
            . For scripts: <Code>GET /api/buildings/export?format=geojson|csv</Code> takes the map's filters
            (see the{' '}
            <Anchor href={`${API_PREFIX}/docs`} target="_blank" rel="noopener noreferrer">
              API documentation
            </Anchor>
            ). One export at a time per address, please.
          </Text>
        </Stack>
      </Stack>
    </Container>
  );
}
