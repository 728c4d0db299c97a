import { useT } from '@/lib/i18n/language-context.ts';
import { FacebookIcon, InstagramIcon, XLogoIcon, YoutubeIcon } from './icons.tsx';
import { sharedMessages } from './shared.messages.ts';

const SOCIAL = [
  { name: 'Facebook', href: 'https://www.facebook.com/', Icon: FacebookIcon },
  { name: 'Instagram', href: 'https://www.instagram.com/', Icon: InstagramIcon },
  { name: 'YouTube', href: 'https://www.youtube.com/', Icon: YoutubeIcon },
  { name: 'X (Twitter)', href: 'https://x.com/', Icon: XLogoIcon },
] as const;

/** BikeHaat's social pages (static). */
export function SocialLinks({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const t = useT(sharedMessages);
  const look =
    tone === 'dark'
      ? 'bg-white/10 text-white hover:bg-white/20'
      : 'bg-brand-50 text-brand-800 hover:bg-brand-100';
  return (
    <ul className="flex gap-3" aria-label={t('onSocialMedia')}>
      {SOCIAL.map(({ name, href, Icon }) => (
        <li key={name}>
          <a
            href={href}
            target="_blank"
            rel="noreferrer noopener"
            aria-label={t('onSocial', { name })}
            className={`flex size-10 items-center justify-center rounded-full transition-colors ${look}`}
          >
            <Icon className="size-5" />
          </a>
        </li>
      ))}
    </ul>
  );
}
