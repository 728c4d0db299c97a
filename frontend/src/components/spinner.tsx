/** The loading spinner: a green dashed circle. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-label={label}
      className="size-12 animate-spin rounded-full border-4 border-dashed border-brand-600 motion-reduce:animate-[spin_4s_linear_infinite]"
    />
  );
}

/** The spinner centred in the space a page would take. */
export function PageSpinner({ label = 'Loading page' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner label={label} />
    </div>
  );
}
