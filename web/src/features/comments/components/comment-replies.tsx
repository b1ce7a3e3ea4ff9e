import { useEffect } from 'react';
import { Button, Group, Loader, Text } from '@mantine/core';
import type { Comment } from '#domain/comments';
import { repliesOf } from '../model/comments-list.ts';
import { CommentItem } from './comment-item.tsx';
import { useCommentsContext } from './comments-context.ts';
import classes from './comments.module.css';

/** The opened replies of a top-level comment, oldest first, 20 per page (spec 9). */
export function CommentReplies({ parent, id }: { parent: Comment; id: string }) {
  const { state, actions } = useCommentsContext();
  const replies = repliesOf(state, parent.id);
  const { loadReplies } = actions;
  const notLoaded = replies.page === 0 && !replies.isLoading && replies.error === null;

  useEffect(() => {
    if (notLoaded) loadReplies(parent.id, 1);
  }, [notLoaded, loadReplies, parent.id]);

  return (
    <div id={id} className={classes.replies}>
      {replies.items.length > 0 && (
        <ol
          className={classes.list}
          aria-label={`Replies to ${parent.deleted ? 'a deleted comment' : parent.username}`}
        >
          {replies.items.map((reply) => (
            <CommentItem key={reply.id} comment={reply} />
          ))}
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
          <Button variant="subtle" size="compact-xs" onClick={() => loadReplies(parent.id, replies.page + 1)}>
            Try again
          </Button>
        </Group>
      )}
      {!replies.isLoading && !replies.error && replies.page > 0 && replies.page < replies.pages && (
        <Button variant="subtle" size="compact-xs" onClick={() => loadReplies(parent.id, replies.page + 1)}>
          Load More Replies
        </Button>
      )}
    </div>
  );
}
