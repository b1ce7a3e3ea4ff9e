import { List, Text } from '@mantine/core';
import { fieldLabel, formatRevisionValue, orderedChanges, type FieldChanges } from '#domain/revision-terms';
import { t } from '../../../../lib/i18n.ts';

/**
 * A revision's or a suggestion's changes as a readable diff: one line per field, 'Name: Old → New'
 * (screen readers read the arrow as 'changed to').
 */
export function FieldChanges({ changes }: { changes: FieldChanges }) {
  return (
    <List size="sm" spacing={4} listStyleType="none" withPadding={false}>
      {orderedChanges(changes).map(([field, change]) => (
        <List.Item key={field}>
          <Text span size="sm" fw={600}>
            {t('{field}:', { field: t(fieldLabel(field)) })}
          </Text>{' '}
          <Text span size="sm" c="dimmed">
            {formatRevisionValue(field, change.from, t)}
          </Text>{' '}
          <span role="img" aria-label={t('changed to')}>
            →
          </span>{' '}
          <Text span size="sm">
            {formatRevisionValue(field, change.to, t)}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
