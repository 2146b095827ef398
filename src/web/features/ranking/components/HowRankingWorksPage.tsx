// /how-ranking-works (decision 0044): the published ranking formula in plain words, a worked example computed by
// the code that ranks (so the page cannot drift from it), what counts, what a plan's featured listing does and does
// not change, and how reviews work.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import {
  PRICE_ACCURACY_TOLERANCE,
  RANKING_PRIOR_STARS,
  RANKING_PRIOR_WEIGHT,
  rankingScore,
  type RatingDistribution,
} from '#domain/reputation';
import { REVIEW_WINDOW_DAYS, RESPONSE_EDIT_HOURS, reviewReasonWords } from '#domain/reviews';
import { paths } from '#web/lib/paths.ts';

const linkClass =
  'font-medium text-blue-800 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-blue-300';

const prior = RANKING_PRIOR_STARS.toFixed(1);
const weight = RANKING_PRIOR_WEIGHT;
const tolerance = `${Math.round(PRICE_ACCURACY_TOLERANCE * 100)} %`;

/** The worked example: three pros, their ratings, and the score the ranking code gives each. */
const examples: { name: string; ratings: string; d: RatingDistribution }[] = [
  { name: 'Pro A', ratings: 'no reviews yet', d: [0, 0, 0, 0, 0] },
  { name: 'Pro B', ratings: 'two reviews, both 5 stars', d: [0, 0, 0, 0, 2] },
  { name: 'Pro C', ratings: 'twenty reviews: sixteen of 5 stars and four of 4 stars', d: [0, 0, 0, 4, 16] },
];
const count = (d: RatingDistribution) => d.reduce((a, b) => a + b, 0);
const sum = (d: RatingDistribution) => d.reduce((a, n, i) => a + n * (i + 1), 0);
const score = (d: RatingDistribution) => rankingScore(d).toFixed(2);

