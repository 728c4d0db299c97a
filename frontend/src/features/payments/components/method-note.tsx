// The server's extra line beside a way of paying, when it gives one (bKash's daily top-up
// limit, say).
export function MethodNote({ note }: { note: string | null | undefined }) {
  if (!note) return null;
  return <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">{note}</p>;
}
