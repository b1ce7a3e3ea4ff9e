import { useEffect, useRef, useState } from 'react';
import { Box, Text, useComputedColorScheme } from '@mantine/core';
import { LngLatBounds, Marker, type Map as MapLibreMap } from 'maplibre-gl';
import type { RouteStop } from '#domain/lists';
import { createMap } from '../../../lib/map/create-map.ts';
import { buildMapStyle, fitMaxZoom } from '../../../lib/map/map-style.ts';
import { configuredTileSources } from '../../../lib/map/tile-config.ts';
import { WALKING_TOUR_TEXTS } from '../model/walking-tour.ts';
import classes from './walking-tour.module.css';
import { t } from '../../../lib/i18n.ts';

const LINE_SOURCE = 'walking-tour';
const LINE_COLOR = '#9c36b5';

/** The stops' numbered markers (1 = the start) and the line through them, fitted to them. */
export function WalkingTourMap({ stops }: { stops: readonly RouteStop[] }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const colorScheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  // The effect runs again only when the walk itself changes, not for a new array of the same stops.
  const key = JSON.stringify(stops.map((s) => [s.id, s.name, s.lng, s.lat]));

  useEffect(() => {
    const container = containerRef.current;
    const walk = JSON.parse(key) as [number, string, number, number][];
    if (!container || walk.length === 0) return;
    const coords = walk.map(([, , lng, lat]) => [lng, lat] as [number, number]);
    let map: MapLibreMap;
    try {
      map = createMap({
        container,
        style: buildMapStyle(colorScheme, configuredTileSources),
        center: coords[0],
        zoom: 13,
        attributionControl: { compact: true },
      });
    } catch (error) {
      console.error('The walking tour map could not start', error);
      // The constructor is the external system here: its failure (no WebGL) is known only now.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setFailed(true);
      return;
    }
    map.on('error', () => map.triggerRepaint());
    const bounds = new LngLatBounds();
    walk.forEach(([, name], i) => {
      const element = document.createElement('div');
      element.className = classes.stop!;
      element.textContent = String(i + 1);
      element.setAttribute('role', 'img');
      element.setAttribute('aria-label', t('Stop {number}: {name}', { number: i + 1, name }));
      element.dataset.stop = String(i + 1);
      new Marker({ element }).setLngLat(coords[i]!).addTo(map);
      bounds.extend(coords[i]!);
    });
    map.on('load', () => {
      map.addSource(LINE_SOURCE, {
        type: 'geojson',
        data: { type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: coords } },
      });
      map.addLayer({
        id: LINE_SOURCE,
        type: 'line',
        source: LINE_SOURCE,
        layout: { 'line-join': 'round', 'line-cap': 'round' },
        paint: { 'line-color': LINE_COLOR, 'line-width': 3, 'line-dasharray': [2, 1.5] },
      });
    });
    const maxZoom = fitMaxZoom(colorScheme, configuredTileSources, 16);
    map.fitBounds(bounds, { padding: 40, maxZoom, duration: 0 });
    return () => map.remove();
  }, [key, colorScheme]);

  return (
    <Box className={classes.map} role="region" aria-label={t(WALKING_TOUR_TEXTS.mapLabel)}>
      <Box ref={containerRef} pos="absolute" inset={0} />
      {failed && (
        <Text pos="absolute" inset={0} ta="center" pt="xl" c="dimmed">
          {t(WALKING_TOUR_TEXTS.mapUnavailable)}
        </Text>
      )}
    </Box>
  );
}
