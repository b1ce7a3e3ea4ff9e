import { useState } from 'react';
import { ActionIcon, CloseButton, Group, Paper, Text } from '@mantine/core';
import { IconCurrentLocation } from '@tabler/icons-react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { BUILDING_FLY_TO_MS } from '#domain/constants';
import { LOCATE_MESSAGES, LOCATE_ZOOM, locate, type LocateFailure } from '../model/locate.ts';
import { t } from '../../../lib/i18n.ts';

/**
 * 'Near me' on the explore map: a button (a real <button>, so Tab and Enter or Space work) that
 * asks the browser for the visitor's position once and centres the map there; when the position
 * cannot be had, a message says why and what to do. Styled inline: this adds nothing to the
 * explore screen's stylesheet.
 */
export function LocateControl({ map }: { map: MapLibreMap | null }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<LocateFailure | null>(null);

  const onLocate = async () => {
    if (!map || busy) return;
    setBusy(true);
    setFailure(null);
    const result = await locate();
    setBusy(false);
    if (!result.ok) {
      setFailure(result.reason);
      return;
    }
    map.flyTo({
      center: [result.lng, result.lat],
      zoom: Math.max(map.getZoom(), LOCATE_ZOOM),
      duration: BUILDING_FLY_TO_MS,
    });
  };

  return (
    <div style={{ position: 'absolute', top: 10, right: 10, zIndex: 2, maxWidth: 'calc(100% - 20px)' }}>
      <Group justify="flex-end">
        <ActionIcon
          size="lg"
          variant="default"
          aria-label={t('Show my location')}
          title={t('Show my location')}
          loading={busy}
          disabled={!map}
          onClick={() => void onLocate()}
        >
          <IconCurrentLocation size={20} aria-hidden />
        </ActionIcon>
      </Group>
      {failure && (
        <Paper role="alert" shadow="sm" p="xs" mt="xs" maw={320} withBorder>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Text size="sm">{t(LOCATE_MESSAGES[failure])}</Text>
            <CloseButton size="sm" aria-label={t('Close')} onClick={() => setFailure(null)} />
          </Group>
        </Paper>
      )}
    </div>
  );
}
