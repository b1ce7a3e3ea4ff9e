import { useEffect, useMemo, useRef } from 'react';
import { Box, useComputedColorScheme } from '@mantine/core';
import type { MapGeoJSONFeature, MapMouseEvent } from 'maplibre-gl';
import type { BuildingFeatureCollection, ClusterFeature } from '#domain/building-map';
import { BUILDING_FLY_TO_MS, BUILDING_FLY_TO_ZOOM } from '#domain/constants';
import { mapBackground } from '../../../lib/map/map-placeholder.tsx';
import { useExploreMap } from '../hooks/use-explore-map.ts';
import { useScrollZoomGuard } from '../hooks/use-scroll-zoom-guard.ts';
import { openBuildingChooser } from '../lib/building-chooser.ts';
import { openBuildingPopup, popupBuildingFrom, type PopupBuilding } from '../lib/building-popup.ts';
import {
  BUILDINGS_LAYER_ID,
  CLUSTERS_LAYER_ID,
  HIGHLIGHT_LAYER_ID,
  MARKER_RADIUS_PX,
  setBuildingsData,
  setHighlightedBuildings,
} from '../lib/buildings-layer.ts';
import { ClusterLabels } from '../lib/cluster-labels.ts';
import type { MapBounds } from '../model/bounds.ts';
import { formatCamera, normalizeCamera } from '../model/camera-url.ts';
import { useCameraUrl } from '../hooks/use-camera-url.ts';
import { clusterTarget, splitMapData } from '../model/map-data.ts';
import { CLICK_SLACK_PX, buildingsAtClick, nearestWorldCopy, type MarkerHit } from '../model/overlap.ts';
import { LocateControl } from './locate-control.tsx';
import { MapStatusOverlay } from './map-status-overlay.tsx';
import { ScrollZoomHint } from './scroll-zoom-hint.tsx';
import classes from './explore-map.module.css';
import '../explore.css';

export interface ExploreMapProps {
  /** The latest geojson answer (kept while the next one loads). */
  data: BuildingFeatureCollection | undefined;
  /** The buildings cannot be loaded. */
  error: boolean;
  /** True once the data drawn is the answer for the current viewport and filters (test hook). */
  settled: boolean;
  /** Hovered and selected buildings: drawn purple or pink above the others. */
  highlightedIds: readonly number[];
  onHoverBuilding: (id: number | null) => void;
  /** Opens a building's page (the app navigates to /buildings/{id}). */
  onOpenBuilding: (id: number) => void;
  /** Called after every move with the map's bounds and zoom; true when new data will follow. */
  onViewChange: (bounds: MapBounds, zoom: number) => boolean;
  /** [lng, lat] to fly to, e.g. the building whose page is open. */
  focus?: readonly [number, number] | null;
  /** Bounds to open on (the last visit's); the product's start view otherwise. */
  initialBounds?: MapBounds | null;
  /** Loads the buildings again after an error (a Retry button beside 'Error loading map data'). */
  onRetry?: () => void;
  /** A place to fly to (a search pick); each new `key` flies again. */
  target?: MapTarget | null;
}

export interface MapTarget {
  key: string;
  center: [number, number];
  /** [west, south, east, north]: fitted when given. */
  bbox?: [number, number, number, number];
  zoom: number;
}

const POINT_LAYERS = [HIGHLIGHT_LAYER_ID, BUILDINGS_LAYER_ID];

