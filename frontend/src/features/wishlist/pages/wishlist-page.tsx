/** A placeholder showing only the word Wishlist. */
export function WishlistPage() {
  return (
    <section className="rounded-xl bg-white p-6 shadow-sm">
      <h2 className="text-2xl font-bold text-stone-900">Wishlist</h2>
    </section>
  );
}
