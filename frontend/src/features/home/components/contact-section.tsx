import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from '@/components/icons.tsx';
import { SocialLinks } from '@/components/social-links.tsx';

const CONTACTS = [
  { Icon: MapPinIcon, label: 'Visit us', value: 'House 12, Road 5, Dhanmondi, Dhaka 1205' },
  { Icon: PhoneIcon, label: 'Call us', value: '+880 1700-000000', href: 'tel:+8801700000000' },
  { Icon: MailIcon, label: 'Email', value: 'support@bikehaat.com.bd', href: 'mailto:support@bikehaat.com.bd' },
  { Icon: ClockIcon, label: 'Open', value: 'Saturday – Thursday, 10am – 8pm' },
];

/** Static contact details and social links. */
export function ContactSection() {
  return (
    <section
      aria-labelledby="contact-heading"
      className="flex h-full flex-col rounded-2xl bg-brand-900 p-6 text-white sm:p-8"
    >
      <h2 id="contact-heading" className="text-2xl font-bold">
        Contact us
      </h2>
      <p className="mt-1 text-brand-100">Questions about a bike or a booking? We are here to help.</p>
      <ul className="mt-6 space-y-5">
        {CONTACTS.map(({ Icon, label, value, href }) => (
          <li key={label} className="flex gap-4">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-white/10">
              <Icon className="size-5 text-amber-300" />
            </span>
            <span>
              <span className="block text-sm text-brand-200">{label}</span>
              {href ? (
                <a href={href} className="font-semibold hover:underline">
                  {value}
                </a>
              ) : (
                <span className="font-semibold">{value}</span>
              )}
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-auto pt-8">
        <SocialLinks tone="dark" />
      </div>
    </section>
  );
}
