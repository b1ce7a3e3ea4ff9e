import { createContext, useContext } from 'react';
import type { CommentsListActions } from '../hooks/use-comments-list.ts';
import type { CommentsListState } from '../model/comments-list.ts';

export interface CommentsContextValue {
  state: CommentsListState;
  actions: CommentsListActions;
  currentUserId: number | null;
  /** Spec 9: the compact layout below 768 px. */
  compact: boolean;
}

export const CommentsContext = createContext<CommentsContextValue | null>(null);

export function useCommentsContext(): CommentsContextValue {
  const value = useContext(CommentsContext);
  if (!value) throw new Error('Comment components need a <CommentsSection> above them');
  return value;
}
