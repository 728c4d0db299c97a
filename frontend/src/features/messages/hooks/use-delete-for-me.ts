// "Delete for me" on a message: after asking, the message leaves the reader's
// conversation (and their other tabs); the other side keeps it.
import { toast } from 'react-toastify';
import { useConfirm } from '@/components/confirm-dialog.tsx';
import type { Message } from '@/features/messages/api/conversations.ts';
import { useHideMessage } from '@/features/messages/api/safety.ts';

export function useDeleteForMe(conversationId: string, otherName: string) {
  const hide = useHideMessage(conversationId);
  const { confirm, dialog } = useConfirm();
  const ask = async (message: Message) => {
    const sure = await confirm({
      title: 'Delete this message for you?',
      prompt: `It disappears from your conversation. ${otherName} still sees it.`,
      confirmLabel: 'Delete for me',
      cancelLabel: 'Keep it',
      tone: 'danger',
    });
    if (!sure) return;
    try {
      await hide.mutateAsync(message._id);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };
  return { ask, dialog };
}
