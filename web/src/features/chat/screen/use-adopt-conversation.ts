import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';

/**
 * The first `created` of a new conversation names it: the address becomes /c/{id} without a
 * reload, so a reload or a second tab finds the conversation, still
 * streaming. `onAdopt` tells the route it is the same screen, not another conversation.
 */
export function useAdoptConversation(
  isNew: boolean,
  createdId: string | null | undefined,
  onAdopt: (id: string) => void,
): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!isNew || !createdId) return;
    onAdopt(createdId);
    void navigate(paths.chat.conversation.getHref(createdId), { replace: true });
  }, [isNew, createdId, onAdopt, navigate]);
}
