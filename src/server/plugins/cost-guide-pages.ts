// The heads of the server-rendered city cost guides (decision 0047): title, description and JSON-LD of the index,
// of a guide and of the pricing accuracy page, from the API's own answers; and when such a page lapses by itself.
// JSON-LD: a guide is a schema.org WebPage (what the page is: a priced guide, reviewed on a date, `lastReviewed`)
// whose mainEntity is the Service of its typical job in its place, offered at the four grades: an AggregateOffer
// (lowPrice Economy, highPrice Premium) of one Offer per grade, each with a PriceSpecification of its total and its
// estimate range. Not a Product (nothing is sold by us), not an Article (no author or date of writing to state);
// the breadcrumb ties it to the index. The index is a CollectionPage, the accuracy page a WebPage.
import { formatWholeCents } from '#domain/money';
import type { CostGuide, CostGuideIndex, PricingAccuracy } from '#domain/schemas/cost-guide.schema';
import { summary, type PageHead } from './page-head.ts';

/** What every cost guide page is kept under (a hire drops them all: its category's figures move). */
export const COST_GUIDE_SUBJECT = 'costGuides';

/** Dollars as JSON-LD states a price: a number with at most two decimals. */
const dollars = (cents: number) => Math.round(cents) / 100;

/** A head whose JSON-LD is a schema.org page of `type` on the HomeFix site, with what `more` adds to it. */
function pageHead(
  appUrl: string,
  path: string,
  type: 'WebPage' | 'CollectionPage',
  title: string,
  description: string,
  more: Record<string, unknown> = {},
): PageHead {
  const url = `${appUrl}${path}`;
  return {
    title,
    description,
    url,
    noindex: false,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': type,
      name: title,
      url,
      description,
      ...more,
      isPartOf: { '@type': 'WebSite', name: 'HomeFix', url: `${appUrl}/` },
    },
  };
}

/** "Kitchen Remodel cost in Jacksonville, FL" (the page's h1 too). */
export const guideTitle = (g: Pick<CostGuide, 'typicalJob' | 'place'>) =>
  `${g.typicalJob.taskName} cost in ${g.place.location}`;

export function guideHead(g: CostGuide, appUrl: string): PageHead {
  const title = guideTitle(g);
  const standard = g.grades.find((x) => x.grade === 'Standard') ?? g.grades[0];
  const low = g.grades[0];
  const high = g.grades[g.grades.length - 1];
  const description = summary(
    [
      standard
        ? `${g.typicalJob.taskName} in ${g.place.location}: about ${formatWholeCents(standard.totalCents)} at Standard grade`
        : `${g.typicalJob.taskName} in ${g.place.location}`,
      low && high
        ? `, ${formatWholeCents(low.totalCents)} to ${formatWholeCents(high.totalCents)} from ${low.grade} to ${high.grade}.`
        : '.',
      ' Every line with its arithmetic and price source, and the local factor.',
    ].join(''),
  );
  return pageHead(appUrl, g.path, 'WebPage', title, description, {
    lastReviewed: g.pricesReviewedOn,
    breadcrumb: {
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Cost guides', item: `${appUrl}/cost-guides` },
        { '@type': 'ListItem', position: 2, name: title, item: `${appUrl}${g.path}` },
      ],
    },
    mainEntity: {
      '@type': 'Service',
      name: g.typicalJob.taskName,
      serviceType: g.category.label,
      description: g.typicalJob.description,
      areaServed: {
        '@type': g.localFactor.kind === 'metro' ? 'City' : 'AdministrativeArea',
        name: g.place.location,
      },
      offers: {
        '@type': 'AggregateOffer',
        priceCurrency: 'USD',
        ...(low && high ? { lowPrice: dollars(low.totalCents), highPrice: dollars(high.totalCents) } : {}),
        offerCount: g.grades.length,
        offers: g.grades.map((grade) => ({
          '@type': 'Offer',
          name: `${grade.grade} grade`,
          price: dollars(grade.totalCents),
          priceCurrency: 'USD',
          priceSpecification: {
            '@type': 'PriceSpecification',
            price: dollars(grade.totalCents),
            minPrice: dollars(grade.minCents),
            maxPrice: dollars(grade.maxCents),
            priceCurrency: 'USD',
          },
        })),
      },
    },
  });
}

export function indexHead(index: CostGuideIndex, appUrl: string): PageHead {
  const places = index.states.reduce((n, s) => n + s.places.length, 0);
  return pageHead(
    appUrl,
    '/cost-guides',
    'CollectionPage',
    'What home repairs cost where you live',
    summary(
      `Cost guides for ${index.categories.map((c) => c.label.toLowerCase()).join(', ')} jobs in ${places} places, priced line by line by the same calculation as our estimates, and checked against the prices agreed.`,
    ),
  );
}

export function accuracyHead(data: PricingAccuracy, appUrl: string): PageHead {
  return pageHead(
    appUrl,
    '/pricing-accuracy',
    'WebPage',
    'How close our prices came',
    summary(
      `Our estimates against the prices customers and pros agreed on the jobs hired in the last ${data.windowDays} days, for every kind of job, and how it is computed.`,
    ),
    { dateModified: data.computedAt },
  );
}
