import { Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { site } from '@/config/site';
import { BrandLogo } from './brand-mark';

const columns = [
  {
    title: 'Services',
    links: [
      { label: 'Massage Therapy', to: '/services' },
      { label: 'Rustic Spa Treatments', to: '/services' },
      { label: 'Tiny Home Retreat', to: '/services' },
      { label: 'Wellness Packages', to: '/services' },
    ],
  },
  {
    title: 'Products',
    links: [
      { label: 'Skincare', to: '/products' },
      { label: 'Candles', to: '/products' },
      { label: 'Herbal Teas', to: '/products' },
      { label: 'Gift Cards', to: '/gift-cards' },
      { label: 'Wellness Quiz', to: '/wellness-quiz' },
    ],
  },
  {
    title: 'Connect',
    links: [
      { label: 'Blog', to: '/blog' },
      { label: 'Contact', to: '/contact' },
    ],
  },
] as const;

export function Footer() {
  return (
    <footer className="relative border-t border-gold/20 bg-surface print:hidden">
      <div className="mx-auto grid max-w-7xl gap-12 px-5 py-16 sm:px-8 md:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1fr] lg:py-20">
        <div className="max-w-sm">
          <Link to="/" aria-label="Golden Pine Wellness Retreat — home" className="inline-block">
            <BrandLogo />
          </Link>
          <p className="mt-6 text-sand">
            A boutique mountain sanctuary among the pines of Idyllwild. Slow rituals, warm hands and quiet nights beneath the stars.
          </p>
          <ul className="mt-6 space-y-2 text-sm text-sand">
            <li className="flex items-center gap-3">
              <Phone aria-hidden className="size-4 text-gold" />
              <a href={site.phoneHref} className="hover:text-gold-light">
                {site.phone}
              </a>
            </li>
            <li className="flex items-center gap-3">
              <MapPin aria-hidden className="size-4 text-gold" />
              <span>{site.address.locality}</span>
            </li>
            <li className="flex items-center gap-3">
              <Mail aria-hidden className="size-4 text-gold" />
              <a href={`mailto:${site.email}`} className="hover:text-gold-light">
                {site.email}
              </a>
            </li>
          </ul>
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={`Footer ${column.title.toLowerCase()}`}>
            <h2 className="eyebrow font-sans">{column.title}</h2>
            <ul className="mt-5 space-y-3">
              {column.links.map((link) => (
                <li key={link.label}>
                  <Link to={link.to} className="text-sand transition-colors hover:text-gold-light">
                    {link.label}
                  </Link>
                </li>
              ))}
              {column.title === 'Connect'
                ? site.social.map((s) => (
                    <li key={s.name}>
                      <a href={s.href} className="text-sand transition-colors hover:text-gold-light">
                        {s.name}
                      </a>
                    </li>
                  ))
                : null}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-line/70">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-5 py-6 text-sm text-muted sm:px-8 md:flex-row md:items-center md:justify-between">
          <p>{site.copyright}</p>
          <ul className="flex gap-6">
            <li>
              <Link to="/privacy" className="hover:text-gold-light">
                Privacy Policy
              </Link>
            </li>
            <li>
              <a href="#terms" className="hover:text-gold-light">
                Terms of Service
              </a>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
