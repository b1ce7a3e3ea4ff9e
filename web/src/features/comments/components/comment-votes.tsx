import { ActionIcon, Group, Text } from '@mantine/core';
import {
  IconArrowBigDown,
  IconArrowBigDownFilled,
  IconArrowBigUp,
  IconArrowBigUpFilled,
} from '@tabler/icons-react';
import type { Comment } from '#domain/comments';
import { LOGIN_MESSAGES, LOGIN_TITLES } from '../../../lib/auth/messages.ts';
import { useRequireLogin } from '../../../lib/auth/use-require-login.ts';
import { commentVoteLabel } from '../model/comment-rules.ts';
import type { CommentVote } from '../model/comments-list.ts';
import { useCommentsContext } from './comments-context.ts';
import classes from './comments.module.css';
import { t } from '../../../lib/i18n.ts';

/** Up and down votes on a comment (product §2, 4): the same vote again takes it back. */
export function CommentVotes({ comment }: { comment: Comment }) {
  const { actions } = useCommentsContext();
  const requireLogin = useRequireLogin(LOGIN_TITLES.vote, LOGIN_MESSAGES.action);
  const vote = (value: CommentVote) => requireLogin(() => void actions.vote(comment, value));

  return (
    <Group gap={2} wrap="nowrap" role="group" aria-label={t('Comment votes')} className={classes.votes}>
      <ActionIcon
        variant={comment.user_vote === 1 ? 'light' : 'subtle'}
        color={comment.user_vote === 1 ? 'teal' : 'gray'}
        size="sm"
        aria-pressed={comment.user_vote === 1}
        aria-label={commentVoteLabel(1, comment.upvotes)}
        onClick={() => vote(1)}
      >
        {comment.user_vote === 1 ? (
          <IconArrowBigUpFilled size={16} aria-hidden />
        ) : (
          <IconArrowBigUp size={16} aria-hidden />
        )}
      </ActionIcon>
      <Text size="sm" className={classes.count} aria-hidden>
        {comment.upvotes}
      </Text>
      <ActionIcon
        variant={comment.user_vote === -1 ? 'light' : 'subtle'}
        color={comment.user_vote === -1 ? 'red' : 'gray'}
        size="sm"
        aria-pressed={comment.user_vote === -1}
        aria-label={commentVoteLabel(-1, comment.downvotes)}
        onClick={() => vote(-1)}
      >
        {comment.user_vote === -1 ? (
          <IconArrowBigDownFilled size={16} aria-hidden />
        ) : (
          <IconArrowBigDown size={16} aria-hidden />
        )}
      </ActionIcon>
      <Text size="sm" className={classes.count} aria-hidden>
        {comment.downvotes}
      </Text>
    </Group>
  );
}
