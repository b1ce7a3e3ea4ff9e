import type { ReactNode } from 'react';
import { Button, Group, Loader, Text } from '@mantine/core';
import type { Comment } from '#domain/comments';
import { useCommentReplies } from '../hooks/use-comments-list.ts';
import { useCommentsContext } from './comments-context.ts';
import classes from './comments.module.css';

interface CommentRepliesProps {
  parent: Comment;
  id: string;
  /** Draws one reply (the comment item passes itself, so this module does not import it back). */
  renderReply: (reply: Comment) => ReactNode;
}

/** The opened replies of a top-level comment, oldest first, 20 per page (product §9). */
export function CommentReplies({ parent, id, renderReply }: CommentRepliesProps) {
  const { target } = useCommentsContext();
  const { replies, loadMore } = useCommentReplies(target, parent.id);

  return (
    <div id={id} className={classes.replies}>
      {replies.items.length > 0 && (
        <ol
          className={classes.list}
          aria-label={`Replies to ${parent.deleted ? 'a deleted comment' : parent.username}`}
        >
          {replies.items.map(renderReply)}
        </ol>
      )}
      {replies.isLoading && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">Loading...</Text>
        </Group>
      )}
      {replies.error && (
        <Group gap="xs">
          <Text role="alert" c="red" size="sm">
            {replies.error}
          </Text>
          <Button variant="subtle" size="compact-xs" onClick={loadMore}>
            Try again
          </Button>
        </Group>
      )}
      {!replies.isLoading && !replies.error && replies.page > 0 && replies.page < replies.pages && (
        <Button variant="subtle" size="compact-xs" onClick={loadMore}>
          Load More Replies
        </Button>
      )}
    </div>
  );
}
