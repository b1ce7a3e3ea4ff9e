import { Anchor, Button, Menu, Text } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EXPORT_FORMATS, type ExportFormat } from '#domain/export-formats';
import { EXPORT_FORMAT_LABELS } from '../lib/export/export-links.ts';

export interface ExportGroup {
  /** Shown above the group's links, e.g. 'All matching buildings'. */
  label?: string;
  href: (format: ExportFormat) => string;
}

interface ExportMenuProps {
  /** The button's accessible name, e.g. 'Export list Favourites'; its text is 'Export'. */
  ariaLabel?: string;
  groups: readonly ExportGroup[];
  size?: 'compact-sm' | 'compact-md' | 'xs' | 'sm';
}

const ICONS: Record<ExportFormat, typeof IconMapPin> = { geojson: IconMapPin, csv: IconFileSpreadsheet };

/**
 * Issue 20, open data export: a menu of download links (GeoJSON, CSV) with a line on the data
 * licence. Plain links with `download`: the browser saves the streamed file itself.
 */
export function ExportMenu({ ariaLabel, groups, size = 'compact-sm' }: ExportMenuProps) {
  return (
    <Menu position="bottom-end" width={240} withinPortal zIndex={400}>
      <Menu.Target>
        <Button
          variant="default"
          size={size}
          leftSection={<IconDownload size={16} aria-hidden />}
          aria-label={ariaLabel}
        >
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {groups.map((group, i) => (
          <div key={group.label ?? i}>
            {i > 0 && <Menu.Divider />}
            {group.label && <Menu.Label>{group.label}</Menu.Label>}
            {EXPORT_FORMATS.map((format) => {
              const Icon = ICONS[format];
              return (
                <Menu.Item
                  key={format}
                  component="a"
                  href={group.href(format)}
                  download
                  leftSection={<Icon size={16} aria-hidden />}
                  aria-label={
                    group.label ? `${EXPORT_FORMAT_LABELS[format]}, ${group.label.toLowerCase()}` : undefined
                  }
                >
                  {EXPORT_FORMAT_LABELS[format]}
                </Menu.Item>
              );
            })}
          </div>
        ))}
        <Menu.Divider />
        <Text size="xs" c="dimmed" px="sm" py={4}>
          Open data under ODbL 1.0.{' '}
          <Anchor component={Link} to="/about#data" size="xs">
            About the data
          </Anchor>
        </Text>
      </Menu.Dropdown>
    </Menu>
  );
}
