import { createContext, useContext, type ReactNode } from 'react';
import type { Comment } from '#domain/comments';
import type { CommentsListActions, CommentsTarget } from '../hooks/use-comments-list.ts';

export interface CommentsContextValue {
  /** Whose comments of what: replies read their own cached pages with it. */
  target: CommentsTarget;
  actions: CommentsListActions;
  currentUserId: number | null;
  /** A moderator or admin reads: edit and delete show on everyone's comments. */
  moderator: boolean;
  /** Product §9: the compact layout below 768 px. */
  compact: boolean;
  /** The 'Report' action shown on comments that are not the reader's own. */
  report?: (comment: Comment) => ReactNode;
}

export const CommentsContext = createContext<CommentsContextValue | null>(null);

export function useCommentsContext(): CommentsContextValue {
  const value = useContext(CommentsContext);
  if (!value) throw new Error('Comment components need a <CommentsSection> above them');
  return value;
}
