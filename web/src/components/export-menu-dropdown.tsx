import { useLayoutEffect, useRef, useState } from 'react';
import { Anchor, Menu, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EXPORT_FORMATS, type ExportFormat } from '#domain/export-formats';
import { EXPORT_FORMAT_LABELS } from '../lib/export/export-links.ts';
import { ExportButton, type ExportMenuProps } from './export-button.tsx';
import { ABOUT_DATA_SECTION, pages } from '#domain/pages';
import { currentLanguage, t } from '../lib/i18n.ts';

/** How the menu takes over from the stand-in button (export-menu.tsx). */
export interface ExportMenuStart {
  /** The stand-in was clicked: open at once. */
  opened: boolean;
  /** The stand-in had the focus: the real button takes it. */
  focused: boolean;
}

const ICONS: Record<ExportFormat, typeof IconMapPin> = { geojson: IconMapPin, csv: IconFileSpreadsheet };

/**
 * Open data export: a menu of download links (GeoJSON, CSV) with a line on the data
 * licence. Plain links with `download`: the browser saves the streamed file itself.
 */
export function ExportMenuDropdown({
  ariaLabel,
  groups,
  size,
  start,
}: ExportMenuProps & { start?: ExportMenuStart }) {
  const target = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  // Taking over from the stand-in: the focus stays on the button, in the same commit, and a
  // click on the stand-in opens the menu from there, as a click on this button would (so Menu
  // knows where the focus returns when it closes; mounted open, it would not).
  useLayoutEffect(() => {
    if (start?.focused || start?.opened) target.current?.focus();
    // Closed first, then open: a second render, once, on purpose (the change is what Menu sees).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (start?.opened) setOpened(true);
    // Only when first mounted: `start` is what the stand-in had then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Menu position="bottom-end" width={240} withinPortal zIndex={400} opened={opened} onChange={setOpened}>
      <Menu.Target>
        <ExportButton ref={target} ariaLabel={ariaLabel} size={size} />
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
                    group.label
                      ? t('{format}, {group}', {
                          format: EXPORT_FORMAT_LABELS[format],
                          group: group.label.toLocaleLowerCase(currentLanguage()),
                        })
                      : undefined
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
          {t('Open data under ODbL 1.0.')}{' '}
          <Anchor component={Link} to={pages.about.href({ hash: ABOUT_DATA_SECTION })} size="xs">
            {t('About the data')}
          </Anchor>
        </Text>
      </Menu.Dropdown>
    </Menu>
  );
}
