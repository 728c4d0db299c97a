// The order of the server's record ids, which are counters sent as decimal strings.

/** Whether record id `a` comes after `b` ("0" is before any). */
export function isAfter(a: string, b: string): boolean {
  return a.length !== b.length ? a.length > b.length : a > b;
}
