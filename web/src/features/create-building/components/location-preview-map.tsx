import { useEffect, useRef, useState } from 'react';
import { Box, Text, useComputedColorScheme } from '@mantine/core';
import { Map as MapLibreMap, Marker } from 'maplibre-gl';
import { buildMapStyle } from '../../../lib/map/map-style.ts';
import { configuredTileSources } from '../../../lib/map/tile-config.ts';
import { previewView } from '../model/preview.ts';

interface LocationPreviewMapProps {
  /** [longitude, latitude] when the location is valid. */
  coordinates: [number, number] | null;
}

/**
 * Spec 2 and 9: the wizard's location preview. World view at zoom 2 centred on New York; zoom 15
 * with a marker once the coordinates are valid; light or dark tiles by theme (the explore map's).
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
      map = new MapLibreMap({
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
      // Missing tiles leave the plain background; the marker still shows the place.
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
    map.setStyle(buildMapStyle(colorScheme, configuredTileSources));
  }, [colorScheme]);

  return (
    <Box
      pos="relative"
      h="100%"
      mih={260}
      style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
      aria-label="Location preview"
      role="img"
      data-preview-state={coordinates ? 'located' : 'world'}
    >
      <Box ref={containerRef} pos="absolute" inset={0} />
      {failed && (
        <Text pos="absolute" inset={0} ta="center" pt="xl" c="dimmed">
          The map preview is not available.
        </Text>
      )}
    </Box>
  );
}
