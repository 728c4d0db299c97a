// Sets the marketplace up over HTTP, as another person would through their own page,
// so a journey only drives the browser through the part it is about.
import { readMailLink, readSmsCode } from './mail.ts';

export const PASSWORD = 'Dhaka@2026';

export interface Person {
  email: string;
  name: string;
  token: string;
  id: string;
}

let phones = 0;
/** A mobile number no other seller of this run has (`01710…`, counting up). */
function nextPhone(): string {
  phones += 1;
  return `0171${String(phones).padStart(7, '0')}`;
}

export class Api {
  /** `dataDir` is the server's, where it writes the mails it sends. */
  constructor(
    readonly base: string,
    readonly dataDir?: string,
  ) {}

  async call<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(`${this.base}/api${path}`, {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${String(response.status)}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /**
   * Built-in sign-up and the token exchange (docs/identity.md, 'Two steps to sign in'),
   * then the link mailed to the address opened, as most people do: booking, listing,
   * messaging and offering wait for it (docs/trust.md). `confirmed: false` leaves it unopened.
   */
  async signUp(
    email: string,
    name: string,
    role: 'buyer' | 'seller',
    { confirmed = true }: { confirmed?: boolean } = {},
  ): Promise<Person> {
    const person = await this.signUpUnconfirmed(email, name, role);
    if (confirmed) await this.proveEmail(email);
    if (confirmed && role === 'seller') await this.confirmPhone(person);
    return person;
  }

  /**
   * Confirms a mobile number of `person`'s own with the code from the SMS (listing needs
   * it, docs/trust.md): `phone` when given, else a number of this run's own. The number.
   */
  async confirmPhone(person: Person, phone = nextPhone()): Promise<string> {
    if (!this.dataDir) throw new Error('confirming a phone needs the server data dir');
    const sent = await this.call<{ phone: string }>('POST', '/phone', person.token, { phone });
    const code = await readSmsCode(this.dataDir, sent.phone);
    await this.call('POST', '/phone/confirm', person.token, { code });
    return sent.phone;
  }

  private async signUpUnconfirmed(email: string, name: string, role: 'buyer' | 'seller'): Promise<Person> {
    const { idToken } = await this.call<{ idToken: string }>('POST', '/auth/signup', null, {
      email,
      password: PASSWORD,
    });
    const session = await this.call<{ token: string; user: { _id: string } }>('PUT', `/users/${email}`, idToken, {
      name,
      email,
      image: '/uploads/demo-category-0.svg',
      role,
    });
    return { email, name, token: session.token, id: session.user._id };
  }

  /** Sets the language `person`'s pages, mails and notifications are in. */
  async language(person: Person, language: 'en' | 'bn'): Promise<void> {
    await this.call('PUT', '/users/me/language', person.token, { language });
  }

  /** Opens the verification link mailed to `email`, proving the address. */
  async proveEmail(email: string): Promise<void> {
    if (!this.dataDir) throw new Error('proving an address needs the server data dir');
    const link = new URL(await readMailLink(this.dataDir, email, 'verify-email'));
    await this.call('POST', '/auth/verify-email', null, { token: link.searchParams.get('token'), password: PASSWORD });
  }

  /** The admin `ADMIN_EMAILS` names: signed up, and made admin by proving the address. */
  async signUpAdmin(email: string, name: string): Promise<Person> {
    return this.signUp(email, name, 'buyer');
  }

  async category(admin: Person, name: string): Promise<string> {
    const answer = await this.call<{ insertedId: string }>('POST', `/categories/${admin.email}`, admin.token, {
      categoryName: name,
      categoryImage: '/uploads/demo-category-1.svg',
    });
    return answer.insertedId;
  }

  /** Lists a bike; `more` adds or overrides fields (`productImages`, `brand`, `engineCc`, …). */
  async listing(
    seller: Person,
    categoryId: string,
    productName: string,
    resalePrice = 1450,
    more: Record<string, unknown> = {},
  ): Promise<string> {
    const answer = await this.call<{ insertedId: string }>('PUT', '/products', seller.token, {
      categoryId,
      productName,
      productImage: '/uploads/demo-bike-0.svg',
      resalePrice,
      originalPrice: resalePrice * 2,
      purchaseYear: '2021',
      yearsOfUse: 3,
      condition: 'Good',
      location: 'Mirpur 10, Dhaka',
      color: 'Red',
      sellerPhone: '01711-234567',
      description: 'Serviced every 3,000 km; papers up to date.',
      ...more,
    });
    return answer.insertedId;
  }

  async advertise(seller: Person, listingId: string): Promise<string> {
    const answer = await this.call<{ insertedId: string }>('POST', '/advertise', seller.token, {
      advertiseId: listingId,
    });
    return answer.insertedId;
  }

  async book(buyer: Person, listingId: string): Promise<string> {
    const answer = await this.call<{ insertedId: string }>('POST', '/orders', buyer.token, {
      bookingId: listingId,
      buyerPhone: '+880 1711-000000',
      meetingLocation: 'Banani 11, Dhaka',
    });
    return answer.insertedId;
  }

  /** A buyer's bookings, newest first, as their My Orders page reads them. */
  async bookingsOf(buyer: Person): Promise<{ _id: string; bookingId: string }[]> {
    return this.call('GET', `/orders/${encodeURIComponent(buyer.email)}`, buyer.token);
  }

  /** Intent, card confirmation with 4242…, payment record for `booking` (its `_id`): what the payment page does. */
  async pay(buyer: Person, booking: string): Promise<void> {
    const { clientSecret } = await this.call<{ clientSecret: string }>('POST', '/create-payment-intent', buyer.token, {
      _id: booking,
    });
    const confirmed = await this.call<{ paymentIntent: { id: string } }>('POST', '/test-mode/confirm-card', null, {
      clientSecret,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
      billing: { name: buyer.name, email: buyer.email },
    });
    await this.call('POST', '/payments', buyer.token, {
      price: 1,
      transactionId: confirmed.paymentIntent.id,
      email: buyer.email,
      bookingId: null,
      ordersId: booking,
    });
  }

  /** Report to Admin; without a reason the server takes it as `other` (docs/trust.md). */
  async report(buyer: Person, listingId: string, why: { reason: string; note?: string } | null = null): Promise<void> {
    await this.call('PATCH', `/products/${listingId}`, buyer.token, { report: 'reported', ...why });
  }

  /** What a card's Add to Wishlist does. */
  async saveToWishlist(buyer: Person, listingId: string): Promise<void> {
    await this.call('POST', '/wishlist', buyer.token, { productId: listingId });
  }

  /**
   * Sends `seller`'s request to be verified with three photos (`photo`: PNG bytes, e.g.
   * the browser's `photo()`), as the Get verified page does; the request's id.
   */
  async askToBeVerified(seller: Person, photo: Buffer): Promise<string> {
    const names: string[] = [];
    for (let side = 0; side < 3; side += 1) {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'id.png');
      const response = await fetch(`${this.base}/api/verification-requests/photos`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${seller.token}` },
        body: form,
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`a photo of the ID answered ${String(response.status)}: ${text}`);
      names.push((JSON.parse(text) as { photo: string }).photo);
    }
    const [front, back, selfie] = names;
    const request = await this.call<{ _id: string }>('POST', '/verification-requests', seller.token, { front, back, selfie });
    return request._id;
  }
}