const sections: { id: string; title: string; body: ReactNode }[] = [
  {
    id: 'who-reviews',
    title: 'Who can write a review',
    body: (
      <>
        <p>
          Only a job hired and completed on HomeFix can be reviewed, and only by its two parties: the customer
          reviews the pro, and the pro reviews the customer. Each may write one review, within{' '}
          {REVIEW_WINDOW_DAYS} days of the job's completion. No one who never hired a pro can review them.
        </p>
        <p>
          A review has an overall rating from 1 to 5 stars, a few sub-ratings (of a pro: quality,
          communication, punctuality and value; of a customer: clarity, responsiveness and fairness) and a few
          words about the job.
        </p>
      </>
    ),
  },
  {
    id: 'blind',
    title: 'Blind until both have written',
    body: (
      <>
        <p>
          Neither party can read the other's review before writing their own. Both reviews are published at
          the same moment: as soon as the second one is written, or when the {REVIEW_WINDOW_DAYS} days are
          over. So no one can answer a bad review with a bad review. Until then the author may edit their
          review; after that it cannot be changed.
        </p>
        <p>
          The reviewed party may answer a published review once, publicly, and edit that answer for{' '}
          {RESPONSE_EDIT_HOURS} hours.
        </p>
      </>
    ),
  },
  {
    id: 'price-facts',
    title: 'The price facts beside every review',
    body: (
      <>
        <p>
          Every published review shows what the job was estimated at, the price both agreed and the final
          total with approved change orders: "Finished at the agreed price", or "12 % above the agreed price,
          with 2 approved change orders".
        </p>
        <p>
          A pro's price accuracy is the share of their completed jobs whose final total stayed within{' '}
          {tolerance} of the agreed price.
        </p>
      </>
    ),
  },
  {
    id: 'formula',
    title: 'The ranking formula',
    body: (
      <>
        <p>Pros are ranked by a score, computed the same way for everyone:</p>
        <p className="rounded-md bg-slate-100 p-4 text-center font-mono text-base text-slate-900 dark:bg-slate-800 dark:text-slate-100">
          score = ({prior} × {weight} + the sum of the ratings) ÷ ({weight} + the number of ratings)
        </p>
        <p>
          In words: every pro starts as if they already had {weight} reviews of {prior} stars. Each real
          review moves the score towards the pro's own average, and the more reviews they have, the closer the
          score gets to it. A single 5-star review does not put a newcomer above a long record of good work,
          and a new pro with no reviews is neither buried nor lifted: they start at {prior}.
        </p>
        <p>
          Pros with the same score are ordered by who has more reviews. Nothing else enters the score: no
          plan, no payment, no advertising.
        </p>
      </>
    ),
  },
  {
    id: 'example',
    title: 'A worked example',
    body: (
      <>
        <div className="overflow-x-auto">
          <table className="w-full min-w-[20rem] border-collapse text-left text-sm">
            <caption className="sr-only">Three pros, their ratings and their scores</caption>
            <thead>
              <tr className="border-b border-slate-300 dark:border-slate-700">
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Pro
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Ratings
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Calculation
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Score
                </th>
              </tr>
            </thead>
            <tbody>
              {examples.map((e) => (
                <tr key={e.name} className="border-b border-slate-200 align-top dark:border-slate-800">
                  <th scope="row" className="py-2 pr-3 font-medium">
                    {e.name}
                  </th>
                  <td className="py-2 pr-3">{e.ratings}</td>
                  <td className="py-2 pr-3 font-mono">
                    ({prior} × {weight} + {sum(e.d)}) ÷ ({weight} + {count(e.d)})
                  </td>
                  <td className="py-2 font-semibold">{score(e.d)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          Pro C ranks first ({score(examples[2]!.d)}), then Pro B ({score(examples[1]!.d)}), then Pro A (
          {score(examples[0]!.d)}): two perfect reviews count for less than twenty very good ones.
        </p>
      </>
    ),
  },
  {
    id: 'what-counts',
    title: 'What counts',
    body: (
      <ul>
        <li>Published reviews only: a review still waiting for the other party's does not count yet.</li>
        <li>
          A review whose text a moderator hid (for example because {reviewReasonWords.personal_data}) still
          counts: its rating stays in the score, only the text is replaced.
        </li>
        <li>
          A review found fake or written with a conflict of interest is removed, and no longer counts at all.
        </li>
      </ul>
    ),
  },
  {
    id: 'featured',
    title: 'What a featured listing does, and what it does not',
    body: (
      <>
        <p>
          Some plans include a featured listing: the bids of pros on those plans are shown in a first group,
          above the others. Within each group, bids are ordered by the score above.
        </p>
        <p>A featured listing never:</p>
        <ul>
          <li>changes a pro's score or rating;</li>
          <li>changes, hides or removes a review;</li>
          <li>changes the order of reviews, or a pro's place within their group.</li>
        </ul>
        <p>
          No one can pay to hide a review, and no one can delete or hide a review about themselves. Anyone
          signed in may report a review; a moderator decides, and each decision is recorded.
        </p>
      </>
    ),
  },
];

export function HowRankingWorksPage() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <Link href={paths.home} className={linkClass}>
        ← Home
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
        How reviews and ranking work
      </h1>
      <p className="mt-4 leading-relaxed text-slate-800 dark:text-slate-200">
        Reviews on HomeFix come only from finished jobs, are published blind, and show what was estimated,
        agreed and paid. Pros are ranked by a published formula, not by payment. This page states exactly how.
      </p>
      <nav
        aria-label="Contents"
        className="mt-8 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
      >
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-700 dark:text-slate-300">
          Contents
        </h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className={linkClass}>
                {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((s) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="mt-10 scroll-mt-24">
          <h2 id={`${s.id}-title`} className="text-xl font-semibold text-slate-900 dark:text-white">
            {s.title}
          </h2>
          <div className="mt-3 space-y-3 leading-relaxed text-slate-800 dark:text-slate-200 [&_li]:ml-5 [&_ul]:list-disc [&_ul]:space-y-1">
            {s.body}
          </div>
        </section>
      ))}
      <p className="mt-12 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <Link href={paths.home} className={linkClass}>
          Back to the home page
        </Link>
        <Link href={paths.termsOfService} className={linkClass}>
          Terms of Service
        </Link>
      </p>
    </article>
  );
}
