import { Button, Group, Text } from '@mantine/core';
import { t } from '../../../lib/i18n.ts';

/**
 * Previous and Next between the pages of an architect's works. Loaded only for an architect
 * with more than one page (the page's route budget is tight).
 */
export function ArchitectPager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  return (
    <Group justify="center" gap="sm" component="nav" aria-label={t('Pages of works')}>
      <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('Previous')}
      </Button>
      <Text size="sm">{t('Page {page} of {pages}', { page: Math.min(page, pages), pages })}</Text>
      <Button variant="default" size="xs" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('Next')}
      </Button>
    </Group>
  );
}
