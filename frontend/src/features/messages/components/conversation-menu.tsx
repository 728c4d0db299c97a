// The conversation's menu in its header: "Block Rahim" (after asking) or "Unblock Rahim",
// and "Report conversation". Blocking stops both sides writing to each other, in every
// conversation between them, until the one who blocked unblocks.
import { useState } from 'react';
import { toast } from 'react-toastify';
import { useConfirm } from '@/components/confirm-dialog.tsx';
import type { Blocked } from '@/lib/live/safety-events.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { useBlocking } from '@/features/messages/api/safety.ts';
import { threadMessages } from '@/features/messages/messages.messages.ts';
import { MenuButton, type MenuItem } from './menu-button.tsx';
import { ReportDialog } from './report-dialog.tsx';

/** The menu's button: the same in both languages. */
const MORE = '⋯';

export function ConversationMenu({
  conversationId,
  otherId,
  otherName,
  blocked,
}: {
  conversationId: string;
  /** The other side's user id; none once their account is gone. */
  otherId: string | null | undefined;
  otherName: string;
  blocked: Blocked;
}) {
  const t = useT(threadMessages);
  const blocking = useBlocking();
  const { confirm, dialog } = useConfirm();
  const [reporting, setReporting] = useState(false);

  const block = async (userId: string) => {
    const sure = await confirm({
      title: t('blockTitle', { name: otherName }),
      prompt: t('blockPrompt', { name: otherName }),
      confirmLabel: t('block'),
      cancelLabel: t('cancel'),
      tone: 'danger',
    });
    if (!sure) return;
    try {
      await blocking.mutateAsync({ userId, block: true });
      toast.success(t('youBlocked', { name: otherName }));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  const unblock = async (userId: string) => {
    try {
      await blocking.mutateAsync({ userId, block: false });
      toast.success(t('youUnblocked', { name: otherName }));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  const items: MenuItem[] = [];
  if (otherId && blocked === 'byMe') items.push({ label: t('unblockName', { name: otherName }), onSelect: () => void unblock(otherId) });
  else if (otherId) items.push({ label: t('blockName', { name: otherName }), onSelect: () => void block(otherId) });
  items.push({
    label: t('reportConversation'),
    onSelect: () => {
      setReporting(true);
    },
  });

  return (
    <>
      <MenuButton
        label={t('conversationOptions')}
        items={items}
        buttonClassName="grid size-11 place-items-center rounded-full text-xl leading-none text-stone-600 hover:bg-stone-100 aria-expanded:bg-stone-100"
      >
        <span aria-hidden="true">{MORE}</span>
      </MenuButton>
      {dialog}
      {reporting && (
        <ReportDialog
          conversationId={conversationId}
          otherName={otherName}
          onClose={() => {
            setReporting(false);
          }}
        />
      )}
    </>
  );
}
