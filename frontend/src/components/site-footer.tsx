import { Link } from 'react-router';
import { MailIcon, MapPinIcon, MotorcycleIcon, PhoneIcon } from './icons.tsx';
import { SocialLinks } from './social-links.tsx';

const COMPANY_LINKS = ['About BikeHaat', 'Careers', 'Press kit', 'Terms of use', 'Privacy policy'];
const HELP_LINKS = ['How buying works', 'Selling tips', 'Safe meet-ups', 'Help centre'];

/** Placeholder company links, social icons and a contact block. */
export function SiteFooter() {
  return (
    <footer className="mt-16 bg-stone-900 text-stone-300">
      <div className="page-container grid grid-cols-2 gap-x-6 gap-y-10 py-12 lg:grid-cols-4">
        <div className="col-span-2 lg:col-span-1">
          <Link to="/" className="inline-flex items-center gap-2 text-xl font-bold text-white">
            <span className="flex size-9 items-center justify-center rounded-full bg-brand-600">
              <MotorcycleIcon className="size-5 text-white" />
            </span>
            BikeHaat
          </Link>
          <p className="mt-3 max-w-xs text-sm leading-relaxed">
            The trusted marketplace for used motorcycles in Bangladesh. Verified sellers,
            live availability and secure card payments.
          </p>
          <div className="mt-5">
            <SocialLinks tone="dark" />
          </div>
        </div>

        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className="text-sm font-semibold tracking-wide text-white uppercase">
            Company
          </h2>
          <ul className="mt-4 space-y-2 text-sm">
            {COMPANY_LINKS.map((label) => (
              <li key={label}>
                {/* Placeholder pages: the links are there, their pages are not yet. */}
                <a href="#" className="hover:text-white hover:underline">
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-labelledby="footer-help">
          <h2 id="footer-help" className="text-sm font-semibold tracking-wide text-white uppercase">
            Buyers &amp; sellers
          </h2>
          <ul className="mt-4 space-y-2 text-sm">
            {HELP_LINKS.map((label) => (
              <li key={label}>
                <a href="#" className="hover:text-white hover:underline">
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <address className="col-span-2 text-sm not-italic lg:col-span-1">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Contact</h2>
          <ul className="mt-4 space-y-3">
            <li className="flex gap-3">
              <MapPinIcon className="mt-0.5 size-5 shrink-0 text-brand-500" />
              House 12, Road 5, Dhanmondi, Dhaka 1205, Bangladesh
            </li>
            <li className="flex gap-3">
              <PhoneIcon className="mt-0.5 size-5 shrink-0 text-brand-500" />
              <a href="tel:+8801700000000" className="hover:text-white">
                +880 1700-000000
              </a>
            </li>
            <li className="flex gap-3">
              <MailIcon className="mt-0.5 size-5 shrink-0 text-brand-500" />
              <a href="mailto:support@bikehaat.com.bd" className="hover:text-white">
                support@bikehaat.com.bd
              </a>
            </li>
          </ul>
        </address>
      </div>
      <div className="border-t border-white/10">
        <p className="page-container py-5 text-center text-xs text-stone-400">
          © {new Date().getFullYear()} BikeHaat. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
