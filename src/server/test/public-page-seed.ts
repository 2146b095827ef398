// A pro whose public page (decision 0045) has something on every part: a company, published reviews, an approved
// license and a portfolio photo, written straight in the database (as the factories do). The server-rendering
// tests, `npm run lighthouse` and `npm run bench` share it.
import sharp from 'sharp';
import { portfolioPhotos, providerCredentials, reviews } from '#server/db/schema/index';
import type { Db } from '#server/db/client';
import { makeCustomer, makeEstimate, makeJob, makeProvider, type TestUser } from './factories.ts';

const DAY_MS = 86_400_000;

export interface SeededPro {
  pro: TestUser;
  customer: TestUser;
  /** The page's current address. */
  path: string;
  /** The license's last valid day (YYYY-MM-DD). */
  expiresOn: string;
}

export const SEEDED_REVIEW_TEXTS = [
  'Careful work, on time and tidy at the end. The cabinets look new and the hinges finally close quietly.',
  'Clear quote, no surprises on the final bill, and answers to every message the same day. </script><b>',
];

/**
 * `reviews`: how many published customer reviews (5 stars, then 4, alternating the texts above); `licenseDays`:
 * the license's validity from `now`; `photo`: a portfolio photo too; `listed`: false hides it from search engines.
 */
export async function seedProPage(
  db: Db,
  opts: { now?: Date; reviews?: number; licenseDays?: number; photo?: boolean; listed?: boolean } = {},
): Promise<SeededPro> {
  const now = opts.now ?? new Date();
  const pro = await makeProvider(db, {
    now,
    plan: 'deluxe',
    firstName: 'Dana',
    lastName: 'Kowalski',
    companyName: 'Dana Builds & Sons',
    description: 'Kitchens, baths and the small repairs in between, for twenty years around Tampa.',
    city: 'Tampa',
    state: 'FL',
    listed: opts.listed ?? true,
  });
  const customer = await makeCustomer(db);
  for (let i = 0; i < (opts.reviews ?? 2); i++) {
    const estimate = await makeEstimate(db, customer, { status: 'posted' });
    const job = await makeJob(db, estimate, pro.id, { status: 'completed' });
    const rating = 5 - (i % 2);
    await db.insert(reviews).values({
      jobId: job.id,
      authorId: customer.id,
      subjectId: pro.id,
      authorSide: 'customer',
      rating,
      subRatings: { quality: rating, communication: rating, punctuality: 5, value: rating },
      text: SEEDED_REVIEW_TEXTS[i % 2]!,
      publishedAt: new Date(now.getTime() - (i + 1) * 60_000),
      moderation: 'visible',
    });
  }
  const expiresOn = new Date(now.getTime() + (opts.licenseDays ?? 300) * DAY_MS).toISOString().slice(0, 10);
  await db.insert(providerCredentials).values({
    providerId: pro.id,
    kind: 'license',
    status: 'approved',
    state: 'FL',
    number: 'CGC1234567',
    trade: 'General contractor',
    expiresOn,
    documentType: 'application/pdf',
    documentBytes: 10,
    reviewedAt: now,
  });
  if (opts.photo) {
    const data = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: 180, g: 140, b: 100 } },
    })
      .jpeg({ quality: 70 })
      .toBuffer();
    await db.insert(portfolioPhotos).values({
      providerId: pro.id,
      position: 0,
      caption: 'Refaced kitchen cabinets, oak with brass pulls',
      contentType: 'image/jpeg',
      width: 800,
      height: 600,
      byteSize: data.length,
      data,
    });
  }
  return { pro, customer, path: `/pros/${pro.id}-dana-builds-sons`, expiresOn };
}
