// The count of unread messages, on an inbox row, the dashboard's Messages link and a
// seller's bike's Messages.
/** How many messages wait to be read, as a small round badge. */
export function UnreadBadge({ count }: { count: number }) {
  return (
    <span className="inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs leading-5 font-bold text-white">
      {count > 99 ? '99+' : count}
    </span>
  );
}
