import { memo, useCallback, useDeferredValue, useId, useMemo, useState, type ReactNode } from 'react';
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { SegmentedRadios } from '../../../components/segmented-radios.tsx';
import { useMediaQuery } from '@mantine/hooks';
import { COMMENT_SORTS, type Comment, type CommentTargetType } from '#domain/comments';
import type { CommentsListState } from '../model/comments-list.ts';
import { isModerator } from '#domain/roles';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { LOGIN_MESSAGES, LOGIN_TITLES } from '../../../lib/auth/messages.ts';
import { useRequireLogin } from '../../../lib/auth/use-require-login.ts';
import { useCommentsList, type CommentsListActions } from '../hooks/use-comments-list.ts';
import {
  COMMENT_LAYOUT_BREAKPOINT_PX,
  COMMENT_SORT_LABELS,
  COMMENT_TEXTS,
  commentsErrorText,
} from '../model/comment-rules.ts';
import { CommentForm } from './comment-form.tsx';
import { CommentItem } from './comment-item.tsx';
import { CommentsContext, type CommentsContextValue } from './comments-context.ts';
import classes from './comments.module.css';
import { t } from '../../../lib/i18n.ts';

export interface CommentsSectionProps {
  targetType: CommentTargetType;
  targetId: number;
  /** The heading level of 'Comments' in its page; default 3. */
  headingOrder?: 2 | 3 | 4;
  /** The 'Report' action of someone else's comment (composed in web/src/app: reports are their own feature). */
  report?: (comment: Comment) => ReactNode;
}

/**
 * Comments on a building or image (product §2): sort, new comment, the list with 'Load More',
 * replies, votes, and the owner's edit and delete. Starts over for another target or user,
 * since each comment carries the reader's own vote.
 */
export function CommentsSection(props: CommentsSectionProps) {
  const auth = useAuth();
  // The session check's answer and the comments' are shown a render later, in a transition
  // (useDeferredValue): React Query's updates render at once and in one task
  // (useSyncExternalStore), and the section below the building is not what the visitor waits
  // for; a transition is rendered in slices, with input answered between them.
  const isChecking = useDeferredValue(auth.isChecking);
  const userId = useDeferredValue(auth.user?.id ?? null);
  const moderator = useDeferredValue(isModerator(auth.user));
  if (isChecking) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm">{t('Loading...')}</Text>
      </Group>
    );
  }
  return (
    <CommentsList
      key={`${props.targetType}:${props.targetId}:${userId}`}
      {...props}
      userId={userId}
      moderator={moderator}
    />
  );
}

function CommentsList({
  targetType,
  targetId,
  headingOrder = 3,
  report,
  userId,
  moderator,
}: CommentsSectionProps & { userId: number | null; moderator: boolean }) {
  const target = useMemo(() => ({ viewerId: userId, targetType, targetId }), [userId, targetType, targetId]);
  const { state: currentState, actions } = useCommentsList(target);
  const state = useDeferredValue(currentState);
  const wide = useMediaQuery(`(min-width: ${COMMENT_LAYOUT_BREAKPOINT_PX}px)`, undefined, {
    getInitialValueInEffect: false,
  });
  const compact = wide !== true;
  const requireLogin = useRequireLogin(LOGIN_TITLES.comment, LOGIN_MESSAGES.action);
  const [addError, setAddError] = useState<string | null>(null);
  const headingId = useId();
  const context = useMemo<CommentsContextValue>(
    () => ({ target, actions, currentUserId: userId, moderator, compact, report }),
    [target, actions, userId, moderator, compact, report],
  );

  const add = useCallback(
    async (content: string) => {
      const saved = await actions.addComment(content);
      setAddError(saved ? null : COMMENT_TEXTS.addFailed);
      return saved;
    },
    [actions],
  );

  return (
    <CommentsContext.Provider value={context}>
      <CommentsBody
        state={state}
        actions={actions}
        headingId={headingId}
        headingOrder={headingOrder}
        compact={compact}
        add={add}
        addError={addError}
        requireLogin={requireLogin}
      />
    </CommentsContext.Provider>
  );
}

interface CommentsBodyProps {
  state: CommentsListState;
  actions: CommentsListActions;
  headingId: string;
  headingOrder: 2 | 3 | 4;
  compact: boolean;
  add: (content: string) => Promise<boolean>;
  addError: string | null;
  requireLogin: (action: () => void) => void;
}

/** The section itself: skips the render an answer starts until its deferred state follows. */
const CommentsBody = memo(function CommentsBody({
  state,
  actions,
  headingId,
  headingOrder,
  compact,
  add,
  addError,
  requireLogin,
}: CommentsBodyProps) {
  const showLoadMore = state.hasMore && !state.isLoading && (state.totalPages > 0 || state.error !== null);

  return (
    <section aria-labelledby={headingId} className={classes.section} data-compact={compact || undefined}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={headingOrder} size="h4" id={headingId}>
            {t('Comments')}
          </Title>
          <SegmentedRadios
            label={t('Sort comments')}
            value={state.currentSort}
            onChange={(value) => actions.changeSort(value)}
            data={COMMENT_SORTS.map((sort) => ({ value: sort, label: t(COMMENT_SORT_LABELS[sort]) }))}
          />
        </Group>

        <CommentForm
          label={t('Add a comment')}
          placeholder={t('Add a comment...')}
          submitLabel={t('Comment')}
          onSubmit={add}
          requireLogin={requireLogin}
          error={addError && t(addError)}
          resetOnSuccess
        />

        {state.entities.length > 0 && (
          <ol className={classes.list} aria-label={t('Comments')}>
            {state.entities.map((comment) => (
              <CommentItem key={comment.id} comment={comment} />
            ))}
          </ol>
        )}

        {state.error && (
          <Text role="alert" c="red" size="sm">
            {commentsErrorText(state.error)}
          </Text>
        )}
        {state.isLoading && (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm">{t('Loading...')}</Text>
          </Group>
        )}
        {!state.isLoading && !state.error && state.entities.length === 0 && state.totalPages === 0 && (
          <Text size="sm" c="dimmed">
            {t('No comments yet.')}
          </Text>
        )}
        {showLoadMore && (
          <Button variant="light" size="xs" onClick={actions.loadMore} className={classes.loadMore}>
            {t(COMMENT_TEXTS.loadMore)}
          </Button>
        )}
      </Stack>
    </section>
  );
});
