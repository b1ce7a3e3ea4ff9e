import type { ReactNode } from 'react';
import { Button, Group, Loader, Text } from '@mantine/core';
import type { Comment } from '#domain/comments';
import { useCommentReplies } from '../hooks/use-comments-list.ts';
import { useCommentsContext } from './comments-context.ts';
import classes from './comments.module.css';
import { t } from '../../../lib/i18n.ts';

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
          aria-label={
            parent.deleted
              ? t('Replies to a deleted comment')
              : t('Replies to {name}', { name: parent.username })
          }
        >
          {replies.items.map(renderReply)}
        </ol>
      )}
      {replies.isLoading && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{t('Loading...')}</Text>
        </Group>
      )}
      {replies.error && (
        <Group gap="xs">
          <Text role="alert" c="red" size="sm">
            {t(replies.error)}
          </Text>
          <Button variant="subtle" size="compact-xs" onClick={loadMore}>
            {t('Try again')}
          </Button>
        </Group>
      )}
      {!replies.isLoading && !replies.error && replies.page > 0 && replies.page < replies.pages && (
        <Button variant="subtle" size="compact-xs" onClick={loadMore}>
          {t('Load More Replies')}
        </Button>
      )}
    </div>
  );
}
