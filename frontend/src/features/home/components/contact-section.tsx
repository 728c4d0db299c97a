import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from '@/components/icons.tsx';
import { SUPPORT_EMAIL, SUPPORT_PHONE, SUPPORT_PHONE_LINK } from '@/components/brand.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { homeMessages } from './home.messages.ts';

// Labels and the texts that read differently in Bangla are the catalog's; the phone and
// e-mail are the same in both languages.
const CONTACTS = [
  { Icon: MapPinIcon, label: 'visitUs', text: 'address' },
  { Icon: PhoneIcon, label: 'callUs', value: SUPPORT_PHONE, href: SUPPORT_PHONE_LINK },
  { Icon: MailIcon, label: 'email', value: SUPPORT_EMAIL, href: `mailto:${SUPPORT_EMAIL}` },
  { Icon: ClockIcon, label: 'open', text: 'hours' },
] as const;

/** Static contact details. */
export function ContactSection() {
  const t = useT(homeMessages);
  return (
    <section
      aria-labelledby="contact-heading"
      className="on-dark flex h-full flex-col rounded-2xl bg-brand-900 p-6 text-white sm:p-8"
    >
      <h2 id="contact-heading" className="text-2xl font-bold">
        {t('contactTitle')}
      </h2>
      <p className="mt-1 text-brand-100">{t('contactIntro')}</p>
      <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {CONTACTS.map((contact) => {
          const { Icon, label } = contact;
          const value = 'text' in contact ? t(contact.text) : contact.value;
          const href = 'href' in contact ? contact.href : undefined;
          return (
            <li key={label} className="flex gap-4">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-white/10">
                <Icon className="size-5 text-amber-300" />
              </span>
              <span>
                <span className="block text-sm text-brand-200">{t(label)}</span>
                {href ? (
                  <a href={href} className="font-semibold hover:underline">
                    {value}
                  </a>
                ) : (
                  <span className="font-semibold">{value}</span>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
