import { List, Text, VisuallyHidden } from '@mantine/core';
import { fieldLabel, formatRevisionValue, orderedChanges, type FieldChanges } from '#domain/revision-terms';

/**
 * A revision's or a suggestion's changes as a readable diff: one line per field, 'Name: Old → New'
 * (the arrow is read out as 'changed to' by screen readers).
 */
export function FieldChanges({ changes }: { changes: FieldChanges }) {
  return (
    <List size="sm" spacing={4} listStyleType="none" withPadding={false}>
      {orderedChanges(changes).map(([field, change]) => (
        <List.Item key={field}>
          <Text span size="sm" fw={600}>
            {fieldLabel(field)}:
          </Text>{' '}
          <Text span size="sm" c="dimmed">
            {formatRevisionValue(field, change.from)}
          </Text>{' '}
          <span aria-hidden>→</span>
          <VisuallyHidden> changed to </VisuallyHidden>{' '}
          <Text span size="sm">
            {formatRevisionValue(field, change.to)}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
