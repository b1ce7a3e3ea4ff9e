import { useEffect, useRef, useState } from 'react';
import { Button, Group, Loader } from '@mantine/core';
import {
  IconMoodEmpty,
  IconMoodEmptyFilled,
  IconMoodSad,
  IconMoodSadFilled,
  IconMoodSmile,
  IconMoodSmileFilled,
} from '@tabler/icons-react';
import type { VoteResult, VoteStats, VoteValue } from '#domain/votes';
import { useRequireLogin } from '../../../lib/auth/use-require-login.ts';
import { LOGIN_MESSAGES, LOGIN_TITLES } from '../../../lib/auth/messages.ts';
import { useCastVote } from '../api/cast-vote.ts';
import {
  FACES,
  VOTE_SPINNER_MS,
  faceButtonLabel,
  faceCount,
  isActiveFace,
  optimisticVote,
  shownVote,
  type Face,
  type FaceName,
  type FaceVotableType,
  type ShownVote,
  type VoteOverride,
} from '../model.ts';
import classes from './vote-faces.module.css';

export interface VoteFacesProps {
  votableType: FaceVotableType;
  votableId: number;
  voteStats: VoteStats;
  /** The signed-in reader's vote; null when none (or signed out). */
  userVote: VoteValue | null;
  /** After the server answered. */
  onVoted?: (result: VoteResult) => void;
  /**
   * Store the shown vote where the parent keeps it (the app's cache, so every view of the target
   * follows): the guess at once (optimistic, product §4 rule), then the server's answer, or the
   * previous vote again when the vote failed.
   */
  onChange?: (vote: ShownVote) => void;
  size?: 'xs' | 'sm' | 'md';
  /** The group's accessible name. */
  label?: string;
}

const ICONS: Record<FaceName, { outline: typeof IconMoodSmile; filled: typeof IconMoodSmile }> = {
  smile: { outline: IconMoodSmile, filled: IconMoodSmileFilled },
  meh: { outline: IconMoodEmpty, filled: IconMoodEmptyFilled },
  frown: { outline: IconMoodSad, filled: IconMoodSadFilled },
};

const COLORS: Record<FaceName, string> = { smile: 'teal', meh: 'yellow', frown: 'red' };

/**
 * Smile, meh and frown votes on a building, image or style (product §3 and 4): the active face is
 * highlighted, a chosen face spins for 750 ms, counts come from the server's answer. Signed-out
 * visitors get the 'Login to Vote' modal; failures are only logged (product §8).
 */
export function VoteFaces({
  votableType,
  votableId,
  voteStats,
  userVote,
  onVoted,
  onChange,
  size = 'sm',
  label = 'Votes',
}: VoteFacesProps) {
  const requireLogin = useRequireLogin(LOGIN_TITLES.vote, LOGIN_MESSAGES.action);
  const castVote = useCastVote();
  const [override, setOverride] = useState<VoteOverride | null>(null);
  const [spinning, setSpinning] = useState<VoteValue | null>(null);
  const spinTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const shown = shownVote({ voteStats, userVote }, override);

  useEffect(
    () => () => {
      if (spinTimer.current) clearTimeout(spinTimer.current);
    },
    [],
  );

  const vote = (face: Face) => {
    if (spinning !== null || castVote.isPending) return;
    setSpinning(face.value);
    spinTimer.current = setTimeout(() => setSpinning(null), VOTE_SPINNER_MS);
    const basis = { voteStats, userVote };
    const previous = shown;
    // Product §4: the counts move at once; the server's answer settles them.
    const guess = optimisticVote(previous, face.value);
    setOverride({ basis, latest: guess });
    onChange?.(guess);
    castVote.mutate(
      { votable_type: votableType, votable_id: votableId, vote: face.value },
      {
        onSuccess: (result) => {
          const latest = { voteStats: result.vote_stats, userVote: result.user_vote };
          setOverride({ basis, latest });
          onChange?.(latest);
          onVoted?.(result);
        },
        onError: (error) => {
          console.error(`Voting on ${votableType} ${votableId} failed`, error);
          setOverride(null);
          onChange?.(previous);
        },
      },
    );
  };

  return (
    <Group
      gap="xs"
      role="group"
      aria-label={label}
      aria-busy={spinning !== null || castVote.isPending}
      className={classes.faces}
      wrap="nowrap"
    >
      {FACES.map((face) => {
        const active = isActiveFace(shown.userVote, face);
        const count = faceCount(shown.voteStats, face);
        const Icon = active ? ICONS[face.name].filled : ICONS[face.name].outline;
        return (
          <Button
            key={face.name}
            size={size}
            radius="xl"
            variant={active ? 'filled' : 'default'}
            color={COLORS[face.name]}
            aria-pressed={active}
            aria-label={faceButtonLabel(face, count)}
            data-face={face.name}
            className={classes.face}
            leftSection={
              spinning === face.value ? (
                <Loader size={16} color={active ? 'white' : COLORS[face.name]} aria-hidden />
              ) : (
                <Icon size={18} stroke={1.8} aria-hidden />
              )
            }
            onClick={() => requireLogin(() => vote(face))}
          >
            <span className={classes.count}>{count}</span>
          </Button>
        );
      })}
    </Group>
  );
}
