import { useEffect, useRef, useState } from 'react';
import { Box, Text, useComputedColorScheme } from '@mantine/core';
import { Marker, type Map as MapLibreMap } from 'maplibre-gl';
import { applyMapScheme, buildMapStyle } from '../../../lib/map/map-style.ts';
import { configuredTileSources } from '../../../lib/map/tile-config.ts';
import { previewView } from '../model/preview.ts';
import { createMap } from '../../../lib/map/create-map.ts';
import { t } from '../../../lib/i18n.ts';

interface LocationPreviewMapProps {
  /** [longitude, latitude] when the location is valid. */
  coordinates: [number, number] | null;
}

/**
 * Product §2 and 9: the wizard's location preview. World view at zoom 2 centred on New York; zoom 15
 * with a marker once the coordinates are valid; the explore map's basemap, light or dark by theme.
 */
export function LocationPreviewMap({ coordinates }: LocationPreviewMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const markerRef = useRef<Marker | null>(null);
  const [failed, setFailed] = useState(false);
  const colorScheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const appliedScheme = useRef(colorScheme);
  const lng = coordinates?.[0] ?? null;
  const lat = coordinates?.[1] ?? null;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let map: MapLibreMap;
    try {
      map = createMap({
        container,
        style: buildMapStyle(appliedScheme.current, configuredTileSources),
        ...previewView(null),
        attributionControl: { compact: true },
        interactive: false,
      });
    } catch (error) {
      console.error('The preview map could not start', error);
      // The constructor is the external system here: its failure (no WebGL) is known only now.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setFailed(true);
      return;
    }
    map.on('error', () => {
      // Missing tiles leave the plain background; the marker still shows the place. A new frame
      // lets the map finish loading when the basemap's TileJSON itself failed.
      map.triggerRepaint();
    });
    mapRef.current = map;
    return () => {
      markerRef.current?.remove();
      markerRef.current = null;
      mapRef.current = null;
      map.remove();
    };
  }, []);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const point: [number, number] | null = lng !== null && lat !== null ? [lng, lat] : null;
    map.jumpTo(previewView(point));
    if (point) {
      markerRef.current ??= new Marker({ color: '#e64980' });
      markerRef.current.setLngLat(point).addTo(map);
    } else {
      markerRef.current?.remove();
    }
  }, [lng, lat]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || appliedScheme.current === colorScheme) return;
    appliedScheme.current = colorScheme;
    // Recoloured in place: no new style, no tiles fetched again.
    if (map.isStyleLoaded()) applyMapScheme(map, colorScheme, configuredTileSources);
    else map.once('load', () => applyMapScheme(map, appliedScheme.current, configuredTileSources));
  }, [colorScheme]);

  return (
    <Box
      pos="relative"
      h="100%"
      mih={260}
      style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
      aria-label={t('Location preview')}
      role="group"
      data-preview-state={coordinates ? 'located' : 'world'}
    >
      <Box ref={containerRef} pos="absolute" inset={0} />
      {failed && (
        <Text pos="absolute" inset={0} ta="center" pt="xl" c="dimmed">
          {t('The map preview is not available.')}
        </Text>
      )}
    </Box>
  );
}
