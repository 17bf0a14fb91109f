import { LockKeyhole } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatSlot } from '@/config/site';
import { useServiceNames } from '@/lib/api/catalogue/get-services';
import { formatCalendarDate, formatInstantDate, formatInstantDateTime } from '@/lib/dates';
import { displayMoney } from '@/lib/money';
import { starsLabel } from '@/lib/ratings';
import { wishWords } from '@/lib/waitlist/waitlist';
import { stateInfo as mailState, templateInfo } from '../../emails/email-labels';
import { giftCardState } from '../../gift-cards/gift-card-labels';
import { paymentState } from '../../orders/payment-labels';
import { entryStateInfo } from '../../waitlist/waitlist-words';
import { humanize } from '../../shared/humanize';
import { bookingStatuses, orderStatuses, type Tone } from '../../shared/statuses';
import type { GuestData } from '../../shared/types';
import { ToneBadge } from '../../shared/ui';

const statusTone = (list: ReadonlyArray<{ value: string; label: string; tone: Tone }>, value: string) =>
  list.find((status) => status.value === value) ?? { label: humanize(value), tone: 'stone' as Tone };

/** An intake answer in words: "Yes — the left shoulder", "Agreed", "—" when none was given. */
function answerWords(kind: string, answer: { value?: string; followUp?: string | null } | undefined): string {
  const value = answer?.value ?? '';
  if (value === '') return '—';
  const words = kind === 'consent' && value === 'agreed' ? 'Agreed' : kind === 'yes_no' ? humanize(value) : value;
  return answer?.followUp ? `${words} — ${answer.followUp}` : words;
}

/** A money amount worth a line: anything but zero. */
const nonZero = (value: string | null | undefined): value is string => Boolean(value) && Number(value) !== 0;

/** One kind of record: its heading with how many, then the records, or a word that there are none. */
function Group({
  id,
  title,
  count,
  note,
  children,
}: {
  id: string;
  title: string;
  count: number;
  /** A word about records not listed (held back). */
  note?: ReactNode;
  children: ReactNode;
}) {
  const listed = Array.isArray(children) ? children.length : count;
  return (
    <section aria-labelledby={id} data-testid={`guest-data-${id.replace(/^guest-data-/, '')}`}>
      <h4 id={id} className="flex items-baseline gap-3 font-display text-2xl text-ivory">
        {title} <span className="font-sans text-sm tabular-nums text-sand">{count}</span>
      </h4>
      {note}
      {count === 0 ? <p className="mt-3 text-sm text-muted">None.</p> : listed > 0 ? <ul className="mt-3 grid gap-3">{children}</ul> : null}
    </section>
  );
}

/** One record, as a small card. */
function Item({ title, badges, children }: { title: ReactNode; badges?: ReactNode; children?: ReactNode }) {
  return (
    <li className="border border-line/80 bg-ink/40 px-4 py-3.5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="font-medium text-ivory">{title}</p>
        {badges ? <div className="flex flex-wrap gap-2">{badges}</div> : null}
      </div>
      {children ? <div className="mt-1.5 space-y-1 text-sm text-sand">{children}</div> : null}
    </li>
  );
}

