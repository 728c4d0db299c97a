// "Delete for me" on a message: after asking, the message leaves the reader's
// conversation (and their other tabs); the other side keeps it.
import { toast } from 'react-toastify';
import { useConfirm } from '@/components/confirm-dialog.tsx';
import type { Message } from '@/features/messages/api/conversations.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { useHideMessage } from '@/features/messages/api/safety.ts';
import { threadMessages } from '@/features/messages/messages.messages.ts';

export function useDeleteForMe(conversationId: string, otherName: string) {
  const t = useT(threadMessages);
  const hide = useHideMessage(conversationId);
  const { confirm, dialog } = useConfirm();
  const ask = async (message: Message) => {
    const sure = await confirm({
      title: t('deleteTitle'),
      prompt: t('deletePrompt', { name: otherName }),
      confirmLabel: t('deleteForMe'),
      cancelLabel: t('keepIt'),
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
