import { useRef, useState } from 'react';
import { ExportButton, type ExportMenuProps } from './export-button.tsx';
import type { ExportMenuDropdown, ExportMenuStart } from './export-menu-dropdown.tsx';

export type { ExportGroup } from './export-button.tsx';

type Dropdown = typeof ExportMenuDropdown;

let loading: Promise<Dropdown> | null = null;
/** The menu (Mantine's Menu, its popover and floating positioning), fetched once. */
function loadDropdown(): Promise<Dropdown> {
  loading ??= import('./export-menu-dropdown.tsx').then(
    (m) => m.ExportMenuDropdown,
    (error: unknown) => {
      loading = null; // the next attempt tries again
      throw error;
    },
  );
  return loading;
}

/**
 * Open data export: the Export button and its menu of download links
 * (export-menu-dropdown.tsx). The menu's code loads on the first sign of use: the
 * pointer over the button, its focus or a click. Until then the same button stands in; a click
 * on it (or a press of the pointer or of Space) opens the menu as soon as it is there.
 */
export function ExportMenu(props: ExportMenuProps) {
  const [loaded, setLoaded] = useState<{ Dropdown: Dropdown; start: ExportMenuStart }>();
  const button = useRef<HTMLButtonElement>(null);
  const clicked = useRef(false);

  const load = () => {
    loadDropdown().then(
      (Dropdown) =>
        setLoaded({
          Dropdown,
          start: { opened: clicked.current, focused: button.current === document.activeElement },
        }),
      (error: unknown) => console.error('Failed to load the Export menu', error),
    );
  };

  const open = () => {
    clicked.current = true;
    load();
  };

  if (loaded) return <loaded.Dropdown {...props} start={loaded.start} />;
  return (
    <ExportButton
      ref={button}
      ariaLabel={props.ariaLabel}
      size={props.size}
      // The attributes Mantine's Menu.Target gives the button while its menu is closed.
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={load}
      onFocus={load}
      // A press counts as the click: when the menu arrives between the press and the release,
      // the release lands on the real button, and no click follows on either. (Enter clicks as
      // it is pressed; Space only when released.)
      onPointerDown={(event) => {
        if (event.button === 0) open();
      }}
      onKeyDown={(event) => {
        if (event.key === ' ') open();
      }}
      onClick={open}
    />
  );
}