/** Everything held about one address, grouped as a person reads it. */
export function GuestDataView({ data }: { data: GuestData }) {
  const serviceName = useServiceNames();
  // Forms held back from a member who may not read intake answers (a server older than the field sends none).
  const withheld = data.intakeFormsWithheld ?? 0;
  return (
    <div className="grid gap-8 xl:grid-cols-2" data-testid="guest-data">
      <Group id="guest-data-bookings" title="Bookings" count={data.bookings.length}>
        {data.bookings.map((booking) => {
          const status = statusTone(bookingStatuses, booking.status);
          return (
            <Item
              key={booking.id}
              title={`${booking.serviceName} · ${formatCalendarDate(booking.date)}${
                booking.checkOut ? ` – ${formatCalendarDate(booking.checkOut)}` : ` at ${formatSlot(booking.time)}`
              }`}
              badges={<ToneBadge tone={status.tone}>{status.label}</ToneBadge>}
            >
              <p>
                {booking.firstName} {booking.lastName} · booked {formatInstantDate(booking.createdAt)}
              </p>
              {booking.depositAmount ? (
                <p>
                  Deposit {displayMoney(booking.depositAmount)}
                  {nonZero(booking.depositRefunded) ? `, ${displayMoney(booking.depositRefunded)} refunded` : ''}
                </p>
              ) : null}
              {nonZero(booking.discount) ? (
                <p>
                  Discount {displayMoney(booking.discount)}
                  {booking.promoCode ? ` (code ${booking.promoCode})` : ''}
                </p>
              ) : null}
              {nonZero(booking.giftCardAmount) ? <p>Paid by gift card {displayMoney(booking.giftCardAmount)}</p> : null}
              {booking.notes ? <p className="whitespace-pre-line text-ivory/90">“{booking.notes}”</p> : null}
            </Item>
          );
        })}
      </Group>

      <Group id="guest-data-orders" title="Orders" count={data.orders.length}>
        {data.orders.map((order) => {
          const status = statusTone(orderStatuses, order.status);
          return (
            <Item
              key={order.id}
              title={`Order ${order.reference} · ${displayMoney(order.total)}`}
              badges={
                <>
                  <ToneBadge tone={status.tone}>{status.label}</ToneBadge>
                  <ToneBadge tone={paymentState(order.paymentState).tone}>{paymentState(order.paymentState).label}</ToneBadge>
                </>
              }
            >
              <p>
                {order.firstName} {order.lastName} · placed {formatInstantDate(order.createdAt)}
              </p>
              <p>
                {order.address}, {order.city}, {order.state} {order.zip}
                {order.phone ? ` · ${order.phone}` : ''}
              </p>
              <p>{order.items.map((item) => `${item.quantity} × ${item.name} (${displayMoney(item.price)})`).join('; ')}</p>
              {nonZero(order.refunded) ? <p>Refunded {displayMoney(order.refunded)}</p> : null}
            </Item>
          );
        })}
      </Group>

      <Group id="guest-data-gift-cards" title="Gift cards" count={data.giftCards.length}>
        {data.giftCards.map((card) => (
          <Item
            key={card.id}
            title={`${card.role === 'bought' ? 'Bought' : 'Received'} · ${displayMoney(card.amount)}${card.lastFour ? ` · ends ${card.lastFour}` : ''}`}
            badges={<ToneBadge tone={giftCardState(card.state).tone}>{giftCardState(card.state).label}</ToneBadge>}
          >
            <p>
              From {card.fromName} to {card.recipientName} ({card.recipientEmail})
            </p>
            <p>
              Balance {displayMoney(card.balance)} · delivered {formatCalendarDate(card.deliverOn)}
            </p>
            {card.message ? <p className="whitespace-pre-line text-ivory/90">“{card.message}”</p> : null}
          </Item>
        ))}
      </Group>

      <Group
        id="guest-data-intake"
        title="Intake forms"
        count={data.intakeForms.length + withheld}
        note={
          withheld > 0 ? (
            <p className="mt-3 flex items-start gap-2 text-sm text-sand" data-testid="guest-data-intake-withheld">
              <LockKeyhole aria-hidden className="mt-0.5 size-4 shrink-0 text-gold" strokeWidth={1.5} />
              {withheld === 1 ? 'One signed form is' : `${withheld} signed forms are`} held back: only members an owner allowed to read
              intake answers (Team) see them. Her own copy and an erasure include them.
            </p>
          ) : null
        }
      >
        {data.intakeForms.map((answers, index) => (
          <Item
            key={index}
            title={`${answers.form.title} · signed ${formatInstantDateTime(answers.signedAt)}`}
            badges={
              <>
                {answers.needsReview ? <ToneBadge tone="yellow">Needs review</ToneBadge> : null}
                {answers.unchanged ? <ToneBadge tone="stone">As before</ToneBadge> : null}
              </>
            }
          >
            <dl className="grid gap-1">
              {answers.form.questions.map((question) => (
                <div key={question.id}>
                  <dt className="inline text-muted">{question.prompt} </dt>
                  <dd className="inline text-ivory/90">{answerWords(question.kind, answers.answers[question.id])}</dd>
                </div>
              ))}
            </dl>
            {answers.signature ? <p>Signed by {answers.signature}</p> : null}
          </Item>
        ))}
      </Group>

      <Group id="guest-data-messages" title="Messages and replies" count={data.messages.length}>
        {data.messages.map((message) => (
          <Item
            key={message.id}
            title={`${message.firstName} ${message.lastName} · ${formatInstantDateTime(message.createdAt)}`}
            badges={message.interest ? <ToneBadge tone="stone">{humanize(message.interest)}</ToneBadge> : null}
          >
            <p className="whitespace-pre-line text-ivory/90">{message.message}</p>
            {message.replies.map((reply, index) => (
              <div key={index} className="mt-2 border-l border-gold/50 pl-3">
                <p className="text-xs uppercase tracking-wide-2 text-gold">Our reply · {formatInstantDateTime(reply.createdAt)}</p>
                <p className="mt-1 whitespace-pre-line">{reply.body}</p>
              </div>
            ))}
          </Item>
        ))}
      </Group>

      <Group id="guest-data-ratings" title="Ratings" count={data.ratings.length}>
        {data.ratings.map((rating) => (
          <Item key={rating.id} title={`${serviceName(rating.service)} · ${starsLabel(rating.stars)}`}>
            <p>
              {rating.author} · visited {formatCalendarDate(rating.visitedOn)}
            </p>
            {rating.comment ? <p className="whitespace-pre-line text-ivory/90">“{rating.comment}”</p> : null}
            {rating.reply ? <p>Our reply: {rating.reply}</p> : null}
          </Item>
        ))}
      </Group>

      <Group id="guest-data-waitlist" title="Waitlist" count={data.waitlist.length}>
        {data.waitlist.map((entry) => (
          <Item
            key={entry.id}
            title={`${serviceName(entry.service)} · joined ${formatInstantDate(entry.createdAt)}`}
            badges={<ToneBadge tone={entryStateInfo(entry.state).tone}>{entryStateInfo(entry.state).label}</ToneBadge>}
          >
            {entry.wishes.map((wish, index) => (
              <p key={index}>{wishWords(wish, entry.service === 'accommodation')}</p>
            ))}
          </Item>
        ))}
      </Group>

      <Group id="guest-data-mail" title="Mail sent" count={data.mail.length}>
        {data.mail.map((mail) => (
          <Item
            key={mail.id}
            title={mail.subject}
            badges={<ToneBadge tone={mailState(mail.state).tone}>{mailState(mail.state).label}</ToneBadge>}
          >
            <p>
              {templateInfo(mail.template).label} · {formatInstantDateTime(mail.sentAt ?? mail.createdAt)}
            </p>
          </Item>
        ))}
      </Group>

      <section aria-labelledby="guest-data-newsletter" data-testid="guest-data-newsletter">
        <h4 id="guest-data-newsletter" className="font-display text-2xl text-ivory">
          Newsletter
        </h4>
        <p className="mt-3 text-sm text-sand">
          {data.newsletter ? `Signed up on ${formatInstantDate(data.newsletter.subscribedAt)}.` : 'Not signed up.'}
        </p>
      </section>

      <section aria-labelledby="guest-data-choices" data-testid="guest-data-choices">
        <h4 id="guest-data-choices" className="font-display text-2xl text-ivory">
          Her choices and requests
        </h4>
        <ul className="mt-3 grid gap-1.5 text-sm text-sand">
          <li>
            {data.followUpsStopped
              ? 'Asked for no more thank-you notes or invitations after a visit.'
              : 'Receives the notes after a visit.'}
          </li>
          {data.privacyRequests.map((request, index) => (
            <li key={index}>
              Asked for {request.kind === 'copy' ? 'a copy' : 'an erasure'} on {formatInstantDate(request.createdAt)}
              {request.confirmedAt ? '' : ' (never confirmed)'}
              {request.doneAt ? `, done ${formatInstantDate(request.doneAt)}` : ''}.
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
