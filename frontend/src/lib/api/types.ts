/*
 * Entity types, derived from the generated `paths` by operation (not by the
 * server's schema names), so a rename on the Rust side changes nothing here.
 * Nothing in this file describes a shape by hand.
 */
import type { paths } from './schema';

type Json<R> = R extends { content: { 'application/json': infer T } } ? T : never;
type Ok<Op> = Op extends { responses: infer Rs } ? { [K in keyof Rs]: K extends 200 | 201 ? Json<Rs[K]> : never }[keyof Rs] : never;
type Body<Op> = Op extends { requestBody?: infer B } ? Json<NonNullable<B>> : never;

export type ResponseOf<P extends keyof paths, M extends keyof paths[P]> = Ok<paths[P][M]>;
export type RequestBodyOf<P extends keyof paths, M extends keyof paths[P]> = Body<paths[P][M]>;

export type Service = ResponseOf<'/api/services', 'get'>[number];
export type Product = ResponseOf<'/api/products', 'get'>[number];
export type ProductMedia = ResponseOf<'/api/products/{id}/media', 'get'>[number];
export type BlogPost = ResponseOf<'/api/blog-posts', 'get'>[number];
export type AvailabilityAnswer = ResponseOf<'/api/check-availability', 'get'>;
export type Recommendation = ResponseOf<'/api/quiz/recommendation', 'post'>;
export type Order = ResponseOf<'/api/orders', 'post'>;
export type OpenTime = ResponseOf<'/api/open-times', 'get'>[number];
export type RatingSummary = ResponseOf<'/api/ratings', 'get'>[number];
export type QuotedRating = RatingSummary['quoted'][number];
export type VisitRating = ResponseOf<'/api/visit-ratings', 'get'>;
export type WaitlistJoined = ResponseOf<'/api/waitlist', 'post'>;
export type WaitlistWish = WaitlistJoined['wishes'][number];
export type WaitlistOffer = ResponseOf<'/api/waitlist/offer', 'get'>;
export type PrivacyRequestConfirmed = ResponseOf<'/api/privacy/requests/confirm', 'post'>;

export type NewBooking = RequestBodyOf<'/api/bookings', 'post'>;
export type NewContactMessage = RequestBodyOf<'/api/contact-messages', 'post'>;
export type NewOrder = RequestBodyOf<'/api/orders', 'post'>;
export type QuizAnswers = RequestBodyOf<'/api/quiz/recommendation', 'post'>;
export type NewSubscription = RequestBodyOf<'/api/newsletter-subscriptions', 'post'>;
export type VisitRatingInput = RequestBodyOf<'/api/visit-ratings', 'put'>;
export type NewWaitlistEntry = RequestBodyOf<'/api/waitlist', 'post'>;
export type PrivacyRequestInput = RequestBodyOf<'/api/privacy/requests', 'post'>;
/** What a guest may ask about her data: a copy, or its erasure. */
export type PrivacyKind = PrivacyRequestInput['kind'];

/** The booking keys and time slots as the API spells them. */
export type ServiceKey = NonNullable<NewBooking['service']>;
export type TimeSlotValue = NonNullable<NewBooking['time']>;
