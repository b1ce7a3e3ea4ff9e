import { useEffect, useRef } from 'react';
import { Box, useComputedColorScheme } from '@mantine/core';
import type { MapLayerMouseEvent } from 'maplibre-gl';
import { BUILDING_FLY_TO_MS, BUILDING_FLY_TO_ZOOM, MAP_DEFAULT_BOUNDS } from '#domain/constants';
import { useBuildingsGeojson } from '../api/get-buildings-geojson.ts';
import { useExploreMap } from '../hooks/use-explore-map.ts';
import { openBuildingPopup, popupBuildingFrom } from '../lib/building-popup.ts';
import { BUILDINGS_LAYER_ID, setBuildingsData } from '../lib/buildings-layer.ts';
import { MapStatusOverlay } from './map-status-overlay.tsx';
import classes from './explore-map.module.css';
import '../explore.css';

interface ExploreMapProps {
  /** Opens a building's page (the app navigates to /buildings/{id}). */
  onOpenBuilding: (id: number) => void;
  /** [lng, lat] to fly to, e.g. the building whose page is open. */
  focus?: readonly [number, number] | null;
}

/** Spec section 2, explore screen: the world map with one marker per building. */
export function ExploreMap({ onOpenBuilding, focus = null }: ExploreMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const colorScheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const { map, failed, markBuildingsDataSet } = useExploreMap(containerRef, colorScheme);
  const buildings = useBuildingsGeojson(MAP_DEFAULT_BOUNDS);

  useEffect(() => {
    if (!map || !buildings.data) return;
    markBuildingsDataSet();
    setBuildingsData(map, buildings.data);
  }, [map, buildings.data, markBuildingsDataSet]);

  // Latest callback without re-binding the map's listeners on every render.
  const openBuildingRef = useRef(onOpenBuilding);
  useEffect(() => {
    openBuildingRef.current = onOpenBuilding;
  }, [onOpenBuilding]);

  useEffect(() => {
    if (!map) return;
    const onClick = (event: MapLayerMouseEvent) => {
      const feature = event.features?.[0];
      const building = feature ? popupBuildingFrom(feature.properties) : null;
      if (!building) return;
      openBuildingPopup(map, event.lngLat, building, (id) => openBuildingRef.current(id));
    };
    const onEnter = () => (map.getCanvas().style.cursor = 'pointer');
    const onLeave = () => (map.getCanvas().style.cursor = '');
    map.on('click', BUILDINGS_LAYER_ID, onClick);
    map.on('mouseenter', BUILDINGS_LAYER_ID, onEnter);
    map.on('mouseleave', BUILDINGS_LAYER_ID, onLeave);
    return () => {
      map.off('click', BUILDINGS_LAYER_ID, onClick);
      map.off('mouseenter', BUILDINGS_LAYER_ID, onEnter);
      map.off('mouseleave', BUILDINGS_LAYER_ID, onLeave);
    };
  }, [map]);

  const focusLng = focus?.[0];
  const focusLat = focus?.[1];
  useEffect(() => {
    if (!map || focusLng === undefined || focusLat === undefined) return;
    map.flyTo({ center: [focusLng, focusLat], zoom: BUILDING_FLY_TO_ZOOM, duration: BUILDING_FLY_TO_MS });
  }, [map, focusLng, focusLat]);

  let status: 'loading' | 'error' | null = null;
  if (failed || buildings.isError) status = 'error';
  else if (!map || buildings.isPending) status = 'loading';

  return (
    <Box className={classes.root}>
      <div ref={containerRef} className={classes.map} data-testid="explore-map" />
      {status && <MapStatusOverlay status={status} />}
    </Box>
  );
}
