import { useEffect, useState } from 'react';
import { ActionIcon, Button, Group, Slider, Text } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { currentYear } from '#domain/constants';
import { formatYear } from '#domain/building-years';
import { nextDecade, TIME_PLAY_START, TIME_SLIDER_MIN } from '../model/time.ts';
import classes from './time-control.module.css';
import { t } from '../../../lib/i18n.ts';

/** Time between play's steps: long enough for the map to draw each decade. */
export const TIME_PLAY_STEP_MS = 1200;

interface TimeControlProps {
  /** The year the catalogue is shown as of, or null for every building whatever its years. */
  year: number | null;
  onChange: (year: number | null) => void;
}

/**
 * The catalogue through time: a slider over the years (arrows step a year, Home/End
 * jump to the ends), a play button stepping through decades and 'All years' to leave it.
 * Separate from 'Built between', which filters by the year built alone.
 */
export function TimeControl({ year, onChange }: TimeControlProps) {
  const [draft, setDraft] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const last = currentYear();
  const shown = draft ?? year;
  const next = year === null ? TIME_PLAY_START : nextDecade(year);
  // Play ends by itself at the current year.
  const isPlaying = playing && next !== null;

  useEffect(() => {
    if (!isPlaying || next === null) return;
    // The first step of a fresh play shows its start at once; the rest wait for the map.
    const timer = setTimeout(() => onChange(next), year === null ? 0 : TIME_PLAY_STEP_MS);
    return () => clearTimeout(timer);
  }, [isPlaying, next, year, onChange]);

  const togglePlay = () => {
    if (!isPlaying && next === null) onChange(TIME_PLAY_START);
    setPlaying(!isPlaying);
  };

  return (
    <Group
      className={classes.bar}
      gap="sm"
      wrap="nowrap"
      role="group"
      aria-label={t('Buildings standing in a year')}
    >
      <ActionIcon
        variant="light"
        size="lg"
        aria-label={isPlaying ? t('Pause') : t('Play through the decades')}
        aria-pressed={isPlaying}
        onClick={togglePlay}
      >
        {isPlaying ? (
          <IconPlayerPauseFilled size={18} aria-hidden />
        ) : (
          <IconPlayerPlayFilled size={18} aria-hidden />
        )}
      </ActionIcon>
      <Text size="sm" className={classes.label} aria-live="polite" data-testid="standing-year-label">
        {shown === null ? t('Standing: all years') : t('Standing in {year}', { year: formatYear(shown, t) })}
      </Text>
      <Slider
        className={classes.slider}
        min={Math.min(TIME_SLIDER_MIN, year ?? TIME_SLIDER_MIN)}
        max={last}
        step={1}
        value={shown ?? last}
        label={(v) => formatYear(v, t)}
        thumbLabel={t('Year the map shows')}
        thumbValueText={(v) => formatYear(v, t)}
        onChange={(v) => {
          setPlaying(false);
          setDraft(v);
        }}
        onChangeEnd={(v) => {
          setDraft(null);
          onChange(v);
        }}
      />
      {year !== null && (
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => {
            setPlaying(false);
            onChange(null);
          }}
        >
          {t('All years')}
        </Button>
      )}
    </Group>
  );
}
