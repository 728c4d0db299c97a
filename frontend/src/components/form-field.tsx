import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

export const inputLook =
  'mt-1.5 block w-full rounded-lg border bg-white px-3.5 py-2.5 text-stone-900 placeholder:text-stone-400 focus:ring-2 focus:outline-none aria-[invalid=true]:border-red-500 aria-[invalid=true]:focus:ring-red-500/30 border-stone-300 focus:border-brand-600 focus:ring-brand-600/30 aria-readonly:bg-stone-100 aria-readonly:text-stone-600 disabled:bg-stone-100 disabled:text-stone-600';

/**
 * A labelled field with room for its validation message. The input itself is the
 * child so react-hook-form's `register` stays visible at the call site; a
 * [`FieldInput`] with the same `id` wires itself to the message.
 */
export function FormField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      {children}
      {error && (
        <p id={errorId(id)} role="alert" className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

export function errorId(id: string): string {
  return `${id}-error`;
}

/** An input tied to its field's validation message: marked invalid and described by it. */
export function FieldInput({
  id,
  error,
  className,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { id: string; error?: string | undefined; ref?: Ref<HTMLInputElement> }) {
  return (
    <input
      id={id}
      aria-invalid={error ? true : undefined}
      aria-describedby={errorId(id)}
      className={className ? `${inputLook} ${className}` : inputLook}
      {...props}
    />
  );
}
