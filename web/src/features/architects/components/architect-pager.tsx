import { Button, Group, Text } from '@mantine/core';

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
    <Group justify="center" gap="sm" component="nav" aria-label="Pages of works">
      <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Text size="sm">
        Page {Math.min(page, pages)} of {pages}
      </Text>
      <Button variant="default" size="xs" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </Group>
  );
}
