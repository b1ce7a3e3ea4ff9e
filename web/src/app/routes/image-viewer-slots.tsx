import { CommentsSection } from '../../features/comments/components/comments-section.tsx';
import type { ImageViewerSlots } from '../../features/images/components/image-viewer.tsx';
import { VoteFaces } from '../../features/votes/components/vote-faces.tsx';

/** Spec 2: the full image view shows the image's vote faces and comments. */
export const imageViewerSlots: ImageViewerSlots = {
  votes: (image, onVoted) => (
    <VoteFaces
      key={image.id}
      votableType="image"
      votableId={image.id}
      voteStats={image.vote_stats}
      userVote={image.user_vote}
      onVoted={onVoted}
      label="Image votes"
    />
  ),
  comments: (image) => <CommentsSection key={image.id} targetType="image" targetId={image.id} />,
};
