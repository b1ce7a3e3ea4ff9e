import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { TextInput } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import type { SearchHit } from '#domain/search';
import { useMaxWidth } from '../../../lib/use-max-width.ts';
import classes from './search-box.module.css';
import type { SearchCombobox, SearchStart } from './search-combobox.tsx';
import { isTyping, PHONE_MAX_WIDTH, SearchIconButton, searchInputProps } from './search-input.tsx';

interface SearchBoxProps {
  /** Called with the picked hit; the app decides where it leads. */
  onPick: (hit: SearchHit) => void;
}

type Combobox = typeof SearchCombobox;

let loading: Promise<Combobox> | null = null;
/** The combobox (Mantine's Combobox, its popover and floating positioning), fetched once. */
function loadCombobox(): Promise<Combobox> {
  loading ??= import('./search-combobox.tsx').then(
    (m) => m.SearchCombobox,
    (error: unknown) => {
      loading = null; // the next focus tries again
      throw error;
    },
  );
  return loading;
}

/**
 * The navigation bar's search, a combobox named 'Search' (search-combobox.tsx). Every
 * screen shows it, so its combobox code stays out of the first download: it loads once
 * the page has loaded and the browser is idle, or at the first sign of use if that comes sooner
 * (the pointer over the box, its focus, '/' or the phone's search icon). Until then a stand-in
 * with the same input, attributes and size takes the typing; the combobox replaces it with the
 * text, the focus and the caret as they are, and searches at once.
 */
export function SearchBox({ onPick }: SearchBoxProps) {
  const phone = useMaxWidth(PHONE_MAX_WIDTH);
  const [text, setText] = useState('');
  const [expanded, setExpanded] = useState(false);
  const [loaded, setLoaded] = useState<{
    Combobox: Combobox;
    start: Omit<SearchStart, 'text' | 'expanded'>;
  }>();
  const inputRef = useRef<HTMLInputElement>(null);
  // '/' or the phone icon asked for the focus, which lands a frame later on the phone: if the
  // combobox arrives first, it takes the focus instead.
  const focusAsked = useRef(false);
  const swapped = useRef(false);

  const load = useCallback(() => {
    loadCombobox().then(
      (Combobox) => {
        if (swapped.current) return;
        swapped.current = true;
        const input = inputRef.current;
        const focused = focusAsked.current || (input !== null && input === document.activeElement);
        const selection =
          input !== null && input === document.activeElement && input.selectionStart !== null
            ? ([input.selectionStart, input.selectionEnd ?? input.selectionStart] as const)
            : null;
        // Drawn now, in this task: the focus and caret just read are the ones the combobox takes.
        // A render left to React's scheduler comes a moment later on a busy page, and a click on
        // the stand-in and typing in between would lose the focus and the keystrokes after it.
        flushSync(() => setLoaded({ Combobox, start: { focused, selection } }));
      },
      (error: unknown) => console.error('Failed to load the search', error),
    );
  }, []);

  // Once the page has loaded, in the browser's first idle moment (after the map library's start).
  useEffect(() => {
    let cancelled = false;
    const idle = () => {
      if (!cancelled) load();
    };
    const whenIdle = () => {
      if ('requestIdleCallback' in window) requestIdleCallback(idle, { timeout: 5000 });
      else setTimeout(idle, 2000);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', whenIdle);
    };
  }, [load]);

  const openBox = () => {
    setExpanded(true);
    focusAsked.current = true;
    load();
    // On a phone the box mounts on expand: focus once it is there.
    if (inputRef.current) inputRef.current.focus();
    else requestAnimationFrame(() => inputRef.current?.focus());
  };

  useWindowEvent('keydown', (event) => {
    if (loaded) return; // the combobox listens itself
    if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
    event.preventDefault();
    openBox();
  });

  if (loaded) return <loaded.Combobox onPick={onPick} start={{ ...loaded.start, text, expanded }} />;
  if (phone && !expanded) return <SearchIconButton onOpen={openBox} />;
  return (
    <div className={classes.root} data-phone={phone || undefined}>
      <TextInput
        ref={inputRef}
        {...searchInputProps({ phone, onClose: () => setExpanded(false) })}
        // The attributes Mantine's Combobox.Target gives the input while its list is closed.
        role="combobox"
        aria-haspopup="listbox"
        aria-expanded={false}
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onPointerEnter={load}
        onFocus={load}
        onBlur={() => {
          focusAsked.current = false;
          if (phone && text === '') setExpanded(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setText('');
        }}
      />
    </div>
  );
}
