import { useEffect, useRef, useState } from 'react';
import { Box, Text, useComputedColorScheme } from '@mantine/core';
import { LngLatBounds, Marker, type Map as MapLibreMap } from 'maplibre-gl';
import { createMap } from '../../../lib/map/create-map.ts';
import { buildMapStyle, fitMaxZoom } from '../../../lib/map/map-style.ts';
import { configuredTileSources } from '../../../lib/map/tile-config.ts';
import { t } from '../../../lib/i18n.ts';

interface ArchitectMapProps {
  /** [lng, lat] of each building. */
  points: readonly (readonly [number, number])[];
}

/** A small map of an architect's buildings, fitted to them. */
export function ArchitectMap({ points }: ArchitectMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const colorScheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const key = JSON.stringify(points);

  useEffect(() => {
    const container = containerRef.current;
    const coords = JSON.parse(key) as [number, number][];
    if (!container || coords.length === 0) return;
    let map: MapLibreMap;
    try {
      map = createMap({
        container,
        style: buildMapStyle(colorScheme, configuredTileSources),
        center: coords[0],
        zoom: 2,
        attributionControl: { compact: true },
      });
    } catch (error) {
      console.error('The architect map could not start', error);
      // The constructor is the external system here: its failure (no WebGL) is known only now.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setFailed(true);
      return;
    }
    map.on('error', () => map.triggerRepaint());
    const bounds = new LngLatBounds();
    for (const point of coords) {
      new Marker({ color: '#e64980' }).setLngLat(point).addTo(map);
      bounds.extend(point);
    }
    // One building, or a few close together: near enough to see the city, not an empty field.
    const maxZoom = fitMaxZoom(colorScheme, configuredTileSources, 13);
    map.fitBounds(bounds, { padding: 40, maxZoom, duration: 0 });
    return () => map.remove();
  }, [key, colorScheme]);

  return (
    <Box
      pos="relative"
      h={280}
      style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
      role="region"
      aria-label={t("Map of the architect's buildings")}
    >
      <Box ref={containerRef} pos="absolute" inset={0} />
      {failed && (
        <Text pos="absolute" inset={0} ta="center" pt="xl" c="dimmed">
          {t('The map is not available.')}
        </Text>
      )}
    </Box>
  );
}
