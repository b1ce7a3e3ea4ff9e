import { Anchor, Card, Container, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, use, useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isModerator } from '#domain/roles';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { BuildingCover } from '../../../components/building-cover.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { MapPlaceholder } from '../../../lib/map/map-placeholder.tsx';
import { useAfterFirstPaint } from '../../../lib/use-after-first-paint.ts';
import { formatYear } from '#domain/building-years';
import { useArchitect } from '../api/get-architect.ts';
import { t } from '../../../lib/i18n.ts';
import classes from './architect-page.module.css';
import { pages } from '#domain/pages';

/**
 * The map and its library load once the page is drawn (the rule for map screens): the name
 * and the cards come first, and a phone does not parse the map library before it shows them.
 */
const ArchitectMap = lazy(() => import('./architect-map.tsx').then((m) => ({ default: m.ArchitectMap })));

/** The moderators' 'Edit name' and 'Merge into…': loaded only for them, on their visit. */
const ArchitectModeration = lazy(() =>
  import('./architect-moderation.tsx').then((m) => ({ default: m.ArchitectModeration })),
);

/** Previous and Next, for an architect with more than one page of works. */
const ArchitectPager = lazy(() =>
  import('./architect-pager.tsx').then((m) => ({ default: m.ArchitectPager })),
);

/**
 * The plural formatter (≈ 0.4 KB, which the route's first download has no room for) starts
 * loading with this module, beside the architect's data, and is there before it as a rule.
 */
const pluralFormatter = import('../../../lib/i18n-plural.ts').then((m) => m.plural);

/** '12 buildings in the atlas', in the page's language. */
function BuildingCount({ total }: { total: number }) {
  const plural = use(pluralFormatter);
  return (
    <Text c="dimmed">
      {plural('{count, plural, one {# building in the atlas} other {# buildings in the atlas}}', {
        count: total,
      })}
    </Text>
  );
}

/** The count's place while its formatter loads, one line high. */
const countPlaceholder = <Text c="dimmed">{'\u00a0'}</Text>;

/** Where the map will be, the same size, so nothing moves when it comes. */
const mapPlaceholder = <MapPlaceholder className={classes.mapPlaceholder} />;

interface ArchitectPageProps {
  id: number | null;
}

/** The page number of `?page=`: a positive whole number, else 1. */
function pageParam(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/**
 * /architects/{id}, the architect's name, a small map of their buildings and a page of their
 * cards (in the server's order: most votes, then each adder in turn). A merged architect's
 * address answers with the architect it was merged into: the page moves to that address.
 */
export function ArchitectPage({ id }: ArchitectPageProps) {
  const [search, setSearch] = useSearchParams();
  const page = pageParam(search.get('page'));
  const architect = useArchitect(id, page);
  const { user } = useAuth();
  const navigate = useNavigate();
  const mapMayLoad = useAfterFirstPaint(architect.isSuccess);
  const notFound = id === null || (architect.error instanceof ApiError && architect.error.status === 404);
  const movedTo =
    architect.data && !architect.isPlaceholderData && architect.data.id !== id ? architect.data.id : null;

  useEffect(() => {
    if (movedTo !== null) void navigate(pages.architect.href({ id: movedTo }), { replace: true });
  }, [movedTo, navigate]);

  if (notFound || architect.isError) {
    return (
      <Container py="xl">
        <Text role="alert" c="red">
          {notFound ? t('Architect not found') : t('Error loading architect')}
        </Text>
      </Container>
    );
  }
  if (architect.isPending) {
    return (
      <Container py="xl">
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>{t('Loading architect...')}</Text>
        </Group>
      </Container>
    );
  }
  const { name, buildings, total, pages: pageTotal } = architect.data;
  return (
    <Container size="lg" py="lg" style={{ overflowY: 'auto' }}>
      <Stack gap="md">
        <Title order={1}>{name}</Title>
        <Suspense fallback={countPlaceholder}>
          <BuildingCount total={total} />
        </Suspense>
        {isModerator(user) && (
          <Suspense fallback={null}>
            <ArchitectModeration architect={{ id: architect.data.id, name }} />
          </Suspense>
        )}
        {buildings.length > 0 && (
          <Suspense fallback={mapPlaceholder}>
            {mapMayLoad ? <ArchitectMap points={buildings.map((b) => b.coordinates)} /> : mapPlaceholder}
          </Suspense>
        )}
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3 }}
          spacing="md"
          component="ul"
          style={{ listStyle: 'none', padding: 0 }}
        >
          {buildings.map((b) => (
            <li key={b.id}>
              <Card withBorder padding="sm" radius="md" h="100%">
                <Card.Section>
                  <BuildingCover
                    coverImage={b.cover_image}
                    coordinates={b.coordinates}
                    className={classes.cover}
                  />
                </Card.Section>
                <Anchor component={Link} to={pages.building.href({ id: b.id })} fw={600} mt="sm">
                  {b.name}
                </Anchor>
                {b.year_built !== null && (
                  <Text size="sm" c="dimmed">
                    {formatYear(b.year_built, t)}
                  </Text>
                )}
              </Card>
            </li>
          ))}
        </SimpleGrid>
        {pageTotal > 1 && (
          <Suspense fallback={null}>
            <ArchitectPager
              page={page}
              pages={pageTotal}
              onPage={(n) => setSearch(n === 1 ? {} : { page: String(n) })}
            />
          </Suspense>
        )}
      </Stack>
    </Container>
  );
}
