// The conversation's menu in its header: "Block Rahim" (after asking) or "Unblock Rahim",
// and "Report conversation". Blocking stops both sides writing to each other, in every
// conversation between them, until the one who blocked unblocks.
import { useState } from 'react';
import { toast } from 'react-toastify';
import { useConfirm } from '@/components/confirm-dialog.tsx';
import type { Blocked } from '@/lib/live/safety-events.ts';
import { useBlocking } from '@/features/messages/api/safety.ts';
import { MenuButton, type MenuItem } from './menu-button.tsx';
import { ReportDialog } from './report-dialog.tsx';

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
  const blocking = useBlocking();
  const { confirm, dialog } = useConfirm();
  const [reporting, setReporting] = useState(false);

  const block = async (userId: string) => {
    const sure = await confirm({
      title: `Block ${otherName}?`,
      prompt: `You and ${otherName} will not be able to write to each other until you unblock them.`,
      confirmLabel: 'Block',
      tone: 'danger',
    });
    if (!sure) return;
    try {
      await blocking.mutateAsync({ userId, block: true });
      toast.success(`You blocked ${otherName}`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  const unblock = async (userId: string) => {
    try {
      await blocking.mutateAsync({ userId, block: false });
      toast.success(`You unblocked ${otherName}`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  const items: MenuItem[] = [];
  if (otherId && blocked === 'byMe') items.push({ label: `Unblock ${otherName}`, onSelect: () => void unblock(otherId) });
  else if (otherId) items.push({ label: `Block ${otherName}`, onSelect: () => void block(otherId) });
  items.push({
    label: 'Report conversation',
    onSelect: () => {
      setReporting(true);
    },
  });

  return (
    <>
      <MenuButton
        label="Conversation options"
        items={items}
        buttonClassName="grid size-11 place-items-center rounded-full text-xl leading-none text-stone-600 hover:bg-stone-100 aria-expanded:bg-stone-100"
      >
        <span aria-hidden="true">⋯</span>
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
