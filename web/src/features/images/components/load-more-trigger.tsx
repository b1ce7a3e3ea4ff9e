import { useEffect, useRef } from 'react';

interface LoadMoreTriggerProps {
  /** Observe only while a next page exists and nothing is loading. */
  enabled: boolean;
  onVisible: () => void;
  /** Anything whose change should look again (the number of items shown). */
  watch: unknown;
}

/**
 * The bottom trigger of an infinite list (product §2): when it scrolls into view the next page is
 * asked for. A new observer after each page reports at once if the trigger is still visible.
 */
export function LoadMoreTrigger({ enabled, onVisible, watch }: LoadMoreTriggerProps) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onVisible);
  useEffect(() => {
    latest.current = onVisible;
  });

  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, watch]);

  return <div ref={ref} data-testid="load-more-trigger" aria-hidden style={{ height: 1 }} />;
}
