import { ChevronLeftIcon, ChevronRightIcon, QuoteIcon, StarIcon } from '@/components/icons.tsx';

const TESTIMONIALS = [
  {
    name: 'Tanvir Ahmed',
    place: 'Mirpur, Dhaka',
    initials: 'TA',
    quote:
      'Found a 2021 Yamaha FZS in great condition within a week. The seller was verified and the meet-up in Mirpur was smooth.',
  },
  {
    name: 'Nusrat Jahan',
    place: 'Agrabad, Chattogram',
    initials: 'NJ',
    quote:
      'I sold my scooter in two days. Buyers could see it was still available in real time, so nobody wasted a trip.',
  },
  {
    name: 'Rakibul Hasan',
    place: 'Zindabazar, Sylhet',
    initials: 'RH',
    quote:
      'Paying by card felt much safer than carrying cash. Clear photos, honest descriptions and a fair price.',
  },
];

/** Static client testimonials; previous/next do nothing yet. */
export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-heading" className="page-container py-12">
      <div className="mb-6 flex items-end justify-between gap-4">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Testimonials</p>
          <h2 id="testimonials-heading" className="text-2xl font-bold text-stone-900 sm:text-3xl">
            What our clients say
          </h2>
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            aria-label="Previous testimonial"
            className="flex size-10 items-center justify-center rounded-full border border-stone-300 bg-white text-stone-700 hover:bg-stone-100"
          >
            <ChevronLeftIcon className="size-5" />
          </button>
          <button
            type="button"
            aria-label="Next testimonial"
            className="flex size-10 items-center justify-center rounded-full bg-brand-700 text-white hover:bg-brand-800"
          >
            <ChevronRightIcon className="size-5" />
          </button>
        </div>
      </div>
      <ul className="grid gap-5 md:grid-cols-3">
        {TESTIMONIALS.map((entry) => (
          <li key={entry.name}>
            <figure className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
              <QuoteIcon className="size-8 text-brand-200" />
              <blockquote className="mt-3 flex-1 leading-relaxed text-stone-700">{entry.quote}</blockquote>
              <figcaption className="mt-5 flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-11 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800"
                >
                  {entry.initials}
                </span>
                <span>
                  <span className="block font-semibold text-stone-900">{entry.name}</span>
                  <span className="block text-sm text-stone-500">{entry.place}</span>
                </span>
                <span className="ml-auto flex text-amber-400" role="img" aria-label="5 out of 5 stars">
                  {[1, 2, 3, 4, 5].map((n) => (
                    <StarIcon key={n} className="size-4" />
                  ))}
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
