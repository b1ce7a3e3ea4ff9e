import type { Comment } from '#domain/comments';
import type { User } from '#domain/users';
import { ReportButton } from '../../features/reports/components/report-button.tsx';
import { t } from '../../lib/i18n.ts';

/** The 'Report' action of a comment (on buildings and images): the report dialog about it. */
export const reportComment = (comment: Comment) => (
  <ReportButton
    targetType="comment"
    targetId={comment.id}
    label={t('Report comment by {name}', { name: comment.username })}
    size="sm"
  />
);

/** The 'Report' action of a user page: the report dialog about the user. */
export const reportUser = (user: User) => (
  <ReportButton targetType="user" targetId={user.id} label={t('Report {name}', { name: user.handle })} />
);
