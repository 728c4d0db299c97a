// Where things are on a page, for tests that care about placement: jsdom lays nothing
// out, so "beneath" is checked as document order.

/** Whether `elements` appear in the document in the order given. */
export function inDocumentOrder(...elements: Element[]): boolean {
  return elements.slice(1).every((element, index) => {
    const before = elements[index];
    return before !== undefined && (before.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
  });
}
