// Reasons one taps instead of typing (a buyer or seller at the meet-up, an admin settling
// a deal): each fills the reason in.
export function ReasonChips({ reasons, onPick }: { reasons: readonly string[]; onPick: (reason: string) => void }) {
  return (
    <fieldset className="mb-3">
      <legend className="text-sm font-medium text-stone-800">Quick reasons</legend>
      <div className="mt-1.5 flex flex-wrap gap-2">
        {reasons.map((reason) => (
          <button
            key={reason}
            type="button"
            onClick={() => {
              onPick(reason);
            }}
            className="rounded-full border border-stone-300 bg-white px-3 py-1.5 text-left text-sm font-medium text-stone-800 hover:bg-stone-100"
          >
            {reason}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