/** Product §2, explore screen: the world map with one marker per building, or server clusters. */
export function ExploreMap({
  data,
  error,
  settled,
  highlightedIds,
  onHoverBuilding,
  onOpenBuilding,
  onViewChange,
  focus = null,
  initialBounds = null,
  target = null,
  onRetry,
}: ExploreMapProps) {
  // The URL's position (`?map=`): the map opens there, jumps there when it changes (Back), and
  // writes where it comes to rest (hooks/use-camera-url.ts).
  const { camera, cameraMoved: onCameraChange } = useCameraUrl();
  const rootRef = useRef<HTMLDivElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const colorScheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const { map, failed, setDataSettled } = useExploreMap(containerRef, {
    colorScheme,
    initialBounds,
    initialFocus: focus,
    initialCamera: camera,
  });
  const hintVisible = useScrollZoomGuard(rootRef);
  const mapData = useMemo(() => (data ? splitMapData(data) : null), [data]);

  // Latest callbacks without re-binding the map's listeners on every render.
  const callbacks = useRef({ onHoverBuilding, onOpenBuilding, onViewChange, onCameraChange });
  useEffect(() => {
    callbacks.current = { onHoverBuilding, onOpenBuilding, onViewChange, onCameraChange };
  }, [onHoverBuilding, onOpenBuilding, onViewChange, onCameraChange]);
  // The map's position as last reported, as the URL writes it: a URL naming another is a jump.
  const shownCamera = useRef(camera ? formatCamera(camera) : '');

  const clustersById = useRef(new Map<string, ClusterFeature>());
  const labels = useRef<ClusterLabels | null>(null);

  useEffect(() => {
    if (!map) return;
    labels.current = new ClusterLabels(map);
    return () => {
      labels.current?.clear();
      labels.current = null;
    };
  }, [map]);

  useEffect(() => {
    if (!map || !mapData) return;
    setBuildingsData(map, mapData.points, mapData.clusters);
    clustersById.current = new Map(mapData.clusters.features.map((c) => [c.properties.cluster_id, c]));
    labels.current?.set(mapData.clusters.features);
  }, [map, mapData]);

  useEffect(() => {
    setDataSettled(settled && mapData !== null);
  }, [settled, mapData, setDataSettled]);

  const highlighted = useRef<readonly number[]>([]);
  const highlightKey = highlightedIds.join(',');
  useEffect(() => {
    if (!map) return;
    const ids = highlightKey ? highlightKey.split(',').map(Number) : [];
    highlighted.current = setHighlightedBuildings(map, ids, highlighted.current);
  }, [map, highlightKey, mapData]);

  useEffect(() => {
    if (!map) return;
    let byUser = false;
    const onMoveStart = (event: { originalEvent?: unknown }) => {
      if (event.originalEvent) byUser = true;
    };
    const report = () => {
      const c = map.getCenter();
      const at = normalizeCamera({ zoom: map.getZoom(), lat: c.lat, lng: c.lng });
      shownCamera.current = formatCamera(at);
      callbacks.current.onCameraChange(at, byUser);
      const b = map.getBounds();
      const counted = callbacks.current.onViewChange(
        { north: b.getNorth(), south: b.getSouth(), east: b.getEast(), west: b.getWest() },
        map.getZoom(),
      );
      // At once, not after React renders: the map's next 'idle' must not claim the old data is current.
      if (counted) setDataSettled(false);
    };
    const hitAt = (event: MapMouseEvent) => {
      const layers = [...POINT_LAYERS, CLUSTERS_LAYER_ID].filter((id) => map.getLayer(id));
      return map.queryRenderedFeatures(event.point, { layers })[0];
    };
    /** Every building marker within reach of the click (markers can pile up). */
    const buildingsAt = (event: MapMouseEvent): PopupBuilding[] => {
      const { x, y } = event.point;
      const box: [[number, number], [number, number]] = [
        [x - CLICK_SLACK_PX, y - CLICK_SLACK_PX],
        [x + CLICK_SLACK_PX, y + CLICK_SLACK_PX],
      ];
      const layers = POINT_LAYERS.filter((id) => map.getLayer(id));
      const hits = map.queryRenderedFeatures(box, { layers }).flatMap((f) => markerHit(f, event));
      return buildingsAtClick(hits, event.point, MARKER_RADIUS_PX + CLICK_SLACK_PX);
    };
    const markerHit = (feature: MapGeoJSONFeature, event: MapMouseEvent): MarkerHit[] => {
      const building = popupBuildingFrom(feature.properties);
      if (!building || feature.geometry.type !== 'Point') return [];
      const [lng = 0, lat = 0] = feature.geometry.coordinates;
      const { x, y } = map.project([nearestWorldCopy(lng, event.lngLat.lng), lat]);
      return [{ building, x, y }];
    };
    const openPopup = (at: MapMouseEvent['lngLat'], building: PopupBuilding) =>
      openBuildingPopup(map, at, building, (id) => callbacks.current.onOpenBuilding(id));
    const onClick = (event: MapMouseEvent) => {
      const feature = hitAt(event);
      if (!feature) return;
      if (feature.layer.id === CLUSTERS_LAYER_ID) {
        const cluster = clustersById.current.get(String(feature.properties.cluster_id));
        if (!cluster) return;
        map.easeTo(clusterTarget(cluster.properties, map.getZoom()));
        return;
      }
      const here = buildingsAt(event);
      if (here.length > 1) {
        openBuildingChooser(map, event.lngLat, here, (building) => openPopup(event.lngLat, building));
        return;
      }
      const building = here[0] ?? popupBuildingFrom(feature.properties);
      if (building) openPopup(event.lngLat, building);
    };
    let hovered: number | null = null;
    const setHovered = (id: number | null) => {
      if (id === hovered) return;
      hovered = id;
      callbacks.current.onHoverBuilding(id);
    };
    const onMove = (event: MapMouseEvent) => {
      const feature = hitAt(event);
      map.getCanvas().style.cursor = feature ? 'pointer' : '';
      const id = feature && feature.layer.id !== CLUSTERS_LAYER_ID ? Number(feature.properties.id) : null;
      setHovered(Number.isInteger(id) ? id : null);
    };
    const onOut = () => {
      map.getCanvas().style.cursor = '';
      setHovered(null);
    };
    report();
    map.on('movestart', onMoveStart);
    map.on('moveend', report);
    map.on('click', onClick);
    map.on('mousemove', onMove);
    map.on('mouseout', onOut);
    return () => {
      map.off('movestart', onMoveStart);
      map.off('moveend', report);
      map.off('click', onClick);
      map.off('mousemove', onMove);
      map.off('mouseout', onOut);
    };
  }, [map, setDataSettled]);

  const cameraKey = camera ? formatCamera(camera) : '';
  useEffect(() => {
    if (!map || !camera || cameraKey === shownCamera.current) return;
    shownCamera.current = cameraKey;
    map.jumpTo({ center: [camera.lng, camera.lat], zoom: camera.zoom });
    // The key says whether the position changed; the object is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, cameraKey]);

  const focusLng = focus?.[0];
  const focusLat = focus?.[1];
  // A link with a position opens there, not at the building it names (the map flies on later picks).
  const focusFromLink = useRef(camera !== null && focus !== null);
  useEffect(() => {
    if (!map || focusLng === undefined || focusLat === undefined) return;
    if (focusFromLink.current) {
      focusFromLink.current = false;
      return;
    }
    // A map that opened on this building (its page loaded from a link) is there already.
    const here = map.getCenter();
    const there = Math.abs(here.lng - focusLng) < 1e-6 && Math.abs(here.lat - focusLat) < 1e-6;
    if (there && map.getZoom() === BUILDING_FLY_TO_ZOOM) return;
    map.flyTo({ center: [focusLng, focusLat], zoom: BUILDING_FLY_TO_ZOOM, duration: BUILDING_FLY_TO_MS });
  }, [map, focusLng, focusLat]);

  // `target` is a new object only for a new request (memoised by the explore screen).
  useEffect(() => {
    const t = target;
    if (!map || !t) return;
    if (t.bbox) {
      const [west, south, east, north] = t.bbox;
      map.fitBounds(
        [
          [west, south],
          [east, north],
        ],
        { duration: BUILDING_FLY_TO_MS, maxZoom: 16 },
      );
    } else {
      map.flyTo({ center: t.center, zoom: t.zoom, duration: BUILDING_FLY_TO_MS });
    }
  }, [map, target]);

  let status: 'loading' | 'error' | null = null;
  if (failed || error) status = 'error';
  else if (!map || !data) status = 'loading';

  return (
    <Box ref={rootRef} className={classes.root}>
      <div
        ref={containerRef}
        className={`${classes.map} ${mapBackground.className}`}
        data-testid="explore-map"
      />
      {!failed && <LocateControl map={map} />}
      {status && <MapStatusOverlay status={status} onRetry={error && !failed ? onRetry : undefined} />}
      <ScrollZoomHint visible={hintVisible} />
    </Box>
  );
}
