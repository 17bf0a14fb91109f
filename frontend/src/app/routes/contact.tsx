import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { PageHero } from '@/components/layout/page-hero';
import { site } from '@/config/site';
import { ContactForm } from '@/features/contact/components/contact-form';
import { pageTitles, useDocumentTitle } from '@/lib/use-document-title';

export default function ContactRoute() {
  useDocumentTitle(pageTitles.of('/contact'));
  return (
    <>
      <PageHero eyebrow="We'd Love to Hear from You" title="Contact Us">
        Questions about a treatment, a stay or a gift? Write to us and we will answer within a day.
      </PageHero>
      <div className="mx-auto grid max-w-7xl gap-12 px-5 py-16 sm:px-8 lg:grid-cols-[1fr_1.6fr] lg:gap-16 lg:py-24">
        <aside aria-labelledby="visit-heading" className="space-y-8">
          <div>
            <p className="eyebrow">Visit</p>
            <h2 id="visit-heading" className="mt-3 font-display text-4xl text-ivory">
              Find the retreat
            </h2>
            <span className="gold-rule mt-5 bg-gold" />
          </div>
          <ul className="space-y-6">
            <li className="flex gap-4">
              <MapPin aria-hidden className="mt-1 size-5 shrink-0 text-gold" strokeWidth={1.5} />
              <div>
                <p className="text-xs uppercase tracking-luxe text-muted">Address</p>
                <address className="mt-1 not-italic text-ivory">
                  {site.address.street}
                  <br />
                  {site.address.locality}
                </address>
              </div>
            </li>
            <li className="flex gap-4">
              <Phone aria-hidden className="mt-1 size-5 shrink-0 text-gold" strokeWidth={1.5} />
              <div>
                <p className="text-xs uppercase tracking-luxe text-muted">Phone</p>
                <a href={site.phoneHref} className="mt-1 block text-ivory hover:text-gold-light">
                  {site.phone}
                </a>
              </div>
            </li>
            <li className="flex gap-4">
              <Mail aria-hidden className="mt-1 size-5 shrink-0 text-gold" strokeWidth={1.5} />
              <div>
                <p className="text-xs uppercase tracking-luxe text-muted">Email</p>
                <a href={`mailto:${site.email}`} className="mt-1 block break-all text-ivory hover:text-gold-light">
                  {site.email}
                </a>
              </div>
            </li>
            <li className="flex gap-4">
              <Clock aria-hidden className="mt-1 size-5 shrink-0 text-gold" strokeWidth={1.5} />
              <div>
                <p className="text-xs uppercase tracking-luxe text-muted">Hours</p>
                <dl className="mt-1 text-ivory">
                  {site.hours.map((h) => (
                    <div key={h.days} className="flex gap-3">
                      <dt className="w-20 text-sand">{h.days}</dt>
                      <dd>{h.time}</dd>
                    </div>
                  ))}
                </dl>
              </div>
            </li>
          </ul>
          <div className="border-t border-line pt-8">
            <p className="text-xs uppercase tracking-luxe text-muted">Follow Us</p>
            <ul className="mt-3 flex flex-wrap gap-3">
              {site.social.map((s) => (
                <li key={s.name}>
                  <a
                    href={s.href}
                    className="inline-flex h-10 items-center border border-line px-4 text-sm text-sand transition-colors hover:border-gold/60 hover:text-gold-light"
                  >
                    {s.name}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </aside>
        <section aria-labelledby="message-heading" className="border border-line bg-surface p-6 sm:p-10">
          <h2 id="message-heading" className="font-display text-4xl text-ivory">
            Send us a message
          </h2>
          <p className="mt-3 text-sand">We read every note personally.</p>
          <div className="mt-8">
            <ContactForm />
          </div>
        </section>
      </div>
    </>
  );
}
