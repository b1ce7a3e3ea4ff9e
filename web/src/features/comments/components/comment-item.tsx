import { lazy, Suspense, useRef, useState, type ReactNode, type Ref } from 'react';
import { ActionIcon, Anchor, Avatar, Button, Group, Text } from '@mantine/core';
import {
  IconChevronDown,
  IconChevronUp,
  IconCornerDownRight,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Comment } from '#domain/comments';
import { HiddenByModeratorsBadge } from '../../../components/moderation-badges.tsx';
import { DialogLoading } from '../../../components/dialog-loading.tsx';
import { LOGIN_MESSAGES, LOGIN_TITLES } from '../../../lib/auth/messages.ts';
import { useRequireLogin } from '../../../lib/auth/use-require-login.ts';
import { faceplateUrl } from '../../../lib/faceplate.ts';
import { timeAgo } from '../../../lib/relative-time.ts';
import { useOpenedOnce } from '../../../lib/use-opened-once.ts';
import {
  COMMENT_TEXTS,
  canChangeComment,
  canReplyToComment,
  canVoteOnComment,
  repliesToggleText,
} from '../model/comment-rules.ts';
import { readRepliesOpen, writeRepliesOpen } from '../model/replies-visibility.ts';
import { CommentForm } from './comment-form.tsx';
import { CommentReplies } from './comment-replies.tsx';
import { CommentVotes } from './comment-votes.tsx';
import { useCommentsContext } from './comments-context.ts';
import classes from './comments.module.css';
import { pages } from '#domain/pages';
import { currentLanguage, t } from '../../../lib/i18n.ts';

// The question's modal loads at its first opening.
const DeleteCommentDialog = lazy(() =>
  import('./delete-comment-dialog.tsx').then((m) => ({ default: m.DeleteCommentDialog })),
);

type Box = 'none' | 'reply' | 'edit';

