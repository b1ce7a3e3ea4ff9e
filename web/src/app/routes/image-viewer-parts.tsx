import { useQueryClient } from '@tanstack/react-query';
import type { Image } from '#domain/images';
import type { VoteResult } from '#domain/votes';
import { CommentsSection } from '../../features/comments/components/comments-section.tsx';
import { changeCachedImage } from '../../features/images/api/image-cache.ts';
import { reportComment } from './report-actions.tsx';
import { VoteFaces } from '../../features/votes/components/vote-faces.tsx';
import { t } from '../../lib/i18n.ts';

/** An image's vote faces; the shown vote goes into every cached image list at once (guess, then answer). */
export function ImageVoteFaces({ image, onVoted }: { image: Image; onVoted: (result: VoteResult) => void }) {
  const queryClient = useQueryClient();
  return (
    <VoteFaces
      votableType="image"
      votableId={image.id}
      voteStats={image.vote_stats}
      userVote={image.user_vote}
      onChange={(vote) =>
        changeCachedImage(queryClient, { id: image.id, vote_stats: vote.voteStats, user_vote: vote.userVote })
      }
      onVoted={onVoted}
      label={t('Image votes')}
    />
  );
}

/** An image's comments (product §2). */
export function ImageComments({ image }: { image: Image }) {
  return <CommentsSection targetType="image" targetId={image.id} report={reportComment} />;
}