/** One comment or reply (product §2): author, text, 'x ago', edited marker, votes and its controls. */
export function CommentItem({ comment }: { comment: Comment }) {
  const { actions, currentUserId, moderator, compact, report } = useCommentsContext();
  const requireReplyLogin = useRequireLogin(LOGIN_TITLES.reply, LOGIN_MESSAGES.action);
  const [box, setBox] = useState<Box>('none');
  const replyButton = useRef<HTMLButtonElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const deleteWanted = useOpenedOnce(confirmingDelete);
  const [repliesOpen, setRepliesOpen] = useState(() => readRepliesOpen(comment.id));
  const isTopLevel = comment.parent_id === null;
  // The reader's own, or anyone's for a moderator: edit and delete show.
  const mine = canChangeComment(comment, currentUserId, moderator);
  const own = currentUserId !== null && comment.user_id === currentUserId;
  const created = new Date(comment.created_at);
  const repliesId = `comment-${comment.id}-replies`;
  const showReplies = isTopLevel && comment.reply_count > 0 && repliesOpen;

  /** Closes the reply or edit box and gives focus back to the button that opened it. */
  const closeBox = () => {
    (box === 'edit' ? editButton : replyButton).current?.focus();
    setBox('none');
  };

  const setOpen = (open: boolean) => {
    setRepliesOpen(open);
    writeRepliesOpen(comment.id, open);
  };

  const reply = async (content: string) => {
    const saved = await actions.addReply(comment, content);
    if (saved) {
      closeBox();
      setOpen(true); // product §2: after a successful reply the replies open
    }
    return saved;
  };

  const edit = async (content: string) => {
    const saved = await actions.editComment(comment, content);
    if (saved) closeBox();
    return saved;
  };

  const remove = async () => {
    setDeleting(true);
    const done = await actions.deleteComment(comment);
    setDeleting(false);
    if (done) setConfirmingDelete(false);
  };

  return (
    <li className={classes.item} data-comment-id={comment.id}>
      <article
        className={classes.comment}
        data-compact={compact || undefined}
        aria-label={
          comment.deleted ? t('Deleted comment') : t('Comment by {name}', { name: comment.username })
        }
      >
        {!compact && (
          <Avatar
            src={comment.deleted ? null : faceplateUrl(comment.username)}
            alt=""
            size={isTopLevel ? 32 : 26}
            radius="xl"
            className={classes.avatar}
          />
        )}
        <div className={classes.body}>
          {comment.deleted ? (
            <Text size="sm" c="dimmed" fs="italic">
              {t(COMMENT_TEXTS.deleted)}
            </Text>
          ) : (
            <>
              <Group gap={6} wrap="wrap" className={classes.meta}>
                <Anchor
                  component={Link}
                  to={pages.user.href({ handle: comment.username })}
                  size="sm"
                  fw={600}
                >
                  {comment.username}
                </Anchor>
                <Text component="span" size="xs" c="dimmed">
                  <time dateTime={comment.created_at} title={created.toLocaleString(currentLanguage())}>
                    {timeAgo(created)}
                  </time>
                </Text>
                <HiddenByModeratorsBadge hidden={comment.hidden} />
                {comment.edited && (
                  <Text component="span" size="xs" c="dimmed" fs="italic">
                    {t('(edited)')}
                  </Text>
                )}
              </Group>
              {box === 'edit' ? (
                <CommentForm
                  label={t('Edit comment')}
                  submitLabel={t('Save')}
                  initialValue={comment.content}
                  onSubmit={edit}
                  onCancel={closeBox}
                  autoFocus
                  requireChange
                />
              ) : (
                <Text size="sm" className={classes.content}>
                  {comment.content}
                </Text>
              )}
            </>
          )}

          <Group gap={compact ? 2 : 4} wrap="wrap" className={classes.actions}>
            {canVoteOnComment(comment) && <CommentVotes comment={comment} />}
            {canReplyToComment(comment) && (
              <CommentAction
                ref={replyButton}
                label={t('Reply')}
                icon={<IconCornerDownRight size={14} aria-hidden />}
                compact={compact}
                expanded={box === 'reply'}
                onClick={() => requireReplyLogin(() => setBox(box === 'reply' ? 'none' : 'reply'))}
              />
            )}
            {mine && (
              <CommentAction
                ref={editButton}
                label={t('Edit')}
                icon={<IconPencil size={14} aria-hidden />}
                compact={compact}
                expanded={box === 'edit'}
                onClick={() => setBox(box === 'edit' ? 'none' : 'edit')}
              />
            )}
            {mine && (
              <CommentAction
                label={t('Delete')}
                icon={<IconTrash size={14} aria-hidden />}
                compact={compact}
                onClick={() => setConfirmingDelete(true)}
              />
            )}
            {!own && !comment.deleted && report?.(comment)}
            {isTopLevel && comment.reply_count > 0 && (
              <Button
                variant="subtle"
                size="compact-xs"
                aria-expanded={showReplies}
                aria-controls={showReplies ? repliesId : undefined}
                leftSection={
                  showReplies ? (
                    <IconChevronUp size={14} aria-hidden />
                  ) : (
                    <IconChevronDown size={14} aria-hidden />
                  )
                }
                onClick={() => setOpen(!repliesOpen)}
              >
                {repliesToggleText(showReplies, comment.reply_count)}
              </Button>
            )}
          </Group>

          {box === 'reply' && (
            <div className={classes.replyBox}>
              <CommentForm
                label={t('Reply to {name}', { name: comment.username })}
                placeholder={t('Write a reply...')}
                submitLabel={t('Reply')}
                onSubmit={reply}
                onCancel={closeBox}
                requireLogin={requireReplyLogin}
                autoFocus
              />
            </div>
          )}
        </div>
      </article>

      {showReplies && (
        <div className={classes.thread} data-compact={compact || undefined}>
          <CommentReplies
            parent={comment}
            id={repliesId}
            renderReply={(reply) => <CommentItem key={reply.id} comment={reply} />}
          />
        </div>
      )}

      {deleteWanted && (
        <Suspense fallback={<DialogLoading />}>
          <DeleteCommentDialog
            opened={confirmingDelete}
            deleting={deleting}
            onDelete={() => void remove()}
            onCancel={() => setConfirmingDelete(false)}
          />
        </Suspense>
      )}
    </li>
  );
}

interface CommentActionProps {
  label: string;
  icon: ReactNode;
  /** Product §9: icon-only below 768 px; the label stays the accessible name. */
  compact: boolean;
  onClick: () => void;
  /** For buttons that open a box. */
  expanded?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

function CommentAction({ label, icon, compact, onClick, expanded, ref }: CommentActionProps) {
  return compact ? (
    <ActionIcon
      ref={ref}
      variant="subtle"
      color="gray"
      size="sm"
      aria-label={label}
      aria-expanded={expanded}
      onClick={onClick}
    >
      {icon}
    </ActionIcon>
  ) : (
    <Button
      ref={ref}
      variant="subtle"
      color="gray"
      size="compact-xs"
      leftSection={icon}
      aria-expanded={expanded}
      onClick={onClick}
    >
      {label}
    </Button>
  );
}
